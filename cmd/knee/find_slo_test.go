package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// knee find --slo on the real H200 test-bed sweep, through the CLI: the SLO
// binds below the knee (128/GPU, not the knee's 256), the JSON has every
// level's SLO checks and goodput and says which binds, and the markdown
// table has the SLOs and goodput columns (the numbers are the hand
// calculation of knee's TestFindSLOBindsBelowTheKneeOnTheH200Testbed).
func TestFindSLOThroughTheCLI(t *testing.T) {
	in := fixtures.Path("testbed/h200-cbserve-0.6b")
	code, out, errs := runKneeCLI(t, "find", in, "--slo", "ttft_p99=500ms,tpot_p50=120ms", "-o", "json")
	require.Equal(t, 0, code, errs)
	var r struct {
		Recommended float64 `json:"recommended_per_gpu"`
		SLO         struct {
			Binds string  `json:"binds"`
			Edge  float64 `json:"edge_per_gpu"`
			Over  float64 `json:"over_per_gpu"`
		} `json:"slo"`
		Points []struct {
			PerGPU float64 `json:"per_gpu"`
			SLO    []struct {
				Metric  string   `json:"metric"`
				LimitMs float64  `json:"limit_ms"`
				ValueMs *float64 `json:"value_ms"`
				Met     *bool    `json:"met"`
			} `json:"slo"`
			Goodput struct {
				Share       float64  `json:"share"`
				RequestRate *float64 `json:"request_rate"`
				TokS        *float64 `json:"tok_s"`
				Method      string   `json:"method"`
			} `json:"goodput"`
		} `json:"points"`
		Thresholds struct {
			SLO []map[string]any `json:"slo"`
		} `json:"thresholds"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	assert.Equal(t, 128.0, r.Recommended)
	assert.Equal(t, "slo", r.SLO.Binds)
	assert.Equal(t, 128.0, r.SLO.Edge)
	assert.Equal(t, 256.0, r.SLO.Over)
	p := r.Points[4]
	require.Equal(t, 128.0, p.PerGPU)
	assert.Equal(t, "ttft_p99", p.SLO[0].Metric)
	assert.Equal(t, 500.0, p.SLO[0].LimitMs)
	assert.Equal(t, 435.008, *p.SLO[0].ValueMs)
	assert.True(t, *p.SLO[0].Met)
	assert.Equal(t, 0.49, p.Goodput.Share)
	assert.Equal(t, 9.42159, *p.Goodput.RequestRate)
	assert.Equal(t, 602.982, *p.Goodput.TokS)
	assert.Equal(t, "percentile_bound", p.Goodput.Method)
	assert.Len(t, r.Thresholds.SLO, 2)

	code, out, errs = runKneeCLI(t, "find", in, "--slo", "ttft_p99=500ms", "--slo", "tpot_p50=120ms", "-o", "markdown")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "| SLOs ")
	assert.Contains(t, out, "| goodput tok/s |")
	assert.Regexp(t, `\|\s+128 \|\s+128 \|\s+1,231 \|\s+1,231 \|\s+368 \|\s+435 \|\s+1 \| met\s+\|\s+≥603 \|`, out)
	// No request shown within both: a bound of 0 claims nothing, so the
	// cell says unknown rather than "≥0" (issue 31 item 3); the JSON keeps
	// the bound.
	assert.Regexp(t, `\|\s+256 \|.*\| over ttft_p99, tpot_p50 \|\s+– \|`, out)
	assert.NotContains(t, out, "≥0 ")
	assert.Contains(t, out, "- slo: the SLO edge lies between 128/GPU (within ttft_p99 ≤ 500 ms, tpot_p50 ≤ 120 ms) and 256/GPU (misses ttft_p99, tpot_p50), at or below the throughput operating point 256/GPU: the SLO binds (binds: slo)\n")
	assert.Contains(t, out, "- recommended: 128/GPU — 128/GPU is the highest level below the knee within the SLOs")

	// --ttft-slo-ms X is --slo ttft_p99=Xms.
	_, a, _ := runKneeCLI(t, "find", in, "--ttft-slo-ms", "500", "-o", "json")
	_, b, _ := runKneeCLI(t, "find", in, "--slo", "ttft_p99=500ms", "-o", "json")
	var ra, rb struct {
		Recommended float64           `json:"recommended_per_gpu"`
		SLO         map[string]any    `json:"slo"`
		Points      []json.RawMessage `json:"points"`
	}
	require.NoError(t, json.Unmarshal([]byte(a), &ra))
	require.NoError(t, json.Unmarshal([]byte(b), &rb))
	assert.Equal(t, 128.0, ra.Recommended)
	assert.Equal(t, rb.Recommended, ra.Recommended)
	assert.Equal(t, rb.SLO, ra.SLO)
}

// A bad --slo is exit 2 naming the bad part, in every analysis command.
func TestSLOFlagRefusedWithExitTwo(t *testing.T) {
	in := fixtures.Path("testbed/h200-cbserve-0.6b")
	for _, cmd := range []string{"find", "baseline", "compare", "plot"} {
		code, _, errs := runKneeCLI(t, cmd, in, "--slo", "ttft_p99=2s,itl_p42=50ms", "-o", "x.png")
		assert.Equal(t, 2, code, cmd)
		assert.Contains(t, errs, `"itl_p42=50ms": unknown statistic "p42" (want p50, p90, p95 or p99)`, cmd)
	}
	code, _, errs := runKneeCLI(t, "find", fixtures.Path("aicr/gb300-eks.csv"), "--slo", "e2e_p99=10s")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--slo: e2e_p99: no level of the input has E2E p99 (it has no E2E at all)")
	code, _, errs = runKneeCLI(t, "find", in, "--slo", "ttft_p99=1s", "--ttft-slo-ms", "500")
	assert.Equal(t, 2, code)
	assert.Contains(t, errs, "--slo: ttft_p99: give the TTFT SLO once")
}

// baseline under an SLO no level meets (TTFT p99 ≤ 200 ms; the H200
// sweep's lowest level reads 219 ms): refused, exit 3, and every level
// below the knee names the SLO it misses and the run that would fix it.
func TestBaselineRefusesWhenNoLevelMeetsTheSLO(t *testing.T) {
	code, out, errs := runKneeCLI(t, "baseline", fixtures.Path("testbed/h200-cbserve-0.6b"), "--slo", "ttft_p99=200ms", "-o", "json")
	require.Equal(t, 3, code, errs)
	var b struct {
		Status   string `json:"status"`
		Refusals []struct {
			PerGPU  *float64 `json:"per_gpu"`
			Reason  string   `json:"reason"`
			Detail  string   `json:"detail"`
			NextRun string   `json:"next_run"`
		} `json:"refusals"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &b))
	assert.Equal(t, "refused", b.Status)
	require.Len(t, b.Refusals, 7) // no_recommendation, then 8 … 256/GPU
	assert.Equal(t, "no_recommendation", b.Refusals[0].Reason)
	r := b.Refusals[1]
	assert.Equal(t, 8.0, *r.PerGPU)
	assert.Equal(t, "over_ttft_slo", r.Reason)
	assert.Equal(t, "8/GPU misses a stated SLO: TTFT p99 219 ms is over the SLO 200 ms (--slo ttft_p99=200ms)", r.Detail)
	assert.Equal(t, "measure below 8/GPU until a level meets the SLOs (knee sweep --search --slo …)", r.NextRun)
	assert.Equal(t, 256.0, *b.Refusals[6].PerGPU)
}

