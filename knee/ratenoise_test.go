package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/read"
)

// A real open-loop sweep of vLLM on a laptop RTX 5070 Ti (fixtures/corpus,
// batch bo) served 0.88 of 1 req/s offered (88%, under the 90% a stage must
// serve), then 1.97 of 2, 4.03 of 4 and 8.08 of 8, and fell behind only at
// 16 (10.9). A server that kept up with 8 req/s has the capacity for 1: the
// shortfall at 1 req/s is its ~130 Poisson arrivals' noise, and the knee
// lies between 8 and 16 req/s, not between 0.5 and 1.
func TestRateShortfallBelowAStageThatKeptUpIsNoKnee(t *testing.T) {
	s, err := read.Load([]string{fixtures.Path("corpus/bo-vllm0110-rtx5070ti-laptop-qwen3-4b-fp16-ardhendudebnath-unit-economics-sweep-short-fp16-json/table.json")}, read.Options{})
	require.NoError(t, err)
	r := find(t, s)
	verdictAt := map[float64]knee.Verdict{}
	for _, p := range s.Points {
		verdictAt[*p.RequestedRate] = point(t, r, p.Level()).Verdict
	}
	for _, rate := range []float64{0.5, 1, 2, 4, 8} {
		require.NotEqual(t, knee.VerdictPastKnee, verdictAt[rate], "%g req/s lies below 8, which kept up", rate)
	}
	require.Equal(t, knee.VerdictPastKnee, verdictAt[16], "16 req/s fell behind")
	require.NotNil(t, r.RecommendedRate)
	require.Equal(t, 8.0, *r.RecommendedRate)
}
