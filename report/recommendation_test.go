package report_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
)

// The comment block an overlay carries for the published GB300 sweep with
// its simulated 64/GPU level: the sweep table as aligned text, the knee,
// each value's derivation, the warning and the policy, wrapped at 96.
// (baseline/overlay's patch tests pin the block of the same proposal made
// from baseline's hand-built result, whose knee sentence is shorter.)
func TestCommentLinesOfTheGB300Proposal(t *testing.T) {
	s := load(t, "aicr/gb300-eks.csv", "aicr/gb300-eks-simulated-64.csv")
	rec, err := baseline.Propose(s, find(t, s), baseline.DefaultPolicy())
	require.NoError(t, err)
	require.Equal(t, baseline.StatusProposed, rec.Status)
	lines := report.CommentLines(rec)
	require.Len(t, lines, 21)
	require.Equal(t, "Measured with knee: gb300-eks-ubuntu-inference-dynamo, gb300, 4 GPUs, Qwen/Qwen3-8B.", lines[0])
	require.Equal(t, "            128 ◀          512  84,788         21,197            –          677  sub_knee", lines[4])
	require.Equal(t, "Knee: between 128 and 256/GPU, estimate ≈181. The knee lies between 128/GPU and 256/GPU (a cliff", lines[6])
	require.Equal(t, "  at 256/GPU). Limit: no engine metrics: nothing says which limit binds (sample them with knee", lines[7])
	require.Equal(t, "inference-throughput >= 63000: measured 84,788 tok/s (one run); × (1 − 0.25 headroom) = 63,591,", lines[11])
	require.Equal(t, "  end of the 95% confidence interval.", lines[20])
	for i, l := range lines {
		require.Equal(t, strings.TrimRight(l, " "), l, "no trailing spaces")
		if i >= 6 { // the prose after the table is wrapped at 96
			require.LessOrEqual(t, len([]rune(l)), 96, l)
		}
	}
}

// Runs 1 and 2 of the real H200 repeats against run 3: an interval wider
// than the quantity judges nothing, and the table says so instead of
// printing [-5633.2%, 5574.8%].
func TestRenderDiffSaysTooFewRuns(t *testing.T) {
	dir := "testbed/h200-cbserve-0.6b-repeats/"
	d, err := baseline.DiffSweeps(context.Background(), load(t, dir+"run-1", dir+"run-2"), load(t, dir+"run-3"), knee.DefaultOptions(), baseline.DefaultDiffOptions())
	require.NoError(t, err)
	var b strings.Builder
	require.NoError(t, report.RenderDiff(&b, d, "table"))
	require.Contains(t, b.String(), "too few runs to judge  t, 2 vs 1")
	require.NotContains(t, b.String(), "5574.8%")
}
