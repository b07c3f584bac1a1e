package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// findJSON is the `knee find -o json` contract of docs/DESIGN.md.
type findJSON struct {
	Sweep struct {
		Accelerator string `json:"accelerator"`
		GPUs        int    `json:"gpus"`
		Leaf        string `json:"leaf"`
		Model       string `json:"model"`
	} `json:"sweep"`
	Knee struct {
		Status     string   `json:"status"`
		PerGPU     *float64 `json:"per_gpu"`
		LowPerGPU  *float64 `json:"low_per_gpu"`
		HighPerGPU *float64 `json:"high_per_gpu"`
	} `json:"knee"`
	RecommendedPerGPU *float64 `json:"recommended_per_gpu"`
	CandidatePerGPU   *float64 `json:"candidate_per_gpu"`
	Points            []struct {
		PerGPU           float64  `json:"per_gpu"`
		Concurrency      float64  `json:"concurrency"`
		ThroughputTokS   float64  `json:"throughput_tok_s"`
		ThroughputPerGPU float64  `json:"throughput_per_gpu"`
		TTFTP50Ms        float64  `json:"ttft_p50_ms"`
		TTFTP99Ms        float64  `json:"ttft_p99_ms"`
		Verdict          string   `json:"verdict"`
		Reasons          []string `json:"reasons"`
	} `json:"points"`
	Hints []string `json:"hints"`
}

func TestFindGB300JSONContract(t *testing.T) {
	code, out, errOut := runKneeCLI(t, "find", fixtures.Path("aicr/gb300-eks.csv"), "-o", "json")
	require.Equal(t, 0, code, errOut)
	var r findJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Equal(t, "gb300", r.Sweep.Accelerator)
	require.Equal(t, 4, r.Sweep.GPUs)
	require.Equal(t, "bracketed", r.Knee.Status)
	require.Nil(t, r.Knee.LowPerGPU)
	require.Equal(t, 256.0, *r.Knee.HighPerGPU)
	require.Nil(t, r.RecommendedPerGPU, "exit 0 even without a recommendation")
	require.Equal(t, 128.0, *r.CandidatePerGPU)
	require.Len(t, r.Points, 2)
	require.Equal(t, "unverified", r.Points[0].Verdict)
	require.Equal(t, []string{"unverified"}, r.Points[0].Reasons)
	require.Equal(t, 512.0, r.Points[0].Concurrency)
	require.Equal(t, 21197.0, r.Points[0].ThroughputPerGPU)
	require.Equal(t, "past_knee", r.Points[1].Verdict)
	require.Equal(t, []string{"past_knee", "cliff"}, r.Points[1].Reasons)
	require.Equal(t, 33320.0, r.Points[1].TTFTP99Ms)
	require.Contains(t, r.Hints, "add 64/GPU to confirm 128 is below the knee")
	// null, not absent: the contract says recommended_per_gpu is null.
	require.Contains(t, out, `"recommended_per_gpu": null`)
}

func TestFindGB300WithSimulated64MarkdownRecommends128(t *testing.T) {
	code, out, errOut := runKneeCLI(t, "find", fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/gb300-eks-simulated-64.csv"), "-o", "markdown")
	require.Equal(t, 0, code, errOut)
	require.Contains(t, out, "| 64 (simulated) |       256 | 43,900 |")
	require.Contains(t, out, "- knee: between 128 and 256/GPU, estimate ≈181 [bracketed; measured elasticity between levels; estimate: the bracket's log midpoint]")
	require.Contains(t, out, "- recommended: 128/GPU")
	require.Contains(t, out, "- note: SIMULATED, not measured: 64/GPU")
}

func TestFindTableIsDefaultAndThresholdFlagsApply(t *testing.T) {
	code, out, _ := runKneeCLI(t, "find", fixtures.Path("aicr/gb300-eks.csv"))
	require.Equal(t, 0, code)
	require.Contains(t, out, "past_knee, cliff")
	// With --cliff-drop 0.8 the 76% drop is no longer a cliff (TTFT still
	// rose 49×, so 256 stays past the knee on gain alone).
	code, out, _ = runKneeCLI(t, "find", fixtures.Path("aicr/gb300-eks.csv"), "--cliff-drop", "0.8", "-o", "json")
	require.Equal(t, 0, code)
	var r findJSON
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	require.Equal(t, []string{"past_knee"}, r.Points[1].Reasons)
}

func TestFindBadInputExit2NamesFileAndField(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"version":1,"gpus":4,"points":[{"per_gpu":64,"concurrency":256,"throughput_tok_s":-5,"ttft_ms":{}}]}`), 0o644))
	code, _, errOut := runKneeCLI(t, "find", bad)
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "bad.json")
	require.Contains(t, errOut, "throughput_tok_s")

	code, _, errOut = runKneeCLI(t, "find", fixtures.Path("aicr/gb300-eks.csv"), "--elasticity", "0")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "--elasticity")

	code, _, errOut = runKneeCLI(t, "find", fixtures.Path("aicr/gb300-eks.csv"), "-o", "yaml")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "-o yaml is not supported")

	code, _, _ = runKneeCLI(t, "find")
	require.Equal(t, 2, code)
}
