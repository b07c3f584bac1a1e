package aiperf

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep"
)

// podDataFile writes raw as a dataset file and records its SHA-256, as
// knee sweep --dataset does.
func podDataFile(t *testing.T, name string, raw []byte, format string) *sweep.DataFile {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, raw, 0o644))
	s := sha256.Sum256(raw)
	return &sweep.DataFile{File: path, SHA256: hex.EncodeToString(s[:]), Format: format}
}

// AIPerf's prompts (knee's JSONL dataset as single_turn lines, synthetic
// test input) travel in the level's ConfigMap, named in the command at the
// mount, with the dataset's SHA-256 annotated; a rate level is a
// request-rate run.
func TestPodCarriesTheDatasetAndTheRate(t *testing.T) {
	ds := podDataFile(t, "p.jsonl", []byte("{\"prompt\": \"Name a GPU.\"}\n{\"prompt\": \"Name another.\"}\n"), "jsonl")
	p := sweep.Plan{ID: "knee-k", Rates: []float64{3}, Arrivals: sweep.ArrivalsConstant, RateDurationS: 20, GPUs: 4, Model: "sim-llm",
		Endpoint: "http://sim:8000", API: "chat", InputTokens: 3, OutputTokens: 32, MinRequests: 1, Harness: "aiperf", Runner: "kube",
		Workload: &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 3}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 32}, Dataset: ds, IgnoreEOS: true}}
	spec, err := Pod{}.Pod(p, p.Levels()[0])
	require.NoError(t, err)
	require.Equal(t, "{\"text\":\"Name a GPU.\"}\n{\"text\":\"Name another.\"}\n", spec.Files[InputFile])
	require.Equal(t, ds.SHA256, spec.Annotations[kube.AnnotationDatasetSHA256])
	script := spec.Command[2]
	require.Contains(t, script, "--request-rate 3 --request-rate-mode constant --concurrency 4096 --request-count 60 --warmup-request-count 0 ")
	require.Contains(t, script, "--input-file /etc/knee/inputs.jsonl --custom-dataset-type single_turn")

	// --dataset-pvc is inference-perf's: AIPerf's prompts are the JSONL it
	// writes into the ConfigMap.
	claim, err := kube.ParseDatasetClaim("sharegpt-data")
	require.NoError(t, err)
	_, err = Pod{Claim: claim}.Pod(p, p.Levels()[0])
	require.ErrorContains(t, err, "--dataset-pvc is for --harness inference-perf")
}

func TestPodPrintsTheExportBetweenSentinels(t *testing.T) {
	plan := sweep.Plan{ID: "s", Model: "Qwen/Qwen3-8B", Endpoint: "http://dynamo.perf.svc.cluster.local:8000", API: "chat",
		GPUs: 4, PerGPU: []int{128}, InputTokens: 128, OutputTokens: 128, MinRequests: 1000, RequestsPerConcurrency: 8}
	spec, err := Pod{}.Pod(plan, plan.Levels()[0])
	require.NoError(t, err)
	require.Equal(t, []string{"sh", "-c"}, spec.Command[:2])
	script := spec.Command[2]
	require.Contains(t, script, "pip install --quiet --no-cache-dir aiperf==0.13.0")
	require.Contains(t, script, "aiperf profile --model Qwen/Qwen3-8B --url http://dynamo.perf.svc.cluster.local:8000 --endpoint-type chat --streaming --concurrency 512 --request-count 4096 --warmup-request-count 512")
	require.True(t, strings.HasSuffix(script, "echo ===AIPERF-RESULT===\ncat /tmp/aiperf/profile_export_aiperf.json\necho\necho ===AIPERF-RESULT==="))
}
