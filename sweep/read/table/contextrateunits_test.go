package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: the legend above the table gives "Output" its unit.
func TestLegendNamesHeaderWordsUnit(t *testing.T) {
	doc := `Output tokens/sec — higher is better; TTFT in seconds — lower is better.

| Concurrency | Output | TTFT mean |
|---:|---:|---:|
| 1 | 95 | 0.12 |
| 8 | 610 | 0.20 |
| 32 | 1,480 | 0.95 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 1480.0, s.Points[2].ThroughputTokS)
	require.Equal(t, 950.0, *s.Points[2].TTFT.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Output" read in tokens/sec: the text around the table says "Output tokens/sec"`)
}

// Synthetic: "throughput in tok/s" names no header word; a header that
// states its own unit keeps it.
func TestLegendLeavesStatedUnits(t *testing.T) {
	g := grid{file: "t.md", context: "All throughput in tok/s. Output tokens/sec.", header: []string{"Concurrency", "Output (req/s)"},
		rows: [][]string{{"1", "2"}, {"2", "4"}}}
	require.Empty(t, nameContextRateUnits(&g))
	require.Equal(t, "Output (req/s)", g.header[1])
}
