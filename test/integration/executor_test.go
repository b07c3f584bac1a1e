//go:build integration

package integration

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kneetool/knee/internal/drivers/harness/aiperf"
	"github.com/kneetool/knee/internal/drivers/harness/inferenceperf"
	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/test/integration/testbed"
)

func aiperfPlan(id string, perGPU ...int) sweep.Plan {
	return sweep.Plan{ID: id, PerGPU: perGPU, GPUs: 4, Model: "sim-llm", Endpoint: "http://sim:8000", API: "chat",
		InputTokens: 128, OutputTokens: 128, MinRequests: 1000, RequestsPerConcurrency: 8, Harness: "aiperf", Runner: "kube"}
}

func (e *env) executor(jo kube.JobOptions) *kube.Executor {
	jo.Namespace = e.ns
	return &kube.Executor{Client: e.sa, Harness: aiperf.Pod{}, Job: jo, PendingTimeout: 3 * time.Second}
}

// kwok's chaos stage fails the load generator with exit code 1: the level
// fails at once, naming the pod, its exit code and the first lines of its
// log, and its Job is gone.
func TestKubeLevelFailingJob(t *testing.T) {
	out, err := os.ReadFile(filepath.Join(aiperfRun(32), "stdout.log"))
	require.NoError(t, err)
	e := newEnv(t, map[int][]byte{0: out})
	ex := e.executor(kube.JobOptions{PodLabels: map[string]string{testbed.FailLabel: "true"}})
	plan := aiperfPlan("fail", 8)
	start := time.Now()
	_, err = ex.RunLevel(context.Background(), plan, plan.Levels()[0])
	require.Error(t, err)
	require.Less(t, time.Since(start), 30*time.Second)
	require.Regexp(t, `level 0 \(8/GPU\): pod knee-fail-l0-8-[a-z0-9]{5} failed: container loadgen exited with code 1 \(containerFailed\): container failed`, err.Error())
	first := string(bytes.SplitN(out, []byte("\n"), 2)[0])
	require.Contains(t, err.Error(), "first lines of the log of pod knee-fail-l0-8-")
	require.Contains(t, err.Error(), first)
	require.Empty(t, e.leftovers(t))
}

// A load generator that asks for more GPUs than any node has stays
// Pending: the level fails after --pending-timeout with the scheduler's
// reason, and is cleaned up.
func TestKubeLevelUnschedulableTimesOut(t *testing.T) {
	e := newEnv(t, nil)
	ex := e.executor(kube.JobOptions{LoadgenGPUs: 16})
	plan := aiperfPlan("pending", 8)
	_, err := ex.RunLevel(context.Background(), plan, plan.Levels()[0])
	require.Error(t, err)
	require.Regexp(t, `level 0 \(8/GPU\): pod knee-pending-l0-8-[a-z0-9]{5} could not be scheduled for 3s \(--pending-timeout\): .*Insufficient nvidia.com/gpu`, err.Error())
	require.Empty(t, e.leftovers(t))
}

// A log without a result block, and a result block that is not JSON, fail
// the level with the pod name and the first lines of the log.
func TestKubeLevelBadHarnessLog(t *testing.T) {
	noResult, err := os.ReadFile(filepath.Join(aiperfRun(32), "stdout.log"))
	require.NoError(t, err)
	notJSON := append(append([]byte{}, noResult...), []byte("===AIPERF-RESULT===\n{\"output_token_throughput\": {\"avg\": 12\n===AIPERF-RESULT===\n")...)
	e := newEnv(t, map[int][]byte{0: noResult, 1: notJSON})
	ex := e.executor(kube.JobOptions{})
	plan := aiperfPlan("badlog", 8, 32)
	first := string(bytes.SplitN(noResult, []byte("\n"), 2)[0])

	_, err = ex.RunLevel(context.Background(), plan, plan.Levels()[0])
	require.Error(t, err)
	require.Regexp(t, `level 0 \(8/GPU\): pod knee-badlog-l0-8-[a-z0-9]{5}: pod/`+e.ns+`/knee-badlog-l0-8-[a-z0-9]{5}: ===AIPERF-RESULT===: the log has no AIPerf result block`, err.Error())
	require.Contains(t, err.Error(), first)

	_, err = ex.RunLevel(context.Background(), plan, plan.Levels()[1])
	require.Error(t, err)
	require.Regexp(t, `level 1 \(32/GPU\): pod knee-badlog-l1-32-[a-z0-9]{5}: `, err.Error())
	require.Contains(t, err.Error(), first)
	require.Empty(t, e.leftovers(t))
}

