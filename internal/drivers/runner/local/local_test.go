package local

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/drivers/harness"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/run"
	"github.com/kneetool/knee/sweep/store"
)

// Neither inference-perf nor AIPerf can be installed here (no PyPI). These
// tests run a stand-in executable (testdata/standin, built below) that
// REPLAYS REAL RECORDED OUTPUT of those tools from fixtures/: the runner
// under test starts a real process, writes a real config, and reads the
// real tool's output back. The stand-in measures nothing.
var standinDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "knee-standin-")
	if err != nil {
		panic(err)
	}
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "inference-perf"), "./testdata/standin")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "building the stand-in harness:", err)
		os.Exit(1)
	}
	if err := os.Link(filepath.Join(dir, "inference-perf"), filepath.Join(dir, "aiperf")); err != nil {
		panic(err)
	}
	standinDir = dir
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

const recordedIP = "inference-perf/simserver-v0.6.1-concurrent-sweep/"

func ipPlan(perGPU ...int) sweep.Plan {
	return sweep.Plan{ID: "knee-local-test", PerGPU: perGPU, GPUs: 1, Model: "sim-llm", Endpoint: "http://127.0.0.1:18000",
		API: "completion", InputTokens: 128, OutputTokens: 128, MinRequests: 32, RequestsPerConcurrency: 4,
		Harness: "inference-perf", Runner: "local"}
}

func newExec(t *testing.T, harness string) *Executor {
	t.Helper()
	e, err := New(Options{Harness: harness, Bin: filepath.Join(standinDir, defaultBin(harness)), WorkDir: t.TempDir(), KillGrace: 2 * time.Second})
	require.NoError(t, err)
	return e
}

func recordedStage(t *testing.T, i int) (tok, ttftMs float64) {
	tok, ttftMs, err := fixtures.InferencePerfStage(recordedIP, i)
	require.NoError(t, err)
	return tok, ttftMs
}

func TestLocalInferencePerfSweepRunsOneProcessPerLevel(t *testing.T) {
	t.Setenv("KNEE_REPLAY", fixtures.Path(recordedIP+"stdout.log"))
	p := ipPlan(16, 64, 128, 256)
	dir := filepath.Join(t.TempDir(), "out")
	st, err := store.Create(dir, p)
	require.NoError(t, err)
	defer st.Close()
	out, err := run.Run(context.Background(), newExec(t, "inference-perf"), st, run.Options{})
	require.NoError(t, err)
	require.Equal(t, []int{0, 1, 2, 3}, out.Measured)
	require.Len(t, out.Sweep.Points, 4)
	for i, pt := range out.Sweep.Points {
		tok, ttft := recordedStage(t, i+1) // recorded stages 1..4 ran 16..256 in flight
		require.Equal(t, float64(p.PerGPU[i]), pt.Concurrency)
		require.InDelta(t, tok, pt.ThroughputTokS, 1e-9)
		require.InDelta(t, ttft, *pt.TTFT.P99, 1e-6)
	}

	// Each level folder keeps the config it ran (warm-up + that level), the
	// tool's output and its report files.
	lvl := filepath.Join(dir, "levels", "002-128")
	cfg, err := os.ReadFile(filepath.Join(lvl, "config.yaml"))
	require.NoError(t, err)
	var c struct {
		Load struct {
			Stages []map[string]int `yaml:"stages"`
		} `yaml:"load"`
	}
	require.NoError(t, yaml.Unmarshal(cfg, &c))
	require.Equal(t, []map[string]int{{"concurrency_level": 128, "num_requests": 128}, {"concurrency_level": 128, "num_requests": 512}}, c.Load.Stages)
	log, err := os.ReadFile(filepath.Join(lvl, "stdout.log"))
	require.NoError(t, err)
	require.Contains(t, string(log), "=== START_STAGE_1 ===")
	require.FileExists(t, filepath.Join(lvl, "report", "stage_1_lifecycle_metrics.json"))
}

func TestLocalAIPerfSweepUsesAicrArgumentsPerLevel(t *testing.T) {
	t.Setenv("KNEE_REPLAY", fixtures.Path("aiperf"))
	p := sweep.Plan{ID: "knee-aiperf-test", PerGPU: []int{32, 128, 256}, GPUs: 1, Model: "sim-llm", Endpoint: "http://127.0.0.1:18001",
		API: "chat", InputTokens: 128, OutputTokens: 128, MinRequests: 1000, RequestsPerConcurrency: 8, Harness: "aiperf", Runner: "local"}
	dir := t.TempDir()
	st, err := store.Create(dir, p)
	require.NoError(t, err)
	defer st.Close()
	out, err := run.Run(context.Background(), newExec(t, "aiperf"), st, run.Options{})
	require.NoError(t, err)
	require.Len(t, out.Sweep.Points, 3)
	require.InDelta(t, 4143.55, out.Sweep.Points[1].ThroughputTokS, 0.01) // recorded c128 export
	require.InDelta(t, 1764.3386978799995, *out.Sweep.Points[1].TTFT.P99, 1e-9)
	cmd, err := os.ReadFile(filepath.Join(dir, "levels", "001-128", "command.txt"))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(cmd), "aiperf profile --model sim-llm --url http://127.0.0.1:18001 --endpoint-type chat --streaming --concurrency 128 --request-count 1024 --warmup-request-count 128 "))
	require.FileExists(t, filepath.Join(dir, "levels", "001-128", "artifacts", "profile_export_aiperf.json"))
}

