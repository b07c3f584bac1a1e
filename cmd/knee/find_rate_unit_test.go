package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// TestFindRateSweepKeepsItsUnit: a --rate sweep is set in req/s, so find
// says its knee and its recommendation in req/s, with the Little's-law
// concurrency only beside them; the recommended stage shows what it was
// offered, what it served and the share that counted. Before, the knee read
// "between 13 and 90/GPU, estimate ≈27" for a sweep nobody ran at 13/GPU.
func TestFindRateSweepKeepsItsUnit(t *testing.T) {
	in := fixtures.Path("sweeps/datacrunch-sglang-llama33-70b-4xh200-rate.jsonl")
	code, out, errs := runKneeCLI(t, "find", "--gpus", "4", "--workload", "random", in)
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, "  knee: between 4 and 8 req/s offered (~13–90/GPU by Little's law) [bracketed; rate following (achieved vs requested request rate)]: the knee lies between the 4 and 8 req/s stages: 8 req/s is the first stage that fell behind its offered rate\n")
	require.Contains(t, out, "  recommended: 4 req/s (~13/GPU by Little's law) — the 4 req/s stage is the highest that still served its offered rate (offered 4, served 4.04 req/s: 104% of the offer net of the end-of-run drain, 90% needed), 48% of the best valid throughput (4,288 tok/s)\n")
	require.Contains(t, out, "  8 req/s (~90/GPU) past_knee: past the knee: served 89% of the requested 8 req/s")
	require.NotContains(t, out, "estimate ≈27")

	code, out, errs = runKneeCLI(t, "find", "--gpus", "4", "--workload", "random", in, "-o", "json")
	require.Equal(t, exitOK, code, errs)
	var r struct {
		Knee struct {
			Status    string
			LowPerGPU float64  `json:"low_per_gpu"`
			LowRateJ  *float64 `json:"low_rate"`
			HighRateJ *float64 `json:"high_rate"`
		}
		RecommendedPerGPU float64  `json:"recommended_per_gpu"`
		RecommendedRate   *float64 `json:"recommended_rate"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Equal(t, "bracketed", r.Knee.Status)
	require.NotNil(t, r.Knee.LowRateJ)
	require.NotNil(t, r.Knee.HighRateJ)
	require.Equal(t, 4.0, *r.Knee.LowRateJ)
	require.Equal(t, 8.0, *r.Knee.HighRateJ)
	require.NotNil(t, r.RecommendedRate)
	require.Equal(t, 4.0, *r.RecommendedRate)
	require.InDelta(t, 13, r.RecommendedPerGPU, 0.5, "the per-GPU fields stay, as the JSON contract says")

	// A closed-loop sweep has no rate fields and reads as before.
	_, out, _ = runKneeCLI(t, "find", fixtures.Path("aicr/gb300-eks.csv"), "--gpus", "4", "-o", "json")
	require.NotContains(t, out, `"low_rate"`)
	require.NotContains(t, out, `"recommended_rate"`)
}