// compare --slo: each row's level follows the SLO, with its goodput and what
// binds. The full H200 sweep under TTFT p99 ≤ 500 ms: 128/GPU, ≥ 0.99 ×
// 1,230.6 = 1,218 tok/s, the SLO binds; the narrow sweep's knee (64–128)
// binds first at 64 (TTFT p99 278 ms; the max within 500 ms: all of its
// 1,008 tok/s).
func TestCompareSLOSaysWhatBinds(t *testing.T) {
	code, out, errs := runKneeCLI(t, "compare", fixtures.Path("testbed/h200-cbserve-0.6b"), fixtures.Path("testbed/h200-cbserve-0.6b-narrow"), "--slo", "ttft_p99=500ms", "-o", "markdown")
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "| goodput tok/s | binds |")
	assert.Regexp(t, `\| h200-cbserve-0.6b/ .*\|\s+128 \| 1,231 \|.*\|\s+≥1,218 \| slo\s+\|`, out)
	assert.Regexp(t, `\| h200-cbserve-0.6b-narrow/ .*\|\s+64 \| 1,008 \|.*\|\s+≥1,008 \| knee\s+\|`, out)
	_, plain, _ := runKneeCLI(t, "compare", fixtures.Path("testbed/h200-cbserve-0.6b"), "-o", "markdown")
	assert.NotContains(t, plain, "binds")
}
