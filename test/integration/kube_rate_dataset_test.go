//go:build integration

package integration

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/drivers/harness/inferenceperf"
	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

const kubecon = "inference-perf/kubecon-na-2025-vllm"

// rateStageLog is the pod log of a run whose stage i is recorded stage
// ks[i] of the KubeCon demo's rate report (real inference-perf output), as
// v0.6+ prints a stage: its report JSON between the START/END markers.
func rateStageLog(t *testing.T, ks ...int) []byte {
	t.Helper()
	out := "INFO inference-perf starting\n"
	for i, k := range ks {
		b, err := os.ReadFile(filepath.Join(fixtures.Path(kubecon), fmt.Sprintf("stage_%d_lifecycle_metrics.json", k)))
		require.NoError(t, err)
		out += fmt.Sprintf("=== START_STAGE_%d ===\n%s\n=== END_STAGE_%d ===\n", i, strings.TrimRight(string(b), "\n"), i)
	}
	return []byte(out)
}

// shareGPT writes a ShareGPT dataset of n entries (synthetic test input,
// not a measurement), each a human turn and its reply.
func shareGPT(t *testing.T, n int, filler string) sweep.DataFile {
	t.Helper()
	type turn struct {
		From  string `json:"from"`
		Value string `json:"value"`
	}
	type entry struct {
		Conversations []turn `json:"conversations"`
	}
	entries := make([]entry, n)
	for i := range entries {
		entries[i] = entry{[]turn{{"human", fmt.Sprintf("Question %d: where is the knee? %s", i, filler)}, {"gpt", "Where throughput stops growing."}}}
	}
	raw, err := json.Marshal(entries)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "chats.json")
	require.NoError(t, os.WriteFile(path, raw, 0o644))
	s := sha256.Sum256(raw)
	return sweep.DataFile{File: path, SHA256: hex.EncodeToString(s[:]), Format: "sharegpt", Entries: n}
}

// A rate ladder with a ShareGPT dataset on inference-perf, as kube Jobs on
// the test bed: each level's ConfigMap carries its config (a poisson stage
// at the level's rate, data.path at the ConfigMap's mount) and the dataset,
// byte for byte, its SHA-256 annotated; the Job mounts it; the planted
// report (real stages of the KubeCon demo's multi-stage rate report, one
// per rate) is read back per rate with the offered rate and the
// Little's-law concurrency. A dataset over the ConfigMap bound is refused
// before anything is created.
func TestKubeRateLadderCarriesTheDatasetInAConfigMap(t *testing.T) {
	e := newEnv(t, map[int][]byte{0: rateStageLog(t, 1), 1: rateStageLog(t, 2)})
	ex := e.executor(kube.JobOptions{})
	ex.Harness = inferenceperf.Pod{Options: inferenceperf.Options{NumWorkers: 4}}
	ds := shareGPT(t, 3, "")
	plan := sweep.Plan{ID: "rate-ds", Rates: []float64{31.4, 61.79}, Arrivals: sweep.ArrivalsPoisson, RateDurationS: 60, GPUs: 4,
		Model: "sim-llm", Endpoint: "http://sim:8000", API: "completion", InputTokens: 8, OutputTokens: 5, MinRequests: 1,
		Harness: "inference-perf", Runner: "kube",
		Workload: &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 8}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 5}, Dataset: &ds, IgnoreEOS: true}}
	levels := plan.Levels()
	ctx := context.Background()

	ex.Keep = true
	res, err := ex.RunLevel(ctx, plan, levels[0])
	require.NoError(t, err)
	cm, err := cluster.AdminCS.CoreV1().ConfigMaps(e.ns).Get(ctx, "knee-rate-ds-l0-0", metav1.GetOptions{})
	require.NoError(t, err)
	raw, err := os.ReadFile(ds.File)
	require.NoError(t, err)
	require.Equal(t, string(raw), cm.Data[inferenceperf.DatasetFile])
	require.Equal(t, ds.SHA256, cm.Annotations[kube.AnnotationDatasetSHA256])
	require.Contains(t, cm.Data["config.yaml"], "type: poisson\n    stages:\n        - rate: 31.4\n          duration: 60\n")
	require.Contains(t, cm.Data["config.yaml"], "type: shareGPT\n    path: /etc/knee/dataset.json\n")
	job, err := cluster.AdminCS.BatchV1().Jobs(e.ns).Get(ctx, "knee-rate-ds-l0-0", metav1.GetOptions{})
	require.NoError(t, err)
	require.Equal(t, "knee-rate-ds-l0-0", job.Spec.Template.Spec.Volumes[1].ConfigMap.Name)
	require.Equal(t, "/etc/knee", job.Spec.Template.Spec.Containers[0].VolumeMounts[1].MountPath)

	ex.Keep = false
	res, err = ex.RunLevel(ctx, plan, levels[0])
	require.NoError(t, err)
	res1, err := ex.RunLevel(ctx, plan, levels[1])
	require.NoError(t, err)
	require.Empty(t, e.leftovers(t))
	for i, r := range []*sweep.LevelResult{res, res1} {
		require.Len(t, r.Points, 1)
		pt := r.Points[0]
		b, err := os.ReadFile(filepath.Join(fixtures.Path(kubecon), fmt.Sprintf("stage_%d_lifecycle_metrics.json", i+1)))
		require.NoError(t, err)
		var st struct {
			Load struct {
				Requested float64 `json:"requested_rate"`
			} `json:"load_summary"`
		}
		var ach struct {
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
		require.NoError(t, json.Unmarshal(b, &st))
		require.NoError(t, json.Unmarshal(b, &ach))
		require.Equal(t, levels[i].Rate, st.Load.Requested)
		require.Equal(t, levels[i].Rate, *pt.RequestedRate)
		require.True(t, pt.Derived)
		require.InDelta(t, ach.Load.Achieved*ach.Successes.Latency.E2E.Mean, pt.Concurrency, 1e-9)
		require.InDelta(t, pt.Concurrency/4, *pt.PerGPU, 1e-9)
	}

	// Over the bound: named, with the limit, before any object exists.
	big := shareGPT(t, 2, strings.Repeat("word ", 1<<18))
	plan.Workload.Dataset = &big
	_, err = ex.RunLevel(ctx, plan, levels[0])
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, "--dataset", in.Field)
	require.ErrorContains(t, err, "Kubernetes bounds at 1048576 bytes (1 MiB)")
	require.Empty(t, e.leftovers(t))
}

