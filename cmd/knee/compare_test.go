package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

var compareInputs = []string{
	fixtures.Path("aicr/gb300-eks.csv"),
	fixtures.Path("aicr/gb200-eks.csv"),
	fixtures.Path("aicr/h100-eks.csv"),
}

// GB300 vs GB200 vs H100 (published aicr numbers): per-GPU throughput puts
// the 4-GPU and 8-GPU nodes side by side.
func TestCompareGB300GB200H100JSON(t *testing.T) {
	code, out, errs := runKneeCLI(t, append([]string{"compare", "-o", "json"}, compareInputs...)...)
	require.Equal(t, 0, code, errs)
	var c struct {
		Rows []struct {
			Accelerator      string   `json:"accelerator"`
			Leaf             string   `json:"leaf"`
			GPUs             int      `json:"gpus"`
			PerGPU           *float64 `json:"per_gpu"`
			Unverified       bool     `json:"unverified"`
			ThroughputTokS   *float64 `json:"throughput_tok_s"`
			ThroughputPerGPU *float64 `json:"throughput_per_gpu"`
			TTFTP99Ms        *float64 `json:"ttft_p99_ms"`
			Knee             struct {
				Status     string   `json:"status"`
				HighPerGPU *float64 `json:"high_per_gpu"`
			} `json:"knee"`
			Sources []string `json:"sources"`
		} `json:"rows"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &c))
	require.Len(t, c.Rows, 3)
	want := []struct {
		accel      string
		gpus       int
		per, tok   float64
		tokPerGPU  float64
		ttft       float64
		kneeStatus string
	}{
		{"gb300", 4, 128, 84788, 21197, 677, "bracketed"},
		{"gb200", 4, 256, 65952, 16488, 1240, "insufficient_points"},
		{"h100", 8, 256, 108790, 13598.75, 688, "insufficient_points"},
	}
	for i, w := range want {
		r := c.Rows[i]
		require.Equal(t, w.accel, r.Accelerator)
		require.Equal(t, w.gpus, r.GPUs)
		require.Equal(t, w.per, *r.PerGPU)
		require.True(t, r.Unverified, "%s: nothing below the level was measured", w.accel)
		require.Equal(t, w.tok, *r.ThroughputTokS)
		require.Equal(t, w.tokPerGPU, *r.ThroughputPerGPU)
		require.Equal(t, w.ttft, *r.TTFTP99Ms)
		require.Equal(t, w.kneeStatus, r.Knee.Status)
		require.Equal(t, []string{compareInputs[i]}, r.Sources)
	}
	require.Equal(t, 256.0, *c.Rows[0].Knee.HighPerGPU)
}

// Three GB300 sweeps of one leaf: each row names its input, so they are
// told apart (the "three identical rows").
func TestCompareRowsOfOneLeafNameTheirInput(t *testing.T) {
	code, out, errs := runKneeCLI(t, "compare", fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/gb300-eks-cuda13.csv"), fixtures.Path("aicr/gb300-eks-simulated-64.csv"))
	require.Equal(t, 0, code, errs)
	lines := strings.Split(out, "\n")
	require.Regexp(t, `^ gb300-eks.csv +gb300 +gb300-eks-ubuntu-inference-dynamo +4 +128 \(candidate, unverified\) +84,788 `, lines[2])
	require.Regexp(t, `^ gb300-eks-cuda13.csv +gb300 +gb300-eks-ubuntu-inference-dynamo +4 +256 \(candidate, unverified\) +21,100 `, lines[3])
	require.Regexp(t, `^ gb300-eks-simulated-64.csv +gb300 +gb300-eks-ubuntu-inference-dynamo +4 +64 \(candidate, unverified\) \(simulated\) +43,900 `, lines[4])
	require.NotContains(t, lines[0], "model", "one model: no model column")
}

func TestCompareMarkdownOneRowPerAccelerator(t *testing.T) {
	code, out, errs := runKneeCLI(t, append([]string{"compare", "-o", "markdown"}, compareInputs...)...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "| input         | accelerator | leaf                              | GPUs |         recommended per GPU |   tok/s | tok/s per GPU | TTFT p99 ms | knee ")
	require.Contains(t, out, "| gb300-eks.csv | gb300       | gb300-eks-ubuntu-inference-dynamo |    4 | 128 (candidate, unverified) |  84,788 |        21,197 |         677 |")
	require.Contains(t, out, "| h100-eks.csv  | h100        | h100-eks-ubuntu-inference-dynamo  |    8 | 256 (candidate, unverified) | 108,790 |        13,599 |         688 |")
	require.Contains(t, out, "1. gb300-eks-ubuntu-inference-dynamo (gb300-eks.csv): measure 64/GPU (half of 128)")
}

func TestCompareDefaultsToTextTableAndRejectsYAML(t *testing.T) {
	code, out, errs := runKneeCLI(t, append([]string{"compare"}, compareInputs...)...)
	require.Equal(t, 0, code, errs)
	require.NotContains(t, out, "|")
	require.Contains(t, out, "gb200")

	code, _, errs = runKneeCLI(t, "compare", "-o", "yaml", compareInputs[0])
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "-o yaml is not supported here")

	code, _, errs = runKneeCLI(t, "compare", fixtures.Path("aicr/does-not-exist.csv"))
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "does-not-exist.csv")
}

// The real H200 sweep sits next to a sweep whose GPU count is unknown
// (the AIPerf exports): latencies in whole ms as knee find prints them
// (774, not 773.9…), the same knee estimate as find and baseline (≈267),
// and the GPU-less row in requests in flight, never "/GPU".
func TestCompareH200AndAGPUlessSweepUnitsAndRounding(t *testing.T) {
	code, out, errs := runKneeCLI(t, "compare", fixtures.Path("testbed/h200-cbserve-0.6b"), fixtures.Path("aiperf"))
	require.Equal(t, 0, code, errs)
	lines := strings.Split(out, "\n")
	require.Regexp(t, `^ h200-cbserve-0.6b/ +h200 +– +Qwen/Qwen3-0.6B-random +1 +256 +1,576 +1,576 +774 +between 256 and 512/GPU, estimate ≈267 *$`, lines[2])
	// The AIPerf runs were against a simulated server capped at 64
	// sequences: at 128 TTFT carries the wait of the requests beyond the
	// cap (queueing), so 128 is past the knee and only 32 (unverified) is
	// left as a candidate.
	require.Regexp(t, `^ aiperf/ +– +– +sim-llm +\? +32 in flight \(candidate, unverified\) +2,491 +– +102 +at or below 128 in flight \(nothing measured lower bounds it\) *$`, lines[3])
	require.NotContains(t, out, "298.25")
	require.NotContains(t, out, "16/GPU")

	code, out, errs = runKneeCLI(t, "compare", "-o", "json", fixtures.Path("aiperf"))
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"unit": "total"`)
}
