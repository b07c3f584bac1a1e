package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from held-out batch bo's misses. Every table here is synthetic,
// written for the shape.

// A latency header naming a second statistic in brackets over cells that
// write it so ("4.98 (5.4)") holds both: the median and the p99.
func TestBracketedSecondStatistic(t *testing.T) {
	doc := "| conc | TTFT med (p99) ms | aggregate out tok/s |\n|---|---|---|\n" +
		"| 1 | 4.98 (5.4) | 549 |\n| 8 | 14.67 (19.6) | 3,833 |\n| 32 | 38.20 (51.1) | 11,926 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 38.2, *s.Points[2].TTFT.P50)
	require.Equal(t, 51.1, *s.Points[2].TTFT.P99)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"TTFT med (p99) ms" writes its second statistic in brackets in every cell`)
	// A rate's family keeps its one central value: the bracket is not split.
	g := grid{file: "t", header: []string{"c", "Output tok/s, mean (median)"}, rows: [][]string{{"1", "174.4 (175.1)"}, {"2", "300.2 (301.0)"}}}
	require.Empty(t, bracketStatPairs(&g))
}

// A column the words call one stream's that grows in proportion to the
// concurrency is a rate of the node: beside another node rate, the
// ambiguity pass decides, and refuses where the answer changes.
func TestRisingPerStreamIsNoStream(t *testing.T) {
	doc := "| Coalesced batch | Client tok/s | Server wall tok/s |\n|---|---|---|\n" +
		"| 1 | 1.58 | 82.0 |\n| 4 | 6.43 | 83.9 |\n| 8 | 12.45 | 81.9 |\n| 16 | 24.56 | 81.6 |\n| 32 | 50.69 | 82.5 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `pick one with --column throughput="Client tok/s"`)
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Columns: map[string]string{"throughput": "Client tok/s"}})
	require.NoError(t, err)
	require.Equal(t, 50.69, s.Points[4].ThroughputTokS)
	// A stream's rate that falls with the load stays one stream's.
	falling := strings.NewReplacer("1.58", "40.0", "6.43", "38.0", "12.45", "35.0", "24.56", "30.0", "50.69", "20.0").Replace(doc)
	s, err = Read("t.md", []byte(falling), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 82.5, s.Points[4].ThroughputTokS)
}
