package knee_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/read"
)

// A finite open-loop stage ends with a drain: the real SGLang run of
// Llama-3.1-405B on 8× H200 (fixtures/corpus) served 600 requests offered at
// 2 req/s in 338.8 s, 89% of the offer, while its median TTFT barely moved
// (602 → 663 ms). Net of the drain a server that keeps up would show (one
// time in flight of the 1 req/s stage, 24.4 s, after the last arrival:
// 92.5% at 2 req/s) it served 96%: kept up. 4 req/s served 3.16 of 4, 85%
// net of its drain: behind. The knee lies between 2 and 4 req/s.
func TestRateStagesAreJudgedNetOfTheDrain(t *testing.T) {
	s, err := read.Load([]string{fixtures.Path("corpus/c-datacrunch-sglang-llama31-405b-8xh200-rate/results.jsonl")}, read.Options{Workload: "random"})
	require.NoError(t, err)
	r := find(t, s)
	verdictAt := map[float64]knee.Verdict{}
	for _, p := range s.Points {
		verdictAt[*p.RequestedRate] = point(t, r, p.Level()).Verdict
	}
	require.NotEqual(t, knee.VerdictPastKnee, verdictAt[2], "2 req/s kept up net of the drain")
	require.Equal(t, knee.VerdictPastKnee, verdictAt[4], "4 req/s fell behind")
	require.Equal(t, knee.VerdictPastKnee, verdictAt[8])
}
