package read

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// update rewrites testdata/*.golden: go test ./sweep/read/ -run Golden -update
var update = flag.Bool("update", false, "rewrite testdata/*.golden from what the readers give now")

// nativeGoldens are the real native result fixtures (and the written-from-
// schema samples, labelled in fixtures/README.md), with the workload each
// needs chosen.
var nativeGoldens = []struct {
	golden, rel, workload string
}{
	{"vllm-aiportfoliorhea-mistral7b-a10", "sweeps/aiportfoliorhea-mistral7b-a10-vllm-native", ""},
	{"sglang-datacrunch-llama33-70b-random", "sweeps/datacrunch-sglang-llama33-70b-4xh200-rate.jsonl", "random"},
	{"llmperf-yi-1.5-34b-4xa10g-vllm", "llmperf/yi-1.5-34b-4xa10g-vllm", ""},
	{"guidellm-llm-d-benchmark-mock-constant", "guidellm/llm-d-benchmark-mock-constant-2-4/benchmarks.json", ""},
	{"llm-d-br-v0.1-example", "llm-d/br_v0_1_example.yaml", ""},
	{"llm-d-br-v0.2-example", "llm-d/br_v0_2_example.yaml", ""},
	{"llm-d-br-v0.2.1-example", "llm-d/br_v0_2_1_example.yaml", ""},
	{"genai-perf-schema-sample", "genai-perf/schema-sample-concurrency10", ""},
	{"genai-perf-csv-perf-analyzer-issue393-c144", "genai-perf/perf-analyzer-issue393-openai-chat-concurrency144/profile_export_genai_perf.csv", ""},
}

// What `knee import FILE --gpus 1 -o json` gives on every native fixture is
// pinned in testdata/*.golden: a change to any reader shows up as a diff.
func TestNativeReadersGolden(t *testing.T) {
	for _, g := range nativeGoldens {
		t.Run(g.golden, func(t *testing.T) {
			s, err := Load([]string{fixtures.Path(g.rel)}, Options{Meta: Meta{GPUs: 1}, Workload: g.workload})
			require.NoError(t, err)
			got, err := json.MarshalIndent(s, "", "  ")
			require.NoError(t, err)
			// Paths are machine-specific: keep them relative to fixtures/.
			got = []byte(strings.ReplaceAll(string(got), fixtures.Path("")+string(filepath.Separator), "fixtures/") + "\n")
			path := filepath.Join("testdata", g.golden+".golden")
			if *update {
				require.NoError(t, os.MkdirAll("testdata", 0o755))
				require.NoError(t, os.WriteFile(path, got, 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./sweep/read/ -run Golden -update")
			require.Equal(t, string(want), string(got))
		})
	}
}
