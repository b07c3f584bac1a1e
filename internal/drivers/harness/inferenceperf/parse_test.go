package inferenceperf

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

const recorded = "inference-perf/simserver-v0.6.1-concurrent-sweep/"

// stageJSON reads the numbers Parse must reproduce straight from the
// recorded stage report file (seconds in the file, ms in knee).
func stageJSON(t *testing.T, dir string, i int) (tok, ttftP99ms float64, count int) {
	t.Helper()
	b, err := os.ReadFile(fixtures.Path(dir + "stage_" + string(rune('0'+i)) + "_lifecycle_metrics.json"))
	require.NoError(t, err)
	var st struct {
		Successes struct {
			Count   int `json:"count"`
			Latency struct {
				TTFT struct {
					P99 float64 `json:"p99"`
				} `json:"time_to_first_token"`
			} `json:"latency"`
			Throughput struct {
				Out float64 `json:"output_tokens_per_sec"`
			} `json:"throughput"`
		} `json:"successes"`
	}
	require.NoError(t, json.Unmarshal(b, &st))
	return st.Successes.Throughput.Out, st.Successes.Latency.TTFT.P99 * 1000, st.Successes.Count
}

func ladder(perGPU ...int) sweep.Plan {
	return sweep.Plan{PerGPU: perGPU, GPUs: 1, Model: "sim-llm", Endpoint: "http://127.0.0.1:18000", API: "completion",
		InputTokens: 128, OutputTokens: 128, MinRequests: 1, RequestsPerConcurrency: 4, Harness: Harness}
}

// The recorded v0.6.1 run (real tool output) has stages at 4/16/64/128/256
// in flight; read as a knee config, stage 0 (4) is the warm-up and the
// other four are levels 16..256 per GPU on one GPU.
func TestParseMapsStagesToLevelsAndDropsTheWarmup(t *testing.T) {
	log, err := os.ReadFile(fixtures.Path(recorded + "stdout.log"))
	require.NoError(t, err)
	p := ladder(16, 64, 128, 256)
	pts, err := Parse(log, "pod/knee-level-0.log", p, p.Levels())
	require.NoError(t, err)
	require.Len(t, pts, 4)
	for i, pt := range pts {
		tok, ttft, n := stageJSON(t, recorded, i+1)
		require.Equal(t, float64(p.PerGPU[i]), pt.Concurrency)
		require.Equal(t, float64(p.PerGPU[i]), *pt.PerGPU)
		require.InDelta(t, tok, pt.ThroughputTokS, 1e-9)
		require.InDelta(t, tok, *pt.ThroughputPerGPU, 1e-9)
		require.InDelta(t, ttft, *pt.TTFT.P99, 1e-6)
		require.Equal(t, n, *pt.Requests)
		require.Equal(t, 0, pt.Repeat)
		require.Contains(t, pt.Source, "knee-level-0.log stage ")
	}
	// Same from the file on disk.
	fromFile, err := ParseFile(fixtures.Path(recorded+"stdout.log"), p, p.Levels())
	require.NoError(t, err)
	require.Equal(t, pts[3].ThroughputTokS, fromFile[3].ThroughputTokS)
}

func TestParseRefusesALogFromAnotherConfig(t *testing.T) {
	log, err := os.ReadFile(fixtures.Path(recorded + "stdout.log"))
	require.NoError(t, err)

	p := ladder(16, 64, 128, 512)
	_, err = Parse(log, "x.log", p, p.Levels())
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, "stage 4: load_summary.concurrency", in.Field)
	require.Equal(t, "x.log", in.File)

	p = ladder(16, 64)
	_, err = Parse(log, "x.log", p, p.Levels())
	require.ErrorContains(t, err, "found 5 stage results, want 3")

	_, err = Parse([]byte("no stages here\n"), "empty.log", p, p.Levels())
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, "empty.log", in.File)
}

// Real v0.6.1 run against a server answering ~5% with HTTP 503 (stages at
// 8/32/128 in flight): failures are counted by label, not hidden.
func TestParseKeepsFailuresOfARealRun(t *testing.T) {
	const dir = "inference-perf/simserver-v0.6.1-concurrent-failures-5pct/"
	log, err := os.ReadFile(fixtures.Path(dir + "stdout.log"))
	require.NoError(t, err)
	p := ladder(32, 128)
	pts, err := Parse(log, "stdout.log", p, p.Levels())
	require.NoError(t, err)
	require.Len(t, pts, 2)
	for _, pt := range pts {
		require.NotNil(t, pt.Failures)
		require.Greater(t, *pt.Failures, 0)
		total := 0
		for _, n := range pt.FailureLabels {
			total += n
		}
		require.Equal(t, *pt.Failures, total)
	}
}

