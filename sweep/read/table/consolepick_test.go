package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Found by the series-hint test on batch cc's llama-bench-style log (after
// its one measurement): two console tables whose corner names rows and
// levels (ctx \ conc). --series picking one by its title refused for the
// curves it draws, then suggested the same title again; it now names each
// curve with the title, and that pick reads the curve.
func TestConsoleTitlePicksADrawnCurve(t *testing.T) {
	doc := "      Aggregate Throughput (tok/s)       \n" +
		"┏━━━━━━━━━━━━┳━━━━━┳━━━━━━┳━━━━━━┓\n┃ ctx \\ conc ┃   1 ┃    2 ┃    4 ┃\n┡━━━━━━━━━━━━╇━━━━━╇━━━━━━╇━━━━━━┩\n" +
		"│ 0          │ 8.9 │ 11.9 │ 15.9 │\n│ 16k        │ 8.8 │ 11.7 │ 15.1 │\n└────────────┴─────┴──────┴──────┘\n" +
		"  Per-Request Avg Throughput (tok/s)  \n" +
		"┏━━━━━━━━━━━━┳━━━━━┳━━━━━┳━━━━━┓\n┃ ctx \\ conc ┃   1 ┃   2 ┃   4 ┃\n┡━━━━━━━━━━━━╇━━━━━╇━━━━━╇━━━━━┩\n" +
		"│ 0          │ 8.9 │ 6.0 │ 4.0 │\n│ 16k        │ 8.8 │ 5.9 │ 3.8 │\n└────────────┴─────┴─────┴─────┘\n"
	_, err := Read("t.txt", []byte(doc), Aligned, Meta{Series: "Aggregate Throughput (tok/s)"})
	require.Error(t, err)
	require.Equal(t, []string{"Aggregate Throughput (tok/s) / 0", "Aggregate Throughput (tok/s) / 16k"}, CurveNames(err))
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{Series: "Aggregate Throughput (tok/s) / 16k"})
	require.NoError(t, err)
	require.Equal(t, []float64{8.8, 11.7, 15.1}, throughputs(s))

	g := grid{title: []string{"Aggregate Throughput (tok/s)"}}
	title, curve, ok := consolePick(g, "Aggregate Throughput (tok/s) / 16k")
	require.True(t, ok)
	require.Equal(t, "Aggregate Throughput (tok/s)", title)
	require.Equal(t, "16k", curve)
	_, _, ok = consolePick(g, "Per-Request / 0")
	require.False(t, ok)
	title, curve, ok = consolePick(grid{title: []string{"GPU / tok/s"}}, "GPU / tok/s / 16k")
	require.True(t, ok, "a title holding the separator is tried whole first")
	require.Equal(t, "GPU / tok/s", title)
	require.Equal(t, "16k", curve)
}
