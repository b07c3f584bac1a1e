package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules built from the corpus's refusals before held-out batch bj was
// measured. Synthetic numbers.

// A remark set off by a dash after a value ("460.1 — both completed
// 57/64") is no part of it; a dash between numbers is a range, not a
// remark.
func TestDashRemarkAfterValue(t *testing.T) {
	require.Equal(t, "460.1", dropDashRemark("460.1 — both completed 57/64"))
	require.Equal(t, "38.5 tok/s", dropDashRemark("38.5 tok/s – MTP off"))
	require.Equal(t, "95.7 – 98.8", dropDashRemark("95.7 – 98.8"), "a range stays whole")
	require.Equal(t, "— only 4 slots", dropDashRemark("— only 4 slots"), "no value before the dash")
	require.Equal(t, "30K - Conc 8", dropDashRemark("30K - Conc 8"), "a hyphen joins a name's parts")
	md := "| batch | tok/s | TTFT (ms) |\n|---|---|---|\n| 1 | 49.2 | 40 |\n| 8 | 270.2 tok/s – MTP off | 45 |\n" +
		"| 16 | 420.4 | 60 |\n| 32 | 455.0 | 90 |\n| 64 | 460.1 — **both completed 57/64** | 300 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 5)
	require.Equal(t, 270.2, s.Points[1].ThroughputTokS)
	require.Equal(t, 460.1, s.Points[4].ThroughputTokS)
}

// A console report printing one table per level under a line naming it
// ("Concurrency = 2"), each splitting one run's requests by kind and
// ending with the run's "overall" row (its samples the sum of the kinds'),
// is one sweep read by the overall rows.
func TestConsoleLevelTablesWithWholeRunRow(t *testing.T) {
	block := func(level string, n int, rows [3]string) string {
		return "Concurrency = " + level + "\n" +
			"category   samples  avg_pred_t/s  agg_pred_t/s  avg_latency\n" +
			"---------- -------  ------------  ------------  -----------\n" +
			rows[0] + "\n" + rows[1] + "\n" + rows[2] + "\n\n"
	}
	txt := "Benchmark run\nModel: m\n\n" +
		block("1", 2, [3]string{"coding           2         80.10         80.10       10.0s", "math             2         70.30         70.30       12.0s", "overall          4         75.20         75.20       11.0s"}) +
		block("2", 4, [3]string{"coding           4         60.00        120.00       14.0s", "math             4         55.00        110.00       15.0s", "overall          8         57.50        115.00       14.5s"}) +
		block("4", 8, [3]string{"coding           8         52.00        208.00       16.0s", "math             8         48.00        192.00       17.0s", "overall         16         50.00        200.00       16.5s"})
	s, err := Read("t.txt", []byte(txt), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range []float64{75.2, 115, 200} {
		require.Equal(t, want, s.Points[i].ThroughputTokS)
	}
	require.Equal(t, 4.0, s.Points[2].Concurrency)
	// Without a count that the summary row sums, the rows are arms: kept.
	g := grid{header: []string{"arm", "tok/s"}, rows: [][]string{{"a", "1"}, {"b", "2"}, {"overall", "3"}}, lines: []int{1, 2, 3}}
	run, note := wholeRunSummaries([]grid{g, g})
	require.Empty(t, note)
	require.Len(t, run[0].rows, 3)
}