// FuzzParse: any log gives points for exactly the plan's levels or an
// InputError — never a panic, never a point at another concurrency.
func FuzzParse(f *testing.F) {
	// Small seeds: the fuzzer minimises every new input, which takes
	// minutes on the 100 KB recorded log; the tests above cover it.
	f.Add([]byte("=== START_STAGE_0 ===\n{}\n=== END_STAGE_0 ===\n"))
	f.Add([]byte("=== START_STAGE_0 ===\n{\"load_summary\": {\"concurrency\": 16}}\n=== END_STAGE_0 ===\n=== START_STAGE_1 ===\n{\"load_summary\": {\"concurrency\": 16}, \"successes\": {\"count\": 1}}\n=== END_STAGE_1 ===\n"))
	p := ladder(16)
	f.Fuzz(func(t *testing.T, data []byte) {
		pts, err := Parse(data, "fuzz.log", p, p.Levels())
		if err != nil {
			var in *inputerr.Error
			require.True(t, errors.As(err, &in), "%v", err)
			return
		}
		require.Len(t, pts, 1)
		require.Equal(t, 16.0, pts[0].Concurrency)
	})
}

// The KubeCon NA 2025 demo's report (real inference-perf output, rate
// stages 1.0 … 183.38 req/s against vLLM on one H100) read as a knee rate
// ladder: each stage is its rate's level, by the rate it offered, with the
// offered and achieved rates and the Little's-law concurrency recorded as
// sweep/read records them. Past the knee (stage 4 on) the achieved rate
// stays near 106 req/s while the offered one climbs.
func TestParseReadsAMultiStageRateReportBackPerRate(t *testing.T) {
	dir := fixtures.Path("inference-perf/kubecon-na-2025-vllm")
	rates := []float64{1.0, 31.4, 61.79, 92.19, 122.59, 152.98, 183.38}
	p := sweep.Plan{Rates: rates, Arrivals: sweep.ArrivalsConstant, RateDurationS: 60, GPUs: 1, Model: "meta-llama/Meta-Llama-3-8B-Instruct",
		Endpoint: "http://vllm:8000", API: "completion", InputTokens: 192, OutputTokens: 64, MinRequests: 1, Harness: Harness}
	pts, err := ParseFile(dir, p, p.Levels())
	require.NoError(t, err)
	require.Len(t, pts, 7)
	for i, pt := range pts {
		b, err := os.ReadFile(fmt.Sprintf("%s/stage_%d_lifecycle_metrics.json", dir, i))
		require.NoError(t, err)
		var st struct {
			Load struct {
				Requested float64 `json:"requested_rate"`
				Achieved  float64 `json:"achieved_rate"`
			} `json:"load_summary"`
			Successes struct {
				Latency struct {
					E2E struct {
						Mean float64 `json:"mean"`
					} `json:"request_latency"`
				} `json:"latency"`
			} `json:"successes"`
		}
		require.NoError(t, json.Unmarshal(b, &st))
		require.Equal(t, rates[i], st.Load.Requested)
		require.Equal(t, rates[i], *pt.RequestedRate)
		require.True(t, pt.Derived)
		require.InDelta(t, st.Load.Achieved*st.Successes.Latency.E2E.Mean, pt.Concurrency, 1e-9)
		require.InDelta(t, pt.Concurrency, *pt.PerGPU, 1e-9)
		require.Equal(t, fmt.Sprintf("kubecon-na-2025-vllm stage %d (inference-perf)", i), pt.Source)
	}
	require.InDelta(t, 106.49371985245213*st4Latency(t, dir), pts[4].Concurrency, 1e-9)

	// One level of the ladder, from the same report: its own stage.
	one, err := ParseFile(dir, sweep.Plan{Rates: rates[3:4], Arrivals: sweep.ArrivalsConstant, RateDurationS: 60, GPUs: 1, Harness: Harness}, sweep.Plan{Rates: rates[3:4], MinRequests: 1}.Levels())
	require.Error(t, err, "seven stages are not one level's report")
	require.Nil(t, one)

	// A ladder whose rates the report did not offer is another config's.
	q := p
	q.Rates = append([]float64{2}, rates[1:]...)
	_, err = ParseFile(dir, q, q.Levels())
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, "load_summary.requested_rate", in.Field)
	require.ErrorContains(t, err, "no stage offered 2 req/s")
}

func st4Latency(t *testing.T, dir string) float64 {
	b, err := os.ReadFile(dir + "/stage_4_lifecycle_metrics.json")
	require.NoError(t, err)
	var st struct {
		Successes struct {
			Latency struct {
				E2E struct {
					Mean float64 `json:"mean"`
				} `json:"request_latency"`
			} `json:"latency"`
		} `json:"successes"`
	}
	require.NoError(t, json.Unmarshal(b, &st))
	return st.Successes.Latency.E2E.Mean
}