// The CLI on the test bed: `knee sweep --runner kube --harness
// inference-perf --rate … --arrivals poisson --dataset …` is no longer
// refused; the rates run as one Job (labelled as level 0) of one stage per
// rate whose ConfigMap carries the dataset, its planted multi-stage report
// (real KubeCon demo stages at 31.4 and 61.79 req/s) is read back per rate,
// and sweep.json records the rate levels and the workload as the built-in
// harness records it. A dataset over the ConfigMap bound is exit 2 naming
// the limit and --dataset-pvc, before any Job exists.
func TestKubeSweepRateLadderWithADataset(t *testing.T) {
	e := newEnv(t, map[int][]byte{0: rateStageLog(t, 1, 2)})
	ds := shareGPT(t, 3, "")
	out := filepath.Join(t.TempDir(), "rate-run")
	_, stderr, code := e.knee(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--api", "completion",
		"--node", "gb300-0", "--service", "sim:http", "--model", "sim-llm", "--rate", "31.4,61.79", "--arrivals", "poisson",
		"--rate-duration", "60s", "--dataset", ds.File, "--out", out)
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "levels 0–1 (2 stages): Job ")
	s := readSweep(t, out)
	require.Len(t, s.Points, 2)
	for _, lvl := range []string{"000-31.4rps", "001-61.79rps"} {
		raw, err := os.ReadFile(filepath.Join(out, "levels", lvl, "pod.log"))
		require.NoError(t, err)
		require.Equal(t, string(rateStageLog(t, 1, 2)), string(raw))
	}
	require.ElementsMatch(t, []float64{31.4, 61.79}, []float64{*s.Points[0].RequestedRate, *s.Points[1].RequestedRate})
	require.NotNil(t, s.Workload)
	require.Equal(t, ds.SHA256, s.Workload.Dataset.SHA256)
	require.Equal(t, "sharegpt", s.Workload.Dataset.Format)
	require.Equal(t, 3, s.Workload.Dataset.Entries)
	require.Empty(t, e.leftovers(t))

	big := shareGPT(t, 2, strings.Repeat("word ", 1<<18))
	_, stderr, code = e.knee(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--api", "completion",
		"--node", "gb300-0", "--service", "sim:http", "--model", "sim-llm", "--rate", "31.4", "--rate-duration", "60s",
		"--dataset", big.File, "--out", filepath.Join(t.TempDir(), "big"))
	require.Equal(t, 2, code, stderr)
	require.Contains(t, stderr, "Kubernetes bounds at 1048576 bytes (1 MiB)")
	require.Contains(t, stderr, "--dataset-pvc CLAIM[:PATH]")
	require.Empty(t, e.leftovers(t))
}
