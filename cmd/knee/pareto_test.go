package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee/pareto"
)

// paretoArgs are the three simulated sweeps at batch caps 4, 8 and 16
// (fixtures/simulated-pareto, simulated, not measured).
func paretoArgs() []string {
	dir := fixtures.Path("simulated-pareto")
	return []string{"pareto", "cap4=" + filepath.Join(dir, "cap4.json"), "cap8=" + filepath.Join(dir, "cap8.json"),
		"cap16=" + filepath.Join(dir, "cap16.json")}
}

func runPareto(t *testing.T, extra ...string) *pareto.Result {
	t.Helper()
	code, out, errs := runKneeCLI(t, append(append(paretoArgs(), "-o", "json"), extra...)...)
	require.Equal(t, 0, code, errs)
	var r pareto.Result
	require.NoError(t, json.Unmarshal([]byte(out), &r))
	return &r
}

// The frontier of the three sweeps, computed by hand from the fixtures'
// numbers (tok/s/GPU, tok/s/user = 32 output tokens ÷ (E2E − TTFT) mean),
// fastest per user first:
//
//	cap4@1  (435.3, 458.79)  the fastest per user: on it
//	cap16@1 (425.7, 448.49)  beaten by cap4@1 on both
//	cap8@1  (409.0, 441.34)  beaten by cap4@1
//	cap8@2  (761.9, 422.89)  no faster point reaches 761.9: on it
//	cap16@2 (780.8, 411.84)  faster ones reach 761.9 < 780.8: on it
//	cap4@2  (783.9, 410.20)  faster ones reach 780.8 < 783.9: on it
//	cap8@4  (1327.4, 344.047) faster ones reach 783.9: on it
//	cap4@4  (1326.5, 344.012) beaten by cap8@4 (1327.4, 344.047)
//	cap16@4, cap4@32, cap4@8, cap4@16 (≤ 1321.8, ≤ 342.93): beaten by cap8@4
//	cap8@32 (1828.1, 257.48)  faster ones reach 1327.4: on it, past cap8's knee
//	cap16@8 (1917.3, 245.77)  faster ones reach 1828.1: on it
//	cap8@8  (1822.2, 236.86), cap8@16 (1715.7, 231.02): beaten by cap16@8
//	cap16@16 (2698.8, 171.90) the most throughput: on it
//	cap16@32 (2509.2, 171.53) beaten by cap16@16
//
// cap4@8 falls short of cap8@4, the best frontier point at least as fast
// per user: 1 − 1255.685 / 1327.370 = 0.054005.
func TestParetoFrontierMatchesHandComputation(t *testing.T) {
	r := runPareto(t)
	want := []pareto.PointRef{{Config: "cap16", PerGPU: 16}, {Config: "cap16", PerGPU: 8}, {Config: "cap8", PerGPU: 32},
		{Config: "cap8", PerGPU: 4}, {Config: "cap4", PerGPU: 2}, {Config: "cap16", PerGPU: 2}, {Config: "cap8", PerGPU: 2},
		{Config: "cap4", PerGPU: 1}}
	require.Equal(t, want, r.Frontier)
	require.Equal(t, "simulated/pareto", r.Model)
	require.True(t, r.Simulated)
	byRef := map[pareto.PointRef]pareto.Point{}
	for _, p := range r.Points {
		byRef[pareto.PointRef{Config: p.Config, PerGPU: p.PerGPU}] = p
	}
	require.Len(t, byRef, 18)
	short := byRef[pareto.PointRef{Config: "cap4", PerGPU: 8}]
	require.False(t, short.OnFrontier)
	require.InDelta(t, 0.054005, *short.Shortfall, 1e-6)
	require.Equal(t, pareto.PointRef{Config: "cap8", PerGPU: 4}, *short.ShortOf)
	past := byRef[pareto.PointRef{Config: "cap8", PerGPU: 32}]
	require.True(t, past.OnFrontier)
	require.True(t, past.PastKnee)
	require.Contains(t, r.Notes, "cap8 at 32/GPU is on the frontier past cap8's knee: choosing it means running past the knee (more load only queues there)")
	require.Equal(t, []float64{1, 2}, r.Configs[0].FrontierPerGPU)
	require.Equal(t, []float64{2, 4, 32}, r.Configs[1].FrontierPerGPU)
	require.Equal(t, []float64{2, 8, 16}, r.Configs[2].FrontierPerGPU)
	// The sweeps carry telemetry: a second frontier on tokens per joule
	// (the simulator's power grows with the batch, so here it is the same
	// points).
	require.Equal(t, want, r.EnergyFrontier)
}