func TestMissingHarnessIsAUsageErrorWithAHint(t *testing.T) {
	_, err := New(Options{Harness: "inference-perf", Bin: filepath.Join(t.TempDir(), "inference-perf")})
	var in *inputerr.Error
	require.True(t, errors.As(err, &in))
	require.Equal(t, "--harness-bin", in.Field)
	require.Contains(t, err.Error(), "--harness builtin")

	t.Setenv("PATH", t.TempDir())
	_, err = New(Options{Harness: "aiperf"})
	require.True(t, errors.As(err, &in))
	require.Contains(t, err.Error(), "aiperf not found")

	_, err = New(Options{Harness: "builtin"})
	require.True(t, errors.As(err, &in))
	require.Equal(t, "--harness", in.Field)
}

func TestHarnessCrashFailsTheLevelAndKeepsItsOutput(t *testing.T) {
	t.Setenv("KNEE_STANDIN_EXIT", "3")
	p := ipPlan(16)
	res, err := newExec(t, "inference-perf").RunLevel(context.Background(), p, p.Levels()[0])
	require.ErrorContains(t, err, "inference-perf failed: exit status 3")
	require.ErrorContains(t, err, "connection refused")
	require.Contains(t, string(res.Raw["stdout.log"]), "simulated harness crash")
	require.Contains(t, string(res.Raw["config.yaml"]), "concurrency_level: 16")
}

// inference-perf exits 0 when every request failed. The stage JSON here is
// CONSTRUCTED (not recorded): the shape v0.6.1 prints for such a stage —
// no successes, every request a failure with its label.
func TestExitZeroWithEveryRequestFailedIsAFailedLevel(t *testing.T) {
	stage := `{"load_summary": {"count": 64, "concurrency": 16, "requested_rate": 64.0, "achieved_rate": 50.0},
 "successes": {"count": 0, "latency": {"request_latency": null, "time_to_first_token": null, "time_per_output_token": null, "inter_token_latency": null, "normalized_time_per_output_token": null},
   "throughput": {"input_tokens_per_sec": 0.0, "output_tokens_per_sec": 0.0, "total_tokens_per_sec": 0.0, "requests_per_sec": 0.0}},
 "failures": {"count": 64, "request_latency": null, "by_label": {"http_503": {"count": 64, "messages": ["503 Service Unavailable"]}}}}
`
	f := filepath.Join(t.TempDir(), "stage.json")
	require.NoError(t, os.WriteFile(f, []byte(stage), 0o644))
	t.Setenv("KNEE_STANDIN_STAGE_FILE", f)
	t.Setenv("KNEE_REPLAY", fixtures.Path(recordedIP+"stdout.log"))

	p := ipPlan(16, 64)
	dir := t.TempDir()
	st, err := store.Create(dir, p)
	require.NoError(t, err)
	defer st.Close()
	out, err := run.Run(context.Background(), newExec(t, "inference-perf"), st, run.Options{})
	var le *run.LevelError
	require.ErrorAs(t, err, &le)
	require.Equal(t, 0, le.Level.Index)
	require.Equal(t, []int{0}, out.Failed)
	require.Empty(t, out.Sweep.Points)
	require.FileExists(t, filepath.Join(dir, "levels", "000-16", "stdout.log"))
}

func TestCancelStopsTheHarnessProcess(t *testing.T) {
	t.Setenv("KNEE_STANDIN_HANG", "1")
	p := ipPlan(16)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(300 * time.Millisecond); cancel() }()
	start := time.Now()
	res, err := newExec(t, "inference-perf").RunLevel(ctx, p, p.Levels()[0])
	require.ErrorIs(t, err, context.Canceled)
	require.Less(t, time.Since(start), 5*time.Second)
	require.Contains(t, string(res.Raw["stdout.log"]), "standin: terminated", "SIGTERM reached the tool")
}

