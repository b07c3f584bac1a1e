package baseline

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/sweep/read"
)

// Issue 27 item 6: rate sweeps are matched on the offered rate. OLD is the
// real DataCrunch SGLang rate sweep (Llama 3.3 70B on 4×H200, random
// workload, 1–16 req/s); NEW is the same sweep whose achieved concurrency
// differs by 3% (simulated, as a second run's would): matched on achieved
// concurrency the two shared no level and the diff was refused.
func TestDiffRateSweepsMatchOnTheOfferedRate(t *testing.T) {
	opts := read.Options{Workload: "random"}
	path := fixtures.Path("sweeps/datacrunch-sglang-llama33-70b-4xh200-rate.jsonl")
	old, err := read.Load([]string{path}, opts)
	require.NoError(t, err)
	cur, err := read.Load([]string{path}, opts)
	require.NoError(t, err)
	for i := range cur.Points {
		cur.Points[i].Concurrency *= 1.03
		cur.Points[i].Simulated = true
	}
	d := diffOf(t, old, cur)
	require.Empty(t, d.NotComparable)
	var at []string
	for _, r := range d.Rows {
		if r.Metric == "throughput_tok_s" && r.Rate != nil {
			at = append(at, r.At)
			require.Nil(t, r.PerGPU)
			require.Equal(t, DiffNoChange, r.Verdict, r.At)
			require.InDelta(t, 0, *r.Change, 1e-12)
		}
	}
	require.Equal(t, []string{"1 req/s", "2 req/s", "4 req/s", "8 req/s", "16 req/s"}, at)
	require.Zero(t, d.Regressed)
	require.Zero(t, d.Unjudged())
}
