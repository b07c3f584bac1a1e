package inferenceperf

import (
	"errors"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

func testPlan() sweep.Plan {
	return sweep.Plan{ID: "knee-test", PerGPU: []int{4, 16, 64, 128, 256}, GPUs: 1, Model: "sim-llm",
		Endpoint: "http://127.0.0.1:18000", API: "completion", InputTokens: 128, OutputTokens: 128,
		MinRequests: 32, RequestsPerConcurrency: 4, Harness: Harness, Runner: "local"}
}

func decode(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	require.NoError(t, yaml.Unmarshal(b, &m))
	return m
}

func TestConfigHasWarmupThenOneStagePerLevel(t *testing.T) {
	p := testPlan()
	b, err := Config(p, p.Levels()[1:4], Options{NumWorkers: 2, RequestTimeout: 90 * time.Second})
	require.NoError(t, err)
	m := decode(t, b)

	load := m["load"].(map[string]any)
	require.Equal(t, "concurrent", load["type"])
	require.Equal(t, 2, load["num_workers"])
	require.EqualValues(t, 90, load["request_timeout"])
	stages := load["stages"].([]any)
	require.Len(t, stages, 4)
	// Warm-up: the first level's concurrency, warm-up requests = concurrency.
	require.Equal(t, map[string]any{"concurrency_level": 16, "num_requests": 16}, stages[0])
	// Levels 16/64/128 per GPU on 1 GPU: requests = max(32, 4·C).
	require.Equal(t, map[string]any{"concurrency_level": 16, "num_requests": 64}, stages[1])
	require.Equal(t, map[string]any{"concurrency_level": 64, "num_requests": 256}, stages[2])
	require.Equal(t, map[string]any{"concurrency_level": 128, "num_requests": 512}, stages[3])

	require.Equal(t, map[string]any{"type": "completion", "streaming": true}, m["api"])
	require.Equal(t, map[string]any{"type": "vllm", "model_name": "sim-llm", "base_url": "http://127.0.0.1:18000", "ignore_eos": true}, m["server"])
	require.Equal(t, "sim-llm", m["tokenizer"].(map[string]any)["pretrained_model_name_or_path"])
	data := m["data"].(map[string]any)
	require.Equal(t, "random", data["type"])
	require.Equal(t, map[string]any{"type": "fixed", "mean": 128, "min": 128, "max": 128, "std_dev": 0}, data["input_distribution"])
	require.Equal(t, map[string]any{"summary": true, "per_stage": true, "per_request": false},
		m["report"].(map[string]any)["request_lifecycle"])
	require.Equal(t, "report", m["storage"].(map[string]any)["local_storage"].(map[string]any)["path"])
}

// The real configs inference-perf ships and the one our recorded run used
// (fixtures/inference-perf) are the format reference: every key we write
// must be one they use, at the same place, with the same kind of value.
func TestConfigHasTheShapeOfRealConfigs(t *testing.T) {
	p := testPlan()
	b, err := Config(p, p.Levels(), Options{})
	require.NoError(t, err)
	ours := decode(t, b)

	var refs []map[string]any
	for _, rel := range []string{
		"inference-perf/simserver-v0.6.1-concurrent-sweep/input-config.yaml",
		"inference-perf/simserver-v0.6.1-concurrent-sweep/config.yaml",
		"inference-perf/configs/workload-catalog-interactive-chat/inference-perf.yaml",
		"inference-perf/configs/config-random.yml",
	} {
		raw, err := os.ReadFile(fixtures.Path(rel))
		require.NoError(t, err, rel)
		refs = append(refs, decode(t, raw))
	}
	// config.yaml is the tool's dump of its parsed config: it names every
	// key the tool knows, so each of ours must appear there.
	dump := refs[1]
	var walk func(path string, ours, ref map[string]any)
	walk = func(path string, ours, ref map[string]any) {
		for k, v := range ours {
			rv, ok := ref[k]
			require.True(t, ok, "key %s%s is unknown to inference-perf v0.6.1's config dump", path, k)
			switch vv := v.(type) {
			case map[string]any:
				if rm, ok := rv.(map[string]any); ok {
					walk(path+k+".", vv, rm)
				}
			case []any:
				// Stages: every key of ours must be a key of the tool's stage.
				rs := rv.([]any)
				require.NotEmpty(t, rs)
				for _, s := range vv {
					walk(path+k+"[].", s.(map[string]any), rs[0].(map[string]any))
				}
			}
		}
	}
	for k := range ours {
		if k == "tokenizer" { // null in the dump (the recorded run had none)
			require.Contains(t, dump, k)
			continue
		}
		walk("", map[string]any{k: ours[k]}, dump)
	}
	// The recorded input config and the catalog config use the same
	// concurrent-stage keys we do.
	for _, ref := range refs[:3] {
		st := ref["load"].(map[string]any)["stages"].([]any)[0].(map[string]any)
		require.Contains(t, st, "concurrency_level")
		require.Contains(t, st, "num_requests")
		require.Equal(t, "concurrent", ref["load"].(map[string]any)["type"])
	}
	require.Equal(t, refs[0]["api"], ours["api"], "api block as in the recorded run")
}

func TestConfigRefusesWhatInferencePerfCannotRun(t *testing.T) {
	p := testPlan()
	for _, tc := range []struct {
		mutate func(*sweep.Plan)
		field  string
	}{
		{func(p *sweep.Plan) { p.API = "chat" }, "--api"},
		{func(p *sweep.Plan) { p.Model = "" }, "--model"},
		{func(p *sweep.Plan) { p.Endpoint = "" }, "--endpoint"},
	} {
		q := p
		tc.mutate(&q)
		_, err := Config(q, q.Levels(), Options{})
		var in *inputerr.Error
		require.True(t, errors.As(err, &in), tc.field)
		require.Equal(t, tc.field, in.Field)
	}
	_, err := Config(p, nil, Options{})
	require.Error(t, err)
}
