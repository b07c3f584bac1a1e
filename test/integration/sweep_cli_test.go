//go:build integration

package integration

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// readSweep reads a results folder's sweep.json.
func readSweep(t *testing.T, dir string) *sweep.Sweep {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "sweep.json"))
	require.NoError(t, err)
	var s sweep.Sweep
	require.NoError(t, json.Unmarshal(b, &s))
	return &s
}

// A full 3-level inference-perf sweep on the GB300 node, then find and
// baseline on its results folder: the numbers are the recorded stages',
// GPUs and accelerator come from the node, and nothing is left behind.
func TestKubeSweepInferencePerfFindBaseline(t *testing.T) {
	e := newEnv(t, map[int][]byte{0: ipPodLog(t, 1), 1: ipPodLog(t, 2), 2: ipPodLog(t, 3)})
	out := filepath.Join(t.TempDir(), "gb300-run")
	_, stderr, code := e.knee(t, "sweep", "--runner", "kube", "--harness", "inference-perf", "--api", "completion",
		"--node", "gb300-0", "--service", "sim:http", "--model", "sim-llm",
		"--per-gpu", "4,16,32", "--stop-past-knee=false", "--leaf", "gb300-eks-ubuntu-inference-dynamo", "--out", out, "-o", "json")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stderr, "target: node gb300-0 (gb300, 4 GPUs, 4 free), endpoint http://sim."+e.ns+".svc.cluster.local:8000")

	s := readSweep(t, out)
	require.Equal(t, 4, s.GPUs)
	require.Equal(t, "gb300", s.Accelerator)
	require.Len(t, s.Points, 3)
	for i, k := range []int{1, 2, 3} {
		p := s.Points[i]
		tok, ttft := ipStage(t, k)
		require.InDelta(t, tok, p.ThroughputTokS, 1e-6, "level %d", i)
		require.NotNil(t, p.TTFT.P99)
		require.InDelta(t, ttft, *p.TTFT.P99, 1e-6, "level %d", i)
		require.Equal(t, []float64{4, 16, 32}[i], *p.PerGPU)
		require.Equal(t, []float64{16, 64, 128}[i], p.Concurrency)
		require.Regexp(t, `: knee-[a-z0-9-]+-l[0-2]-[0-9]+-[a-z0-9]{5} stage 1 \(inference-perf\)$`, p.Source)
	}
	// The raw pod log is kept verbatim in the level's folder.
	logs, _ := filepath.Glob(filepath.Join(out, store.LevelsDir, "*", "pod.log"))
	require.Len(t, logs, 3)
	raw, err := os.ReadFile(logs[0])
	require.NoError(t, err)
	require.Equal(t, string(ipPodLog(t, 1)), string(raw))
	require.Empty(t, e.leftovers(t))

	stdout, stderr, code := e.knee(t, "find", out, "-o", "json")
	require.Equal(t, 0, code, stderr)
	var f struct {
		Sweep struct {
			Accelerator string `json:"accelerator"`
			GPUs        int    `json:"gpus"`
		} `json:"sweep"`
		Knee struct {
			Status string `json:"status"`
		} `json:"knee"`
		Recommended *float64 `json:"recommended_per_gpu"`
		Points      []struct {
			PerGPU  float64  `json:"per_gpu"`
			Verdict string   `json:"verdict"`
			Reasons []string `json:"reasons"`
		} `json:"points"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &f), stdout)
	require.Equal(t, "gb300", f.Sweep.Accelerator)
	require.Equal(t, 4, f.Sweep.GPUs)
	require.Len(t, f.Points, 3)
	t.Logf("find: knee %s, recommended %v, verdicts %+v", f.Knee.Status, f.Recommended, f.Points)
	// The recorded stages: 16 → 64 in flight still scales (4 is verified by
	// that rise), 64 is at the simulated server's 64-sequence batch, 128 is
	// past it (and inference-perf with 2 workers did not reach 128 in flight).
	require.Equal(t, "bracketed", f.Knee.Status)
	require.Equal(t, []string{"sub_knee", "sub_knee", "invalid"}, []string{f.Points[0].Verdict, f.Points[1].Verdict, f.Points[2].Verdict})
	require.Contains(t, f.Points[2].Reasons, "past_knee")
	require.Equal(t, 16.0, *f.Recommended)

	// baseline proposes floors from the operating point, 16/GPU.
	stdout, stderr, code = e.knee(t, "baseline", out, "-o", "json")
	require.Equal(t, 0, code, stderr)
	var bl struct {
		Status      string   `json:"status"`
		Accelerator string   `json:"accelerator"`
		GPUs        int      `json:"gpus"`
		AtPerGPU    *float64 `json:"at_per_gpu"`
		Constraints []struct {
			Name  string `json:"name"`
			Value string `json:"value"`
		} `json:"constraints"`
		Measured struct {
			ThroughputTokS float64 `json:"throughput_tok_s"`
			TTFTP99        float64 `json:"ttft_p99_ms"`
		} `json:"measured"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &bl), stdout)
	t.Logf("baseline: %+v", bl)
	require.Equal(t, "proposed", bl.Status)
	require.Equal(t, "gb300", bl.Accelerator)
	require.Equal(t, 4, bl.GPUs)
	require.Equal(t, 16.0, *bl.AtPerGPU)
	tok, ttft := ipStage(t, 2)
	require.InDelta(t, tok, bl.Measured.ThroughputTokS, 1e-6)
	require.InDelta(t, ttft, bl.Measured.TTFTP99, 1e-6)
	names := map[string]string{}
	for _, c := range bl.Constraints {
		names[c.Name] = c.Value
	}
	require.Equal(t, "16", names["inference-concurrency-per-gpu"])
	require.Regexp(t, `^>= [0-9]+$`, names["inference-throughput"])
	require.Regexp(t, `^<= [0-9]+$`, names["inference-ttft-p99"])
}

