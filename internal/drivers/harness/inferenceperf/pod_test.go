package inferenceperf

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/inputerr"
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

func podPlan(ds *sweep.DataFile) sweep.Plan {
	return sweep.Plan{ID: "knee-k", PerGPU: []int{8}, GPUs: 1, Model: "m", Endpoint: "http://sim:8000", API: "completion",
		InputTokens: 128, OutputTokens: 128, MinRequests: 8, RequestsPerConcurrency: 1, Harness: "inference-perf", Runner: "kube",
		Workload: &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, Dataset: ds, IgnoreEOS: true}}
}

func TestPodMountsItsConfig(t *testing.T) {
	plan := sweep.Plan{ID: "s", Model: "Qwen/Qwen3-8B", Endpoint: "http://x:8000", API: "completion",
		GPUs: 4, PerGPU: []int{64}, InputTokens: 128, OutputTokens: 128, MinRequests: 100, RequestsPerConcurrency: 8}
	spec, err := Pod{}.Pod(plan, plan.Levels()[0])
	require.NoError(t, err)
	require.Equal(t, []string{"--config_file", "/etc/knee/config.yaml"}, spec.Args)
	require.Contains(t, spec.Files["config.yaml"], "concurrency_level: 256")
	require.Contains(t, spec.Files["config.yaml"], "num_requests: 2048")
}

// A dataset that would not fit in a ConfigMap with the config is refused
// naming the file, its size and Kubernetes' limit.
func TestPodRefusesADatasetOverTheConfigMapBound(t *testing.T) {
	entry := `{"conversations":[{"from":"human","value":"` + strings.Repeat("word ", 200) + `"},{"from":"gpt","value":"ok"}]}`
	raw := []byte("[" + strings.TrimSuffix(strings.Repeat(entry+",", 1100), ",") + "]")
	require.Greater(t, len(raw), kube.MaxConfigMapBytes)
	ds := podDataFile(t, "big.json", raw, "sharegpt")
	p := podPlan(ds)
	_, err := Pod{}.Pod(p, p.Levels()[0])
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, ds.File, in.File)
	require.Equal(t, "--dataset", in.Field)
	require.ErrorContains(t, err, "which Kubernetes bounds at 1048576 bytes (1 MiB)")
}

// --dataset-pvc: the dataset stays on its volume (no ConfigMap copy), the
// config names it at the mount, and the pod starts inference-perf only
// when the file's SHA-256 is the plan's (the Job's mount of the claim is
// kube's TestJobMountsTheDatasetClaim).
func TestPodReadsTheDatasetFromAClaim(t *testing.T) {
	ds := podDataFile(t, "chats.json", []byte(`[{"conversations":[{"from":"human","value":"Hi"},{"from":"gpt","value":"Hello"}]}]`), "sharegpt")
	p := podPlan(ds)
	claim, err := kube.ParseDatasetClaim("sharegpt-data:sets/chats.json")
	require.NoError(t, err)
	spec, err := Pod{Claim: claim}.Pod(p, p.Levels()[0])
	require.NoError(t, err)
	require.NotContains(t, spec.Files, "dataset.json")
	require.Contains(t, spec.Files["config.yaml"], "path: /var/lib/knee/dataset/sets/chats.json\n")
	require.Equal(t, "sharegpt-data", spec.Claim)
	require.Equal(t, "sh", spec.Command[0])
	require.Equal(t, "echo '"+ds.SHA256+"  /var/lib/knee/dataset/sets/chats.json' | sha256sum -c - >/dev/null 2>&1 || { echo 'knee: /var/lib/knee/dataset/sets/chats.json on PersistentVolumeClaim sharegpt-data is not the dataset the plan records (sha256 "+ds.SHA256+")' >&2; exit 1; }\nexec inference-perf --config_file /etc/knee/config.yaml", spec.Command[2])

	claim, _ = kube.ParseDatasetClaim("sharegpt-data")
	spec, err = Pod{Claim: claim}.Pod(p, p.Levels()[0])
	require.NoError(t, err)
	require.Contains(t, spec.Files["config.yaml"], "path: /var/lib/knee/dataset/chats.json\n")
}
