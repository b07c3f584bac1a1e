package inferenceperf

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// ratePlan is the command: --rate 2,4 --arrivals poisson
// --input-dist uniform:64-512, with --rate-duration 60s.
func ratePlan() sweep.Plan {
	return sweep.Plan{ID: "knee-rate-test", Rates: []float64{2, 4}, Arrivals: sweep.ArrivalsPoisson, RateDurationS: 60,
		GPUs: 1, Model: "sim-llm", Endpoint: "http://127.0.0.1:18000", API: "completion", InputTokens: 288, OutputTokens: 128,
		MinRequests: 32, Harness: Harness, Runner: "local",
		Workload: &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistUniform, Min: 64, Max: 512},
			Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, IgnoreEOS: true}}
}

func TestConfigRunsEachRateAsAPoissonStageWithTheDistribution(t *testing.T) {
	p := ratePlan()
	b, err := Config(p, p.Levels(), Options{NumWorkers: 4})
	require.NoError(t, err)
	m := decode(t, b)
	load := m["load"].(map[string]any)
	require.Equal(t, "poisson", load["type"])
	require.Equal(t, []any{map[string]any{"rate": 2, "duration": 60}, map[string]any{"rate": 4, "duration": 60}}, load["stages"])
	// --max-in-flight's default 4096 over 4 workers.
	require.Equal(t, 1024, load["worker_max_concurrency"])
	data := m["data"].(map[string]any)
	require.Equal(t, "random", data["type"])
	require.Equal(t, map[string]any{"type": "uniform", "mean": 288, "min": 64, "max": 512, "std_dev": 0}, data["input_distribution"])
	require.Equal(t, map[string]any{"type": "fixed", "mean": 128, "min": 128, "max": 128, "std_dev": 0}, data["output_distribution"])
	require.Contains(t, string(b), "# Stage i is rate level i; there is no warm-up stage.")

	// Without --rate-duration a level sends --min-requests: 32 requests
	// take 16 s at 2 req/s and 8 s at 4 req/s.
	q := p
	q.RateDurationS = 0
	b, err = Config(q, q.Levels(), Options{NumWorkers: 4})
	require.NoError(t, err)
	require.Equal(t, []any{map[string]any{"rate": 2, "duration": 16}, map[string]any{"rate": 4, "duration": 8}}, decode(t, b)["load"].(map[string]any)["stages"])

	p.Arrivals = sweep.ArrivalsConstant
	b, err = Config(p, p.Levels()[1:], Options{NumWorkers: 4})
	require.NoError(t, err)
	load = decode(t, b)["load"].(map[string]any)
	require.Equal(t, "constant", load["type"])
	require.Equal(t, []any{map[string]any{"rate": 4, "duration": 60}}, load["stages"])
}

// writeShareGPT writes a dataset every entry of which opens with a human
// turn and its reply (synthetic test input, not a measurement).
func writeShareGPT(t *testing.T) sweep.DataFile {
	t.Helper()
	raw := []byte(`[{"conversations":[{"from":"human","value":"Name three GPUs."},{"from":"gpt","value":"H100 H200 B200"}]},
{"conversations":[{"from":"human","value":"Why does TTFT rise past the knee?"},{"from":"gpt","value":"Requests queue before prefill."}]}]`)
	path := filepath.Join(t.TempDir(), "chats.json")
	require.NoError(t, os.WriteFile(path, raw, 0o644))
	s := sha256.Sum256(raw)
	return sweep.DataFile{File: path, SHA256: hex.EncodeToString(s[:]), Format: "sharegpt", Entries: 2}
}