// One flat level is not enough to stop the climb (it could be noise; see
// knee.PastKneeRule), but queueing is: the recorded AIPerf exports come from
// a simulator capped at 64 in flight, and at 32/GPU (128 in flight) TTFT
// carries most of the growth in time in flight (Little's law), so the climb
// stops there with the reason, and 64/GPU is never created.
func TestKubeSweepStopsAtAQueueingLevel(t *testing.T) {
	e := newEnv(t, map[int][]byte{0: aiperfPodLog(t, 32), 1: aiperfPodLog(t, 128), 2: aiperfPodLog(t, 256)})
	out := filepath.Join(t.TempDir(), "run")
	_, stderr, code := e.knee(t, "sweep", "--runner", "kube", "--harness", "aiperf", "--node", "gb300-0",
		"--endpoint", "http://sim:8000", "--model", "sim-llm", "--per-gpu", "8,32,64", "--out", out)
	require.Equal(t, 0, code, stderr)
	require.Regexp(t, `stopped: past the knee after level 1: 32/GPU .*queueing: mean TTFT rose`, stderr)
	s := readSweep(t, out)
	require.Len(t, s.Points, 2)
	for i, c := range []int{32, 128} {
		tok, ttft := aiperfExport(t, c)
		require.InDelta(t, tok, s.Points[i].ThroughputTokS, 1e-6)
		require.InDelta(t, ttft, *s.Points[i].TTFT.P99, 1e-6)
	}
	require.Equal(t, []string{"0", "1"}, e.router.Levels(), "levels whose pods were created")
	require.Empty(t, e.leftovers(t))

	stdout, stderr, code := e.knee(t, "find", out, "-o", "json")
	require.Equal(t, 0, code, stderr)
	require.Contains(t, stdout, `"queueing"`)
}

// Bad input on the command line is exit 2 with the flag named, before any
// Job is created.
func TestKubeSweepBadInput(t *testing.T) {
	e := newEnv(t, nil)
	base := []string{"sweep", "--runner", "kube", "--harness", "aiperf", "--model", "m", "--per-gpu", "8", "--out", t.TempDir() + "/x"}
	for _, tc := range []struct {
		name string
		args []string
		msg  string
	}{
		{"service missing", []string{"--service", "nope"}, "Service " + e.ns + "/nope not found"},
		{"service without the port", []string{"--service", "sim:9000"}, `has no port "9000" (ports: 8000)`},
		{"unknown node", []string{"--service", "sim", "--node", "nope"}, `node "nope" not found`},
		{"node without GPUs", []string{"--service", "sim", "--node", "cpu-0"}, `node "cpu-0" has no allocatable nvidia.com/gpu`},
		{"context that does not exist", []string{"--service", "sim", "--context", "nope"}, `context "nope" does not exist`},
		{"no endpoint", nil, "--endpoint/--service"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := e.knee(t, append(append([]string{}, base...), tc.args...)...)
			require.Equal(t, 2, code, stderr)
			require.Contains(t, stderr, tc.msg)
		})
	}
	require.Empty(t, e.router.Levels())
	require.Empty(t, e.leftovers(t))
}

