package kube

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/harness/aiperf"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

func dataFile(t *testing.T, name string, raw []byte, format string) *sweep.DataFile {
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
func TestAIPerfPodCarriesTheDatasetAndTheRate(t *testing.T) {
	ds := dataFile(t, "p.jsonl", []byte("{\"prompt\": \"Name a GPU.\"}\n{\"prompt\": \"Name another.\"}\n"), "jsonl")
	p := sweep.Plan{ID: "knee-k", Rates: []float64{3}, Arrivals: sweep.ArrivalsConstant, RateDurationS: 20, GPUs: 4, Model: "sim-llm",
		Endpoint: "http://sim:8000", API: "chat", InputTokens: 3, OutputTokens: 32, MinRequests: 1, Harness: "aiperf", Runner: "kube",
		Workload: &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 3}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 32}, Dataset: ds, IgnoreEOS: true}}
	spec, err := AIPerf{}.Pod(p, p.Levels()[0])
	require.NoError(t, err)
	require.Equal(t, "{\"text\":\"Name a GPU.\"}\n{\"text\":\"Name another.\"}\n", spec.Files[aiperf.InputFile])
	require.Equal(t, ds.SHA256, spec.Annotations[AnnotationDatasetSHA256])
	script := spec.Command[2]
	require.Contains(t, script, "--request-rate 3 --request-rate-mode constant --concurrency 4096 --request-count 60 --warmup-request-count 0 ")
	require.Contains(t, script, "--input-file /etc/knee/inputs.jsonl --custom-dataset-type single_turn")
	job := buildJob("knee-k-l0-0", nil, JobOptions{}.WithDefaults("aiperf"), spec)
	require.Equal(t, "/etc/knee", job.Spec.Template.Spec.Containers[0].VolumeMounts[1].MountPath)
}

// A dataset that would not fit in a ConfigMap with the config is refused
// naming the file, its size and Kubernetes' limit.
func TestInferencePerfPodRefusesADatasetOverTheConfigMapBound(t *testing.T) {
	entry := `{"conversations":[{"from":"human","value":"` + strings.Repeat("word ", 200) + `"},{"from":"gpt","value":"ok"}]}`
	raw := []byte("[" + strings.TrimSuffix(strings.Repeat(entry+",", 1100), ",") + "]")
	require.Greater(t, len(raw), MaxConfigMapBytes)
	ds := dataFile(t, "big.json", raw, "sharegpt")
	p := sweep.Plan{ID: "knee-k", PerGPU: []int{8}, GPUs: 1, Model: "m", Endpoint: "http://sim:8000", API: "completion",
		InputTokens: 128, OutputTokens: 128, MinRequests: 8, RequestsPerConcurrency: 1, Harness: "inference-perf", Runner: "kube",
		Workload: &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, Dataset: ds, IgnoreEOS: true}}
	_, err := InferencePerf{}.Pod(p, p.Levels()[0])
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, ds.File, in.File)
	require.Equal(t, "--dataset", in.Field)
	require.ErrorContains(t, err, "which Kubernetes bounds at 1048576 bytes (1 MiB)")
}

// --dataset-pvc: the dataset stays on its volume (no ConfigMap copy), the
// config names it at the mount, the Job mounts the claim read-only, and
// the pod starts inference-perf only when the file's SHA-256 is the
// plan's; AIPerf refuses the flag.
func TestInferencePerfPodReadsTheDatasetFromAClaim(t *testing.T) {
	ds := dataFile(t, "chats.json", []byte(`[{"conversations":[{"from":"human","value":"Hi"},{"from":"gpt","value":"Hello"}]}]`), "sharegpt")
	p := sweep.Plan{ID: "knee-k", PerGPU: []int{8}, GPUs: 1, Model: "m", Endpoint: "http://sim:8000", API: "completion",
		InputTokens: 128, OutputTokens: 128, MinRequests: 8, RequestsPerConcurrency: 1, Harness: "inference-perf", Runner: "kube",
		Workload: &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, Dataset: ds, IgnoreEOS: true}}
	claim, err := ParseDatasetClaim("sharegpt-data:sets/chats.json")
	require.NoError(t, err)
	spec, err := InferencePerf{Claim: claim}.Pod(p, p.Levels()[0])
	require.NoError(t, err)
	require.NotContains(t, spec.Files, "dataset.json")
	require.Contains(t, spec.Files["config.yaml"], "path: /var/lib/knee/dataset/sets/chats.json\n")
	require.Equal(t, "sh", spec.Command[0])
	require.Equal(t, "echo '"+ds.SHA256+"  /var/lib/knee/dataset/sets/chats.json' | sha256sum -c - >/dev/null 2>&1 || { echo 'knee: /var/lib/knee/dataset/sets/chats.json on PersistentVolumeClaim sharegpt-data is not the dataset the plan records (sha256 "+ds.SHA256+")' >&2; exit 1; }\nexec inference-perf --config_file /etc/knee/config.yaml", spec.Command[2])
	job := buildJob("knee-k-l0-8", nil, JobOptions{}.WithDefaults("inference-perf"), spec)
	vol := job.Spec.Template.Spec.Volumes[2]
	require.Equal(t, "sharegpt-data", vol.PersistentVolumeClaim.ClaimName)
	require.True(t, vol.PersistentVolumeClaim.ReadOnly)
	require.Equal(t, DatasetMountPath, job.Spec.Template.Spec.Containers[0].VolumeMounts[2].MountPath)

	claim, _ = ParseDatasetClaim("sharegpt-data")
	spec, err = InferencePerf{Claim: claim}.Pod(p, p.Levels()[0])
	require.NoError(t, err)
	require.Contains(t, spec.Files["config.yaml"], "path: /var/lib/knee/dataset/chats.json\n")

	_, err = AIPerf{Claim: claim}.Pod(p, p.Levels()[0])
	require.ErrorContains(t, err, "--dataset-pvc is for --harness inference-perf")
	for _, bad := range []string{"", ":x", "Bad_Claim", "c:../etc/passwd"} {
		_, err := ParseDatasetClaim(bad)
		require.ErrorContains(t, err, "--dataset-pvc", bad)
	}
}