func TestConfigTranslatesEachWorkloadKind(t *testing.T) {
	fixed := func(n int) sweep.LengthDist { return sweep.LengthDist{Kind: sweep.DistFixed, Value: n} }
	ds := writeShareGPT(t)
	for _, tc := range []struct {
		name string
		w    *sweep.Workload
		data map[string]any
		eos  bool
	}{
		{"default", nil, map[string]any{"type": "random",
			"input_distribution":  map[string]any{"type": "fixed", "mean": 128, "min": 128, "max": 128, "std_dev": 0},
			"output_distribution": map[string]any{"type": "fixed", "mean": 128, "min": 128, "max": 128, "std_dev": 0}}, true},
		{"normal lengths, EOS allowed", &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistNormal, Mean: 512, SD: 128, Max: 1024}, Output: fixed(64)},
			map[string]any{"type": "random",
				"input_distribution":  map[string]any{"type": "normal", "mean": 512, "min": 1, "max": 1024, "std_dev": 128},
				"output_distribution": map[string]any{"type": "fixed", "mean": 64, "min": 64, "max": 64, "std_dev": 0}}, false},
		{"sharegpt dataset", &sweep.Workload{Input: fixed(128), Output: fixed(128), Dataset: &ds, IgnoreEOS: true},
			map[string]any{"type": "shareGPT", "path": "dataset.json"}, true},
		{"shared prefix", &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistUniform, Min: 32, Max: 96}, Output: fixed(128),
			SharedPrefix: &sweep.SharedPrefix{Count: 4, Tokens: 1000}, IgnoreEOS: true},
			map[string]any{"type": "shared_prefix", "shared_prefix": map[string]any{
				"num_unique_system_prompts": 4,
				// warm-up 16 + 64 + 256 requests = 336 prompts, 84 per prefix: none repeats.
				"num_users_per_system_prompt": 84,
				"system_prompt_len":           1000,
				"question_len":                map[string]any{"type": "uniform", "mean": 64, "min": 32, "max": 96, "std_dev": 0},
				"output_len":                  map[string]any{"type": "fixed", "mean": 128, "min": 128, "max": 128, "std_dev": 0}}}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := testPlan()
			p.Workload = tc.w
			b, err := Config(p, p.Levels()[1:3], Options{})
			require.NoError(t, err)
			m := decode(t, b)
			require.Equal(t, tc.data, m["data"])
			require.Equal(t, tc.eos, m["server"].(map[string]any)["ignore_eos"])
		})
	}
}

// What inference-perf cannot express is refused naming the flag and the
// harness, never approximated.
func TestConfigRefusesWhatItCannotExpress(t *testing.T) {
	fixed := sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}
	jsonl := sweep.DataFile{File: "prompts.jsonl", SHA256: "x", Format: "jsonl", Entries: 5}
	share := sweep.DataFile{File: "chats.json", SHA256: "x", Format: "sharegpt", Entries: 5}
	for _, tc := range []struct {
		name   string
		mutate func(*sweep.Plan)
		field  string
		says   string
	}{
		{"lengths file", func(p *sweep.Plan) {
			p.Workload.Input = sweep.LengthDist{Kind: sweep.DistFile, File: "lens.txt", SHA256: "ab"}
		}, "--input-dist", "not from a file"},
		{"jsonl dataset", func(p *sweep.Plan) { p.Workload.Dataset = &jsonl }, "--dataset", "ShareGPT JSON array"},
		{"dataset with prefix", func(p *sweep.Plan) {
			p.Workload.Dataset, p.Workload.SharedPrefix = &share, &sweep.SharedPrefix{Count: 2, Tokens: 8}
		}, "--shared-prefix", "without a shared prefix"},
		{"normal mean above max", func(p *sweep.Plan) {
			p.Workload.Output = sweep.LengthDist{Kind: sweep.DistNormal, Mean: 600, SD: 10, Max: 500}
		}, "--output-dist", "mean 600 is above its max 500"},
		{"requests not whole seconds", func(p *sweep.Plan) { p.RateDurationS, p.Rates = 0, []float64{3} }, "--rate-duration", "32 requests at 3 req/s take 10.666666666666666s; give --rate-duration"},
		{"fractional duration", func(p *sweep.Plan) { p.RateDurationS = 1.5 }, "--rate-duration", "1.5s is not"},
		{"bound not split over workers", func(p *sweep.Plan) { p.MaxInFlight = 10 }, "--max-in-flight", "over 4 workers"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ratePlan()
			w := *p.Workload
			w.Output = fixed
			p.Workload = &w
			tc.mutate(&p)
			_, err := Config(p, p.Levels(), Options{NumWorkers: 4})
			var in *inputerr.Error
			require.True(t, errors.As(err, &in), "%v", err)
			require.Equal(t, tc.field, in.Field)
			require.ErrorContains(t, err, "inference-perf")
			require.ErrorContains(t, err, tc.says)
		})
	}
}