// Automatic node choice takes the node with the most free GPUs: the 8-GPU
// H100 node while it is idle, the 4-GPU GB300 node once a running pod holds
// 6 of the H100's GPUs. GPU count and accelerator come from the node.
func TestKubeAutoNodeChoice(t *testing.T) {
	e := newEnv(t, nil)
	ctx := context.Background()
	tg, err := kube.Discover(ctx, e.sa, kube.DiscoverOptions{})
	require.NoError(t, err)
	require.Equal(t, kube.Target{Node: "h100-0", GPUs: 8, FreeGPUs: 8, Product: "NVIDIA-H100-80GB-HBM3", Accelerator: "h100"}, *tg)

	gpus := corev1.ResourceList{"nvidia.com/gpu": resource.MustParse("6")}
	_, err = cluster.AdminCS.CoreV1().Pods(e.ns).Create(ctx, &corev1.Pod{
		ObjectMeta: metav1.ObjectMeta{Name: "vllm-worker"},
		Spec: corev1.PodSpec{
			NodeSelector: map[string]string{corev1.LabelHostname: "h100-0"},
			Containers:   []corev1.Container{{Name: "vllm", Image: "vllm/vllm-openai:v0.11.0", Resources: corev1.ResourceRequirements{Requests: gpus, Limits: gpus}}},
		},
	}, metav1.CreateOptions{})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		p, err := cluster.AdminCS.CoreV1().Pods(e.ns).Get(ctx, "vllm-worker", metav1.GetOptions{})
		return err == nil && p.Status.Phase == corev1.PodRunning
	}, 30*time.Second, 100*time.Millisecond)

	tg, err = kube.Discover(ctx, e.sa, kube.DiscoverOptions{})
	require.NoError(t, err)
	require.Equal(t, kube.Target{Node: "gb300-0", GPUs: 4, FreeGPUs: 4, Product: "NVIDIA-GB300", Accelerator: "gb300"}, *tg)

	tg, err = kube.Discover(ctx, e.sa, kube.DiscoverOptions{Node: "h100-0"})
	require.NoError(t, err)
	require.Equal(t, 2, tg.FreeGPUs)
	require.Equal(t, 8, tg.GPUs)

	tg, err = kube.Discover(ctx, e.sa, kube.DiscoverOptions{GPUs: 2, Accelerator: "gb300-nvl"})
	require.NoError(t, err)
	require.Equal(t, "gb300-0", tg.Node)
	require.Equal(t, 2, tg.GPUs, "--gpus overrides the node")
	require.Equal(t, "gb300-nvl", tg.Accelerator, "--accelerator overrides the label")

	require.NoError(t, cluster.AdminCS.CoreV1().Pods(e.ns).Delete(ctx, "vllm-worker", metav1.DeleteOptions{GracePeriodSeconds: new(int64)}))
	require.Eventually(t, func() bool {
		tg, err := kube.Discover(ctx, e.sa, kube.DiscoverOptions{})
		return err == nil && tg.Node == "h100-0"
	}, 30*time.Second, 100*time.Millisecond)
}

// BenchmarkKubeLevelOverhead measures what knee and the control plane add
// per level: create the Job, watch it to completion, read and parse the
// log, delete the Job (foreground) — with the harness's own run time
// (zero under kwok) subtracted.
//
//	go test -tags integration -run '^$' -bench KubeLevelOverhead -benchtime 20x ./test/integration/
func BenchmarkKubeLevelOverhead(b *testing.B) {
	e := newEnv(b, map[int][]byte{0: aiperfPodLog(b, 32)})
	var sum kube.LevelTiming
	var maxO time.Duration
	ex := e.executor(kube.JobOptions{})
	ex.Timing = func(tm kube.LevelTiming) {
		sum.Created += tm.Created
		sum.Finished += tm.Finished
		sum.Parsed += tm.Parsed
		sum.Cleaned += tm.Cleaned
		sum.Harness += tm.Harness
		maxO = max(maxO, tm.Overhead())
	}
	plan := aiperfPlan("bench", 8)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ex.RunLevel(context.Background(), plan, plan.Levels()[0]); err != nil {
			b.Fatal(err)
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 / float64(b.N) }
	// Cumulative from the start of the level: objects created, pod seen
	// Succeeded, log read and parsed, Job and ConfigMap gone.
	b.ReportMetric(ms(sum.Created), "created-ms")
	b.ReportMetric(ms(sum.Finished), "finished-ms")
	b.ReportMetric(ms(sum.Parsed), "parsed-ms")
	b.ReportMetric(ms(sum.Harness), "harness-ms")
	b.ReportMetric(ms(sum.Overhead()), "overhead-ms/level")
	b.ReportMetric(float64(maxO.Microseconds())/1000, "max-overhead-ms")
}

