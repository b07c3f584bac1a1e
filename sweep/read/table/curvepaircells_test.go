package table

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: three curves named in each header's brackets, one value per
// curve in each cell, the unit written once after the last value. Each
// column becomes one per curve, and the curves are what --series picks.
func TestCurvePairCellsUnderHeadersNamingTheCurves(t *testing.T) {
	md := `| Concurrency | TTFT p50 (vLLM / SGLang / TRT) | Output throughput (vLLM / SGLang / TRT) ⬆ |
|---|---|---|
| 8 | 0.21 s / 0.19 s / 0.25 s | 812 / 954 / 700 tok/s |
| 32 | 0.40 / 0.33 / 0.52 s | 2,100 / 2,480 / 1,900 tok/s |
| 128 | 1.9 / 1.2 / 2.6 s | 3,050 / 3,900 / 2,700 tok/s |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"vLLM", "SGLang", "TRT"}, amb.headers)

	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "SGLang"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 2480.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 330.0, *s.Points[1].TTFT.P50)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"TTFT p50 (vLLM / SGLang / TRT)" holds one value per curve it names: read as "vLLM TTFT p50", "SGLang TTFT p50", "TRT TTFT p50"`)
}

// Synthetic: brackets naming statistics, directions or units are no curves.
func TestCurvePairNamesRefuseNonCurves(t *testing.T) {
	for _, h := range []string{"TTFT (p50 / p99)", "Tokens (input / output)", "Latency (ms / s)", "Concurrency (a / b)", "TTFT (prefill / decode)", "Notes (a / b)"} {
		_, _, ok := curvePairNames(h)
		require.False(t, ok, h)
	}
	rest, names, ok := curvePairNames("**吞吐 (tok/s) (FP8 / BF16)**")
	require.True(t, ok)
	require.Equal(t, "吞吐 (tok/s)", rest)
	require.Equal(t, []string{"FP8", "BF16"}, names)
}

func TestCurvePairPartsKeepUnitSlashes(t *testing.T) {
	require.Equal(t, []string{"28.7 tok/s/user", "51.5 tok/s/user"}, curvePairParts("28.7 / 51.5 tok/s/user"))
	require.Equal(t, []string{"1.1 s", "1.3 s"}, curvePairParts("1.1 s / 1.3 s"))
	require.Equal(t, []string{"12ms", "9ms"}, curvePairParts("12ms/9ms"))
}