// The dataset handed to inference-perf is the plan's (by SHA-256), and
// one whose entries inference-perf would read differently from knee is
// refused naming the entry: fixtures/workload/sharegpt-small.json's
// entry 2 opens with the model's turn, which knee skips and the tool
// would send as a prompt.
func TestDatasetIsThePlansAndReadTheSameWay(t *testing.T) {
	ds := writeShareGPT(t)
	p := testPlan()
	p.Workload = &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, Dataset: &ds, IgnoreEOS: true}
	raw, err := Dataset(p)
	require.NoError(t, err)
	want, _ := os.ReadFile(ds.File)
	require.Equal(t, want, raw)

	require.NoError(t, os.WriteFile(ds.File, append(want, ' '), 0o644))
	_, err = Dataset(p)
	require.ErrorContains(t, err, "the file changed since the sweep started")

	small := fixtures.Path("workload/sharegpt-small.json")
	b, err := os.ReadFile(small)
	require.NoError(t, err)
	s := sha256.Sum256(b)
	p.Workload.Dataset = &sweep.DataFile{File: small, SHA256: hex.EncodeToString(s[:]), Format: "sharegpt", Entries: 5}
	_, err = Dataset(p)
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, "[2].conversations", in.Field)
}

// inference-perf's own config parser (read_config, pydantic models with
// unknown keys forbidden) loads every config knee writes, when a source
// tree of the tool is at KNEE_INFERENCE_PERF_SRC (its inference_perf/config
// package runs on pydantic and PyYAML alone; the tool itself cannot be
// installed here). The parsed values are the translation's.
func TestInferencePerfsOwnParserLoadsTheConfigs(t *testing.T) {
	src := os.Getenv("KNEE_INFERENCE_PERF_SRC")
	if src == "" {
		t.Skip("KNEE_INFERENCE_PERF_SRC (an inference-perf source tree) not set")
	}
	ds := writeShareGPT(t)
	dir := t.TempDir()
	fixed := func(n int) sweep.LengthDist { return sweep.LengthDist{Kind: sweep.DistFixed, Value: n} }
	cases := map[string]struct {
		plan sweep.Plan
		want string
	}{}
	rp := ratePlan()
	cases["rate-poisson-uniform"] = struct {
		plan sweep.Plan
		want string
	}{rp, "poisson [(2.0, 60), (4.0, 60)] random uniform 64 512 fixed 128 None"}
	sp := testPlan()
	sp.Workload = &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistNormal, Mean: 64, SD: 16, Max: 128}, Output: fixed(32),
		SharedPrefix: &sweep.SharedPrefix{Count: 4, Tokens: 1000}, IgnoreEOS: false}
	cases["shared-prefix"] = struct {
		plan sweep.Plan
		want string
	}{sp, "concurrent [(None, None), (None, None), (None, None)] shared_prefix 4 84 1000 normal 1 128 None"}
	dp := testPlan()
	dp.Workload = &sweep.Workload{Input: fixed(128), Output: fixed(128), Dataset: &ds, IgnoreEOS: true}
	cases["sharegpt"] = struct {
		plan sweep.Plan
		want string
	}{dp, "concurrent [(None, None), (None, None), (None, None)] shareGPT None None dataset.json"}
	script := `
import sys
from inference_perf.config.config import read_config
c = read_config(sys.argv[1])
st = [(s.rate, s.duration) for s in c.load.stages]
d = c.data
if d.type.value == "shared_prefix":
    sp = d.shared_prefix
    print(c.load.type.value, st, d.type.value, sp.num_groups, sp.num_prompts_per_group, sp.system_prompt_len, sp.question_len.type.value, sp.question_len.min, sp.question_len.max, d.path)
elif d.type.value == "random":
    print(c.load.type.value, st, d.type.value, d.input_distribution.type.value, d.input_distribution.min, d.input_distribution.max, d.output_distribution.type.value, int(d.output_distribution.mean), d.path)
else:
    print(c.load.type.value, st, d.type.value, d.input_distribution, d.output_distribution, d.path)
`
	for name, tc := range cases {
		levels := tc.plan.Levels()
		if !tc.plan.IsRate() {
			levels = levels[1:3]
		}
		b, err := Config(tc.plan, levels, Options{NumWorkers: 4})
		require.NoError(t, err, name)
		path := filepath.Join(dir, name+".yaml")
		require.NoError(t, os.WriteFile(path, b, 0o644))
		cmd := exec.Command("python3", "-c", script, path)
		cmd.Env = append(os.Environ(), "PYTHONPATH="+src)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s: inference-perf's parser refused the config:\n%s\n%s", name, out, b)
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		require.Equal(t, tc.want, lines[len(lines)-1], name)
	}
}
