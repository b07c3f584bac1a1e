package table

import (
	"errors"
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