// Ctrl-C while a level runs, then --resume: the same points as an
// uninterrupted sweep, and no Job or ConfigMap left at any point after exit.
func TestKubeSweepInterruptResume(t *testing.T) {
	logs := map[int][]byte{0: aiperfPodLog(t, 32), 1: aiperfPodLog(t, 128), 2: aiperfPodLog(t, 256)}
	args := func(out string) []string {
		return []string{"sweep", "--runner", "kube", "--harness", "aiperf", "--node", "gb300-0", "--service", "sim",
			"--model", "sim-llm", "--per-gpu", "8,32,64", "--stop-past-knee=false", "--out", out}
	}

	ref := newEnv(t, logs)
	refOut := filepath.Join(t.TempDir(), "ref")
	_, stderr, code := ref.knee(t, args(refOut)...)
	require.Equal(t, 0, code, stderr)

	e := newEnv(t, logs)
	out := filepath.Join(t.TempDir(), "run")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, kneeBin, args(out)...)
	cmd.Env = append(os.Environ(), "KUBECONFIG="+e.id.Kubeconfig)
	errPipe, err := cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	// Interrupt as soon as level 1's Job exists.
	var seen []string
	sc := bufio.NewScanner(errPipe)
	for sc.Scan() {
		seen = append(seen, sc.Text())
		if strings.Contains(sc.Text(), "level 1 (32/GPU): Job") && strings.Contains(sc.Text(), "created") {
			require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
			break
		}
	}
	for sc.Scan() {
		seen = append(seen, sc.Text())
	}
	err = cmd.Wait()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee, strings.Join(seen, "\n"))
	require.Equal(t, 130, ee.ExitCode(), strings.Join(seen, "\n")) // 128 + SIGINT
	t.Logf("interrupted run:\n%s", strings.Join(seen, "\n"))
	require.Contains(t, strings.Join(seen, "\n"), "--resume")
	require.Regexp(t, `level 1 \(32/GPU\): deleted Job knee-it-[0-9]+/knee-[a-z0-9-]+-l1-32 \(and its pod\) after: context canceled`, strings.Join(seen, "\n"))
	require.Empty(t, e.leftovers(t), "Ctrl-C cleans up the level in flight")
	require.Len(t, readSweep(t, out).Points, 1)

	_, stderr, code = e.knee(t, "sweep", "--resume", out)
	require.Equal(t, 0, code, stderr)
	require.Empty(t, e.leftovers(t))

	got, want := readSweep(t, out), readSweep(t, refOut)
	require.Len(t, got.Points, 3)
	for i := range want.Points {
		g, w := got.Points[i], want.Points[i]
		g.Source, w.Source = "", ""
		gj, _ := json.Marshal(g)
		wj, _ := json.Marshal(w)
		require.JSONEq(t, string(wj), string(gj), "level %d", i)
	}
	require.Equal(t, want.GPUs, got.GPUs)
	require.Equal(t, want.Accelerator, got.Accelerator)
}

// The tests really run with least privilege: the ServiceAccount cannot
// read Secrets or create pods directly.
func TestServiceAccountIsLeastPrivilege(t *testing.T) {
	e := newEnv(t, nil)
	_, err := e.sa.CoreV1().Secrets(e.ns).List(context.Background(), metav1.ListOptions{})
	require.Error(t, err)
	require.Contains(t, err.Error(), "forbidden")
	_, err = e.sa.BatchV1().Jobs("default").List(context.Background(), metav1.ListOptions{})
	require.Error(t, err, "the Role is namespaced")
	left, err := jobsLeft(context.Background(), cluster.AdminCS, e.ns, "x")
	require.NoError(t, err)
	require.Empty(t, left)
}

// A level whose pod log holds no result fails the sweep with the pod's name
// and the first lines of its log; the level before it stays in the results
// folder, and the next one is not started.
func TestKubeSweepFailedLevelKeepsCompletedLevels(t *testing.T) {
	noResult, err := os.ReadFile(filepath.Join(aiperfRun(128), "stdout.log"))
	require.NoError(t, err)
	e := newEnv(t, map[int][]byte{0: aiperfPodLog(t, 32), 1: noResult, 2: aiperfPodLog(t, 256)})
	out := filepath.Join(t.TempDir(), "run")
	_, stderr, code := e.knee(t, "sweep", "--runner", "kube", "--harness", "aiperf", "--node", "gb300-0", "--service", "sim",
		"--model", "sim-llm", "--per-gpu", "8,32,64", "--out", out)
	require.NotEqual(t, 0, code, stderr)
	require.Regexp(t, `level 1 \(32/GPU\): pod knee-[a-z0-9-]+-l1-32-[a-z0-9]{5}: `, stderr)
	require.Contains(t, stderr, "the log has no AIPerf result block")
	first := strings.SplitN(string(noResult), "\n", 2)[0]
	require.Contains(t, stderr, first)
	require.Contains(t, stderr, "--resume "+out)
	s := readSweep(t, out)
	require.Len(t, s.Points, 1)
	tok, _ := aiperfExport(t, 32)
	require.InDelta(t, tok, s.Points[0].ThroughputTokS, 1e-6)
	require.Equal(t, []string{"0", "1"}, e.router.Levels())
	require.Empty(t, e.leftovers(t))
}
