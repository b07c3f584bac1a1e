package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The tables here are built for the rule, not measured.

// A token rate's median far below its mean is a median over time of a
// bursty per-second rate (guidellm's Mdn): the run's rate is the mean,
// read with a note (a median far above the mean stays refused:
// table.TestFamiliesPass).
func TestMedianAndMeanFarApart(t *testing.T) {
	body := "| Concurrency | Output tok/s Mdn | Output tok/s Mean | TTFT p99 ms |\n|---|---|---|---|\n| 1 | 2.3 | 51.6 | 20 |\n| 8 | 440 | 450 | 30 |\n"
	s, err := Data("far.md", []byte(body), Options{})
	require.NoError(t, err)
	require.Equal(t, []float64{51.6, 450}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS})
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Output tok/s Mean" read as the throughput`)

}

// Close together, the two are one family, read by its mean (the runs'
// tokens over their time).
func TestMedianAndMeanCloseReadTheMean(t *testing.T) {
	body := "| Concurrency | Output tok/s Mdn | Output tok/s Mean | TTFT p99 ms |\n|---|---|---|---|\n| 1 | 50 | 51.6 | 20 |\n"
	s, err := Data("close.md", []byte(body), Options{})
	require.NoError(t, err)
	require.Equal(t, 51.6, s.Points[0].ThroughputTokS)
}

func TestStatisticWordsNameNoColumnSeries(t *testing.T) {
	body := "| Concurrency | tok/s Mdn | tok/s Mean | TTFT p99 ms |\n|---|---|---|---|\n| 1 | 50 | 51 | 20 |\n"
	s, err := Data("stat.md", []byte(body), Options{})
	require.NoError(t, err, "Mdn and Mean are two statistics of one column, not two series")
	require.Equal(t, 51.0, s.Points[0].ThroughputTokS)
}

func TestStatPairSharesItsTrailingUnit(t *testing.T) {
	// "11.68 / 13.91 ms": the unit written once after the pair is both
	// values' (a PagedServe report's cells; the table is built for the rule).
	body := "| Concurrency | Output tok/s | TTFT p50/p95 |\n|---|---|---|\n| 1 | 32.8 | 11.68 / 13.91 ms |\n| 4 | 123.4 | 1.2 / 2.5 s |\n"
	s, err := Data("pair.md", []byte(body), Options{})
	require.NoError(t, err)
	require.Equal(t, 11.68, *s.Points[0].TTFT.P50)
	require.Equal(t, 1200.0, *s.Points[1].TTFT.P50)
	require.Equal(t, 2500.0, *s.Points[1].TTFT.P95)
}
