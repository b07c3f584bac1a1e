package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A heading that says how throughput was compared ("Throughput vs
// Concurrency", "4.1 Throughput Scaling") names what engine columns hold.
func TestComparedHeadingNamesEngineColumns(t *testing.T) {
	for _, h := range []string{"Throughput vs Concurrency", "4.1 Throughput Scaling", "Output throughput versus load"} {
		md := "### " + h + "\n\n| Concurrency | vLLM | SGLang |\n|---|---|---|\n" +
			"| 1 | 61 | 220 |\n| 10 | 591 | 505 |\n| 50 | 2,436 | 2,322 |\n| 100 | 4,432 | 4,587 |\n"
		s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "SGLang"})
		require.NoError(t, err, h)
		require.Len(t, s.Points, 4, h)
		require.Equal(t, 4587.0, s.Points[3].ThroughputTokS, h)
		require.Contains(t, strings.Join(s.Notes, "\n"), `columns "vLLM", "SGLang" name no metric`, h)
	}
}

// The same words over ratios stay a ratio: cells written as ratios, or
// columns normalised to 1 at the first level, are no token rate.
func TestComparedHeadingOverRatiosIsNoRate(t *testing.T) {
	for _, rows := range []string{
		"| 1 | 1.00x | 1.00x |\n| 10 | 9.7x | 2.3x |\n| 50 | 39.9x | 10.6x |\n",
		"| 1 | 1 | 1 |\n| 10 | 9.7 | 2.3 |\n| 50 | 39.9 | 10.6 |\n",
	} {
		md := "### Throughput Scaling\n\n| Concurrency | vLLM | SGLang |\n|---|---|---|\n" + rows
		_, err := Read("t.md", []byte(md), Markdown, Meta{})
		require.Error(t, err)
		require.Contains(t, err.Error(), "no throughput column")
	}
	require.Equal(t, "", comparedHeadingMetric(grid{}, "Throughput speedup"))
	require.Equal(t, "Throughput", comparedHeadingMetric(grid{}, "Throughput vs. batch size"))
}
