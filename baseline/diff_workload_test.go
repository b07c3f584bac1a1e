package baseline

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// Issue 27 item 3: workloads are compared. NEW is the real H200 test-bed
// sweep with twice the input tokens per request (simulated, as another
// --input-tokens would send), then with a recorded shared prefix: each is
// not comparable, naming the field, where it was diffed as equal.
func TestDiffOtherTokensOrRecordedWorkloadNotComparable(t *testing.T) {
	old := loadRuns(t, "testbed/h200-cbserve-0.6b")
	in, out := sweep.MeanTokens(old)
	require.InDelta(t, 142.1, *in, 0.05)
	require.Equal(t, 64.0, *out)

	cur := loadRuns(t, "testbed/h200-cbserve-0.6b")
	for i := range cur.Points {
		v := *cur.Points[i].InputTokensMean * 2
		cur.Points[i].InputTokensMean = &v
		cur.Points[i].Simulated = true
	}
	d := diffOf(t, old, cur)
	require.Len(t, d.NotComparable, 1)
	require.Contains(t, d.NotComparable[0], "workload differs in input_tokens_mean: OLD 142.1 tokens per request, NEW 284.2 (more than 10% apart)")

	// 5% more tokens is within the tolerance: the same workload.
	cur = loadRuns(t, "testbed/h200-cbserve-0.6b")
	for i := range cur.Points {
		v := *cur.Points[i].InputTokensMean * 1.05
		cur.Points[i].InputTokensMean = &v
	}
	require.Empty(t, diffOf(t, old, cur).NotComparable)

	cur = loadRuns(t, "testbed/h200-cbserve-0.6b")
	cur.Workload = &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 30}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 64},
		SharedPrefix: &sweep.SharedPrefix{Count: 4, Tokens: 512}, IgnoreEOS: true}
	d = diffOf(t, old, cur)
	require.Len(t, d.NotComparable, 1)
	require.Contains(t, d.NotComparable[0], "workload differs in workload: OLD default (fixed lengths, ignore_eos), NEW input fixed:30, output fixed:64, shared prefix 4×512 tokens, ignore_eos true")
}
