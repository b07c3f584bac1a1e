package table

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic, after batch x's CP off → on table: columns named by two
// settings (the CP state, and the input length) are curves by both. Once
// --series picks the CP state, the input lengths its columns still name
// are curves too, named with it, never two candidates for one TTFT.
func TestColumnSeriesInsideAPickedSeries(t *testing.T) {
	md := "| Concurrency | CP off Output tok/s, 4K in | CP on Output tok/s, 4K in | CP off Output tok/s, 8K in | CP on Output tok/s, 8K in | CP off TTFT p50 ms, 4K in | CP on TTFT p50 ms, 4K in | CP off TTFT p50 ms, 8K in | CP on TTFT p50 ms, 8K in |\n" +
		"|---|---|---|---|---|---|---|---|---|\n" +
		"| 1 | 100 | 110 | 90 | 95 | 50 | 40 | 80 | 60 |\n" +
		"| 4 | 350 | 400 | 300 | 330 | 70 | 60 | 120 | 90 |\n" +
		"| 16 | 900 | 1100 | 700 | 850 | 300 | 200 | 500 | 300 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{Series: "CP off"})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"CP off / 4K", "CP off / 8K"}, amb.headers)
	require.ErrorContains(t, err, `the columns of series "CP off" hold 2 series more in their names`)

	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "CP off / 8K"})
	require.NoError(t, err)
	require.Equal(t, []float64{90, 300, 700}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Equal(t, 120.0, *s.Points[1].TTFT.P50)

	_, err = Read("t.md", []byte(md), Markdown, Meta{Series: "CP off / 2K"})
	require.ErrorContains(t, err, `"2K" names none of the series the columns of "CP off" hold ("4K", "8K")`)
}

// Synthetic, after the perturbed l-nmc table: TTFT columns that name the
// same series after a word of their own ("首字延迟 TPU TTFT (ms)" beside
// "TPU TPOT (ms)") are those series' columns: the curve picked reads its
// own TTFT, never the other's.
func TestInnerSeriesThatAreTheOuterOnes(t *testing.T) {
	md := "| 并发 Concurrency | 首字延迟 TPU TTFT (ms) | 首字延迟 H200 TTFT (ms) | TPU TPOT (ms) | H200 TPOT (ms) | TPU Output (tok/s) | H200 Output (tok/s) |\n" +
		"|---|---|---|---|---|---|---|\n| 1 | 34.7 | 18.9 | 6.41 | 3.95 | 153 | 249 |\n| 4 | 79.3 | 30.1 | 6.96 | 4.60 | 553 | 850 |\n| 8 | 113.7 | 36.9 | 7.54 | 5.24 | 1003 | 1486 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "H200"})
	require.NoError(t, err)
	require.Equal(t, 850.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 30.1, *s.Points[1].TTFT.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: series "H200" read (--series) in "首字延迟 H200 TTFT (ms)"; the columns of "TPU" not read`)
}
