package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a bare "per-GPU" column that is the throughput ÷ 4 on every
// row is the throughput per GPU, not a level per GPU.
func TestPerGPUShareOfThroughputIsNoLoad(t *testing.T) {
	md := "| max-concurrency | Output tok/s | per-GPU |\n|---|---|---|\n" +
		"| 4 | 19,765 | 4,940 |\n| 16 | 36,988 | 9,247 |\n| 64 | 60,785 | 15,196 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 64.0, s.Points[2].Concurrency)
	require.Equal(t, 60785.0, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"per-GPU" is "Output tok/s" ÷ 4 on every row`)
}

func TestWholeMultiple(t *testing.T) {
	g := grid{rows: [][]string{{"100", "25"}, {"200", "50.3"}, {"400", "100"}, {"", "7"}}}
	cols := []column{{}, {}}
	require.Equal(t, 4, wholeMultiple(g, cols, 0, 1, withinShare), "50.3 is a share rounded within 1%")
	require.Equal(t, 0, wholeMultiple(g, cols, 0, 1, withinDigits), "200 is not 4 × 50.3 to the last digit")
	g.rows[1][1] = "50"
	require.Equal(t, 4, wholeMultiple(g, cols, 0, 1, withinDigits))
	g.rows[1][1] = "60"
	require.Equal(t, 0, wholeMultiple(g, cols, 0, 1, withinShare), "a ratio that changes between rows is no count")
	g.rows = g.rows[:1]
	require.Equal(t, 0, wholeMultiple(g, cols, 0, 1, withinShare), "one row is no evidence")
}