// --slo picks the most throughput per GPU at or below a configuration's
// SLO edge (knee find's: every valid level up to it meets the SLOs). Under
// TTFT p99 9 ms, by hand from the fixtures: cap4 meets it at 1, 2, 4/GPU
// (4.2, 8.1, 8.3 ms) and misses at 8 (99.5 ms): edge 4; cap8 misses at
// 1/GPU already (39.9 ms): no edge; cap16 meets it at 1 (6.5 ms), misses
// at 2 (10.4 ms): edge 1, so its 8/GPU (5.8 ms) is "met, above the SLO
// edge" and not chosen. The best is cap4 at 4/GPU, 1,326.5 tok/s/GPU.
// --gpu-hour-price prices every level: $2 ÷ 3600 ÷ 1,326.5 tok/s × 10⁶ =
// $0.418813 per million tokens, the cheapest within the SLO too.
func TestParetoSLOAndPrice(t *testing.T) {
	r := runPareto(t, "--slo", "ttft_p99=9ms", "--gpu-hour-price", "2")
	require.NotNil(t, r.SLO.Best)
	require.Equal(t, pareto.PointRef{Config: "cap4", PerGPU: 4}, r.SLO.Best.PointRef)
	require.Equal(t, []string{"ttft_p99=9ms"}, r.SLO.Targets)
	require.Equal(t, pareto.PointRef{Config: "cap4", PerGPU: 4}, r.Cheapest.PointRef)
	require.InDelta(t, 0.418813, *r.Cheapest.USDPerMTok, 1e-6)
	for _, p := range r.Points {
		if p.Config == "cap16" && p.PerGPU == 8 {
			require.True(t, *p.MeetsSLO)
			require.False(t, *p.WithinSLOEdge)
		}
	}
	// Without a price, the $3 recorded by knee sweep --gpu-hour-price.
	r = runPareto(t)
	require.InDelta(t, 0.308774, *r.Cheapest.USDPerMTok, 1e-6)
	require.Equal(t, pareto.PointRef{Config: "cap16", PerGPU: 16}, r.Cheapest.PointRef)
}

// Sweeps of another model or another workload are not one frontier:
// exit 2, naming the input and the field.
func TestParetoRefusesOtherModelsAndWorkloads(t *testing.T) {
	dir := fixtures.Path("simulated-pareto")
	code, _, errs := runKneeCLI(t, "pareto", filepath.Join(dir, "cap4.json"), filepath.Join(dir, "cap8-out64.json"))
	require.Equal(t, 2, code)
	require.Contains(t, errs, "cap8-out64.json: output_tokens_mean: 64 tokens on average")
	testbed := fixtures.Path("testbed/h200-cbserve-0.6b")
	code, _, errs = runKneeCLI(t, "pareto", filepath.Join(dir, "cap4.json"), testbed)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "h200-cbserve-0.6b: model: model Qwen/Qwen3-0.6B-random differs from")
	code, _, errs = runKneeCLI(t, "pareto")
	require.Equal(t, 2, code, errs)
	code, _, errs = runKneeCLI(t, append(paretoArgs(), "--gpu-hour-price", "-1")...)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "--gpu-hour-price")
	code, _, errs = runKneeCLI(t, append(paretoArgs(), "-o", "frontier.gif")...)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "FILE.png")
}

// -o FILE.png draws the chart; YAML carries the same fields as JSON.
func TestParetoChartAndYAML(t *testing.T) {
	png := filepath.Join(t.TempDir(), "frontier.png")
	code, out, errs := runKneeCLI(t, append(paretoArgs(), "-o", png)...)
	require.Equal(t, 0, code, errs)
	require.Equal(t, "wrote "+png+" (8 points on the frontier)\n", out)
	b, err := os.ReadFile(png)
	require.NoError(t, err)
	require.Equal(t, "\x89PNG", string(b[:4]))
	code, out, errs = runKneeCLI(t, append(paretoArgs(), "-o", "yaml")...)
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "frontier:\n- config: cap16\n  per_gpu: 16\n")
}