// A rate sweep on inference-perf (the command, with rates the
// KubeCon demo report offered so that the stand-in can replay real stage
// reports): one process is handed a config of a poisson stage per rate
// with the uniform input distribution, and its multi-stage report is read
// back per stage as the rate levels, with the offered rate and the
// Little's-law concurrency.
func TestLocalInferencePerfRateSweepWithAWorkload(t *testing.T) {
	replay := fixtures.Path("inference-perf/kubecon-na-2025-vllm")
	t.Setenv("KNEE_REPLAY_RATES", replay)
	p := sweep.Plan{ID: "knee-local-rate", Rates: []float64{31.4, 61.79}, Arrivals: sweep.ArrivalsPoisson, RateDurationS: 60,
		GPUs: 1, Model: "sim-llm", Endpoint: "http://127.0.0.1:18000", API: "completion", InputTokens: 288, OutputTokens: 64,
		MinRequests: 1, Harness: "inference-perf", Runner: "local",
		Workload: &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistUniform, Min: 64, Max: 512},
			Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 64}, IgnoreEOS: true}}
	dir := t.TempDir()
	st, err := store.Create(dir, p)
	require.NoError(t, err)
	defer st.Close()
	out, err := run.Run(context.Background(), newExec(t, "inference-perf"), st, run.Options{})
	require.NoError(t, err)
	require.Equal(t, []int{0, 1}, out.Measured)
	require.Len(t, out.Sweep.Points, 2)
	log, err := os.ReadFile(filepath.Join(dir, store.LevelDir(p.Levels()[1]), "stdout.log"))
	require.NoError(t, err)
	require.Equal(t, 1, strings.Count(string(log), "standin inference-perf: replaying 2 rate stages"), "one run of two stages")
	for i, l := range p.Levels() {
		b, err := os.ReadFile(filepath.Join(replay, fmt.Sprintf("stage_%d_lifecycle_metrics.json", i+1)))
		require.NoError(t, err)
		var rec struct {
			Load struct {
				Achieved float64 `json:"achieved_rate"`
			} `json:"load_summary"`
			Successes struct {
				Latency struct {
					E2E struct {
						Mean float64 `json:"mean"`
					} `json:"request_latency"`
				} `json:"latency"`
			} `json:"successes"`
		}
		require.NoError(t, json.Unmarshal(b, &rec))
		var pt *sweep.Point
		for j := range out.Sweep.Points {
			if *out.Sweep.Points[j].RequestedRate == l.Rate {
				pt = &out.Sweep.Points[j]
			}
		}
		require.NotNil(t, pt, "level at %g req/s", l.Rate)
		require.True(t, pt.Derived)
		require.InDelta(t, rec.Load.Achieved*rec.Successes.Latency.E2E.Mean, pt.Concurrency, 1e-9)

		cfg, err := os.ReadFile(filepath.Join(dir, store.LevelDir(l), "config.yaml"))
		require.NoError(t, err)
		var c struct {
			Load struct {
				Type   string           `yaml:"type"`
				Stages []map[string]any `yaml:"stages"`
			} `yaml:"load"`
			Data struct {
				Type string         `yaml:"type"`
				In   map[string]any `yaml:"input_distribution"`
			} `yaml:"data"`
		}
		require.NoError(t, yaml.Unmarshal(cfg, &c))
		require.Equal(t, "poisson", c.Load.Type)
		// One process for the ladder: both levels keep its config, a stage per rate.
		require.Equal(t, []map[string]any{{"rate": 31.4, "duration": 60}, {"rate": 61.79, "duration": 60}}, c.Load.Stages)
		require.Equal(t, "random", c.Data.Type)
		require.Equal(t, map[string]any{"type": "uniform", "mean": 288, "min": 64, "max": 512, "std_dev": 0}, c.Data.In)
	}
}

// A ShareGPT dataset reaches the tool as dataset.json in its working
// directory (the stand-in refuses a data.path it cannot open), and is not
// copied into the results folder: the plan names it by SHA-256.
func TestLocalInferencePerfHandsTheDatasetOver(t *testing.T) {
	t.Setenv("KNEE_REPLAY", fixtures.Path(recordedIP+"stdout.log"))
	raw := []byte(`[{"conversations":[{"from":"human","value":"Name three GPUs."},{"from":"gpt","value":"H100 H200 B200"}]}]`)
	path := filepath.Join(t.TempDir(), "chats.json")
	require.NoError(t, os.WriteFile(path, raw, 0o644))
	sum := sha256.Sum256(raw)
	p := ipPlan(16)
	p.Workload = &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128},
		Dataset: &sweep.DataFile{File: path, SHA256: hex.EncodeToString(sum[:]), Format: "sharegpt", Entries: 1}, IgnoreEOS: true}
	res, err := newExec(t, "inference-perf").RunLevel(context.Background(), p, p.Levels()[0])
	require.NoError(t, err)
	require.Contains(t, string(res.Raw["config.yaml"]), "type: shareGPT\n    path: dataset.json\n")
	require.NotContains(t, res.Raw, "dataset.json")
	require.Len(t, res.Points, 1)

	require.NoError(t, os.WriteFile(path, append(raw, '\n'), 0o644))
	_, err = newExec(t, "inference-perf").RunLevel(context.Background(), p, p.Levels()[0])
	require.ErrorContains(t, err, "the file changed since the sweep started")
}

// defaultBin is the executable name the named harness installs ("" for
// one that is not a local process): the stand-in is built under that name.
func defaultBin(name string) string {
	h, err := harness.ForProcess(name, harness.Settings{})
	if err != nil {
		return ""
	}
	return h.Bin()
}