// --keep leaves the level's Job and ConfigMap, labelled for the sweep and
// level, with the bounds knee sets (no retry, a deadline, a TTL).
func TestKubeLevelKeepLeavesLabelledObjects(t *testing.T) {
	e := newEnv(t, map[int][]byte{0: ipPodLog(t, 2)})
	ex := e.executor(kube.JobOptions{Deadline: 20 * time.Minute, TTL: 5 * time.Minute})
	ex.Harness, ex.Keep = inferenceperf.Pod{}, true
	plan := aiperfPlan("keep", 16)
	plan.Harness, plan.API, plan.MinRequests = "inference-perf", "completion", 100
	res, err := ex.RunLevel(context.Background(), plan, plan.Levels()[0])
	require.NoError(t, err)
	tok, _ := ipStage(t, 2)
	require.InDelta(t, tok, res.Points[0].ThroughputTokS, 1e-6)
	require.Contains(t, string(res.Raw["job.yaml"]), "image: "+kube.DefaultInferencePerfImage)

	ctx := context.Background()
	want := map[string]string{kube.LabelManagedBy: "knee", kube.LabelSweepID: "keep", kube.LabelLevel: "0", kube.LabelPerGPU: "16"}
	j, err := cluster.AdminCS.BatchV1().Jobs(e.ns).Get(ctx, "knee-keep-l0-16", metav1.GetOptions{})
	require.NoError(t, err)
	require.Equal(t, want, j.Labels)
	require.Equal(t, int32(0), *j.Spec.BackoffLimit)
	require.Equal(t, int64(1200), *j.Spec.ActiveDeadlineSeconds)
	require.Equal(t, int32(300), *j.Spec.TTLSecondsAfterFinished)
	require.Equal(t, "4", j.Spec.Template.Spec.Containers[0].Resources.Requests.Cpu().String())
	cm, err := cluster.AdminCS.CoreV1().ConfigMaps(e.ns).Get(ctx, "knee-keep-l0-16", metav1.GetOptions{})
	require.NoError(t, err)
	require.Equal(t, want, cm.Labels)
	require.Contains(t, cm.Data["config.yaml"], "concurrency_level: 64")
	require.ElementsMatch(t, []string{"job/knee-keep-l0-16", "configmap/knee-keep-l0-16"}, filterPods(e.leftovers(t)))

	// Running the level again replaces what the first run kept.
	ex.Keep = false
	_, err = ex.RunLevel(ctx, plan, plan.Levels()[0])
	require.NoError(t, err)
	require.Empty(t, e.leftovers(t))
}

func filterPods(names []string) []string {
	var out []string
	for _, n := range names {
		if len(n) < 4 || n[:4] != "pod/" {
			out = append(out, n)
		}
	}
	return out
}

// The Hugging Face token reaches the pod only as a Secret reference: the
// value is in no result file knee keeps.
func TestKubeLevelHFTokenIsOnlyReferenced(t *testing.T) {
	e := newEnv(t, map[int][]byte{0: aiperfPodLog(t, 32)})
	const token = "hf_kneeTestTokenValue0123456789"
	_, err := cluster.AdminCS.CoreV1().Secrets(e.ns).Create(context.Background(), &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: "hf"}, StringData: map[string]string{"token": token},
	}, metav1.CreateOptions{})
	require.NoError(t, err)
	ex := e.executor(kube.JobOptions{HFTokenSecret: "hf", HFTokenKey: "token"})
	plan := aiperfPlan("hf", 8)
	res, err := ex.RunLevel(context.Background(), plan, plan.Levels()[0])
	require.NoError(t, err)
	require.Len(t, res.Points, 1)
	for name, b := range res.Raw {
		require.NotContains(t, string(b), token, name)
	}
	require.Contains(t, string(res.Raw["job.yaml"]), "secretKeyRef:\n              key: token\n              name: hf")
}
