package kube

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"
	sigyaml "sigs.k8s.io/yaml"

	"github.com/kneetool/knee/sweep"
)

// Executor runs each level of a plan as one Kubernetes Job. One Job per
// level (not one Job for the ladder) is what lets the engine stop past the
// knee and resume a half-done sweep.
type Executor struct {
	Client  kubernetes.Interface
	Harness Harness
	Job     JobOptions
	// Keep leaves each level's Job and ConfigMap in the cluster (debugging).
	Keep bool
	// PendingTimeout fails a level whose pod stays unschedulable this long.
	PendingTimeout time.Duration
	// Node is the GPU node under test: a level fails at once when it is
	// deleted or stops being Ready (the server it measures is gone).
	Node string
	// NodeGrace is how long a node may stay not Ready before the level
	// fails (default 5s: the node controller itself waits 40s before it
	// marks a silent kubelet Unknown, so not Ready is a settled verdict).
	NodeGrace time.Duration
	// Progress receives one line per state change and a heartbeat (stderr).
	Progress io.Writer
	// Timing, when set, is told how long each phase of a level took; the
	// overhead benchmark and tests read it.
	Timing func(LevelTiming)
}

// LevelTiming splits one level's wall time. Overhead is everything but the
// harness's own run (pod start to pod end): what knee and the control plane
// add per level.
type LevelTiming struct {
	Level    int
	Created  time.Duration // objects created
	Finished time.Duration // pod succeeded, as seen by the watch
	Parsed   time.Duration // log read and parsed
	Cleaned  time.Duration // Job (with its pod) and ConfigMap gone
	// Harness is the time the load-generator container ran, from its status.
	Harness time.Duration
}

// Overhead is the level's wall time minus the harness's own run time.
func (t LevelTiming) Overhead() time.Duration { return t.Cleaned - t.Harness }

var _ sweep.Executor = (*Executor)(nil)

// logHeadLines is how much of a log a failure message quotes.
const logHeadLines = 8

// RunLevel creates the level's objects, waits for its pod, reads and parses
// its log and deletes what it created — also when it fails or ctx ends.
func (e *Executor) RunLevel(ctx context.Context, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error) {
	spec, err := e.Harness.Pod(plan, lvl)
	if err != nil {
		return nil, err
	}
	res, err := e.runPod(ctx, plan, []sweep.Level{lvl}, spec, func(log []byte, source string) ([]*sweep.LevelResult, error) {
		r, err := e.Harness.Parse(log, source, plan, lvl)
		return []*sweep.LevelResult{r}, err
	})
	if err != nil || len(res) == 0 {
		return nil, err
	}
	return res[0], nil
}

// StagedHarness is a Harness that can run several levels in one pod, one
// stage each (inference-perf on a rate ladder).
type StagedHarness interface {
	Harness
	Staged(plan sweep.Plan) bool
	PodStages(plan sweep.Plan, levels []sweep.Level) (PodSpec, error)
	ParseStages(log []byte, source string, plan sweep.Plan, levels []sweep.Level) ([]*sweep.LevelResult, error)
}

// Staged implements sweep.StagedExecutor.
func (e *Executor) Staged(plan sweep.Plan) bool {
	sh, ok := e.Harness.(StagedHarness)
	return ok && sh.Staged(plan)
}

// RunStages implements sweep.StagedExecutor: one Job for the levels, named
// and labelled as the first of them, its pod log read back per stage;
// every level keeps the pod log and the Job.
func (e *Executor) RunStages(ctx context.Context, plan sweep.Plan, levels []sweep.Level) ([]*sweep.LevelResult, error) {
	sh, ok := e.Harness.(StagedHarness)
	if !ok || !sh.Staged(plan) {
		return nil, fmt.Errorf("%s does not run these levels as stages of one pod", e.Harness.Name())
	}
	spec, err := sh.PodStages(plan, levels)
	if err != nil {
		return nil, err
	}
	return e.runPod(ctx, plan, levels, spec, func(log []byte, source string) ([]*sweep.LevelResult, error) {
		return sh.ParseStages(log, source, plan, levels)
	})
}

// runPod creates the objects of the levels' pod (named for the first
// level), waits for it, reads and parses its log and deletes what it
// created — also when it fails or ctx ends.
func (e *Executor) runPod(ctx context.Context, plan sweep.Plan, levels []sweep.Level, spec PodSpec,
	parse func(log []byte, source string) ([]*sweep.LevelResult, error)) (res []*sweep.LevelResult, err error) {
	lvl := levels[0]
	start := time.Now()
	var tm LevelTiming
	tm.Level = lvl.Index
	o := e.Job.WithDefaults(e.Harness.Name())
	ns := o.Namespace
	name := levelName(plan.ID, lvl)
	lbl := levelLabels(plan.ID, lvl)
	label, load := fmt.Sprintf("level %d (%d/GPU)", lvl.Index, lvl.PerGPU), fmt.Sprintf("%d in flight", lvl.Concurrency)
	if lvl.Rate > 0 {
		label, load = fmt.Sprintf("level %d (%g req/s)", lvl.Index, lvl.Rate), fmt.Sprintf("%g req/s offered", lvl.Rate)
	}
	if n := len(levels); n > 1 {
		label, load = fmt.Sprintf("levels %d–%d (%d stages)", lvl.Index, levels[n-1].Index, n), fmt.Sprintf("%d rates", n)
	}
	requests := 0
	for _, l := range levels {
		requests += l.Requests
	}

	cm := buildConfigMap(name, lbl, o, spec)
	job := buildJob(name, lbl, o, spec)
	levelSel := labels.SelectorFromSet(labels.Set{LabelSweepID: lbl[LabelSweepID], LabelLevel: lbl[LabelLevel]})
	w, err := startWatch(ctx, e.Client, ns, levelSel.String())
	if err != nil {
		return nil, err
	}
	defer w.close()

	if err := e.clearLeftovers(ns, name, label, levelSel, cm != nil, w); err != nil {
		return nil, err
	}

	created := false
	defer func() {
		if !created || e.Keep {
			return
		}
		err = e.cleanUp(ns, name, label, cm != nil, w, err)
		if err != nil {
			res = nil
		}
		tm.Cleaned = time.Since(start)
		if err == nil && e.Timing != nil {
			e.Timing(tm)
		}
	}()

	created, err = e.create(ctx, ns, name, label, cm, job)
	if err != nil {
		return nil, err
	}
	tm.Created = time.Since(start)
	e.progressf("%s: Job %s/%s created (%s, %d requests)\n", label, ns, name, load, requests)

	out := w.wait(ctx, ns, name, waitRules{PendingGrace: e.pendingTimeout(), Deadline: o.Deadline, Progress: e.Progress, Label: label,
		Node: e.Node, NodeGrace: e.nodeGrace(), Nodes: e.Client})
	if out.err != nil {
		return nil, e.waitFailure(ns, label, out)
	}
	tm.Finished = time.Since(start)
	if p, _ := w.pods.Pods(ns).Get(out.pod); p != nil {
		tm.Harness = containerRunTime(p)
	}
	res, err = e.collect(ctx, ns, label, out.pod, job, parse)
	tm.Parsed = time.Since(start)
	return res, err
}

// clearLeftovers deletes a Job left by an interrupted run (--keep, or knee
// killed), which would make Create fail; a resumed level starts clean.
// Pods of the level without their Job (orphaned) are cleared the same way.
func (e *Executor) clearLeftovers(ns, name, label string, sel labels.Selector, hasConfigMap bool, w *levelWatch) error {
	levelPods, _ := w.pods.Pods(ns).List(sel)
	if _, getErr := w.jobs.Jobs(ns).Get(name); getErr != nil && len(levelPods) == 0 {
		return nil
	}
	e.progressf("%s: deleting Job %s left by an earlier run\n", label, name)
	return e.delete(ns, name, hasConfigMap, w)
}

// cleanUp deletes what the level created — also after Ctrl-C, since
// delete does not use the level's context — and folds a failed cleanup
// into the level's error, saying what is left and what removes it.
func (e *Executor) cleanUp(ns, name, label string, hasConfigMap bool, w *levelWatch, err error) error {
	if cerr := e.delete(ns, name, hasConfigMap, w); cerr != nil {
		// --resume deletes a level's leftovers before it reruns the level.
		left := "Job"
		if hasConfigMap {
			left = "Job and ConfigMap"
		}
		cerr = fmt.Errorf("%w; left in the cluster: %s %s/%s (removed by --resume, or with kubectl delete job,configmap -n %s %s; the Job's ttlSecondsAfterFinished is a last resort)",
			cerr, left, ns, name, ns, name)
		if err == nil {
			err = cerr
		} else {
			err = fmt.Errorf("%w (and cleanup failed: %v)", err, cerr)
		}
	}
	if err != nil {
		// Say so: after Ctrl-C or a failure the user wants to know
		// nothing of the level is left running.
		e.progressf("%s: deleted Job %s/%s (and its pod) after: %v\n", label, ns, name, firstLine(err))
	}
	return err
}

// create makes the level's ConfigMap (if any) and Job. Creates are retried
// while the API server is away; a retried create that answers
// AlreadyExists had gone through (the name is the level's). made says
// whether anything may exist in the cluster, for cleanUp — also when the
// create failed with its answer lost.
func (e *Executor) create(ctx context.Context, ns, name, label string, cm *corev1.ConfigMap, job *batchv1.Job) (made bool, err error) {
	if cm != nil {
		if _, err := retry(ctx, func(ctx context.Context) error {
			_, err := e.Client.CoreV1().ConfigMaps(ns).Create(ctx, cm, metav1.CreateOptions{})
			return err
		}); err != nil && !apierrors.IsAlreadyExists(err) {
			return outcomeUnknown(err), fmt.Errorf("%s: create ConfigMap %s/%s: %w", label, ns, name, err)
		}
	}
	retried, err := retry(ctx, func(ctx context.Context) error {
		_, err := e.Client.BatchV1().Jobs(ns).Create(ctx, job, metav1.CreateOptions{})
		return err
	})
	if err != nil && !(retried && apierrors.IsAlreadyExists(err)) {
		if outcomeUnknown(err) {
			// Ctrl-C while the create was on the wire: the API server may
			// have made the Job though its answer never came back (CI saw
			// one left running). Wait for it to show, then delete it.
			e.awaitCreated(ns, name)
			return true, fmt.Errorf("%s: create Job %s/%s: %w", label, ns, name, err)
		}
		return cm != nil, fmt.Errorf("%s: create Job %s/%s: %w", label, ns, name, err)
	}
	return true, nil
}

// waitFailure is the error of a level whose pod did not succeed, with the
// first lines of its log when there is one; an interrupt stays itself.
func (e *Executor) waitFailure(ns, label string, out outcome) error {
	if errors.Is(out.err, context.Canceled) || errors.Is(out.err, context.DeadlineExceeded) {
		return out.err
	}
	msg := fmt.Sprintf("%s: %v", label, out.err)
	if out.pod != "" {
		if head := e.logHead(ns, out.pod); head != "" {
			msg += "\nfirst lines of the log of pod " + out.pod + ":\n" + head
		}
	}
	return errors.New(msg)
}

// collect reads the finished pod's log and parses it into the level's
// result, keeping the log and the Job as submitted beside it.
func (e *Executor) collect(ctx context.Context, ns, label, pod string, job *batchv1.Job, parse func([]byte, string) ([]*sweep.LevelResult, error)) ([]*sweep.LevelResult, error) {
	log, err := e.readLog(ctx, ns, pod, logBadRequestWindow)
	if err != nil {
		if apierrors.IsForbidden(err) {
			// client-go shows a refused log read as "unknown": say what it is.
			return nil, fmt.Errorf("%s: read log of pod %s: forbidden: the ServiceAccount may not get pods/log in namespace %s (did its Role or RoleBinding change mid-sweep? see deploy/rbac): %w", label, pod, ns, err)
		}
		if apierrors.IsBadRequest(err) {
			// The API server passes on the kubelet's 400 without a reason.
			return nil, fmt.Errorf("%s: read log of pod %s: the kubelet of its node would not serve it for %s: %w", label, pod, logBadRequestWindow, err)
		}
		return nil, fmt.Errorf("%s: read log of pod %s: %w", label, pod, err)
	}
	results, err := parse(log, "pod/"+ns+"/"+pod)
	if err != nil {
		return nil, fmt.Errorf("%s: pod %s: %w\nfirst lines of its log:\n%s", label, pod, err, head(log, logHeadLines))
	}
	// The Job as submitted: image, resources and placement are part of
	// the measurement. It holds a Secret's name at most, never a value.
	jobYAML, yerr := sigyaml.Marshal(job)
	for _, res := range results {
		if res.Raw == nil {
			res.Raw = map[string][]byte{}
		}
		res.Raw["pod.log"] = log
		if yerr == nil {
			res.Raw["job.yaml"] = jobYAML
		}
	}
	return results, nil
}

// outcomeUnknown reports whether a create's error leaves open that the
// object was made: the API server answered nothing (cancelled, timed out,
// connection lost), as opposed to a status that refused it.
func outcomeUnknown(err error) bool {
	var status apierrors.APIStatus
	return !errors.As(err, &status)
}

// awaitCreated gives a create the API server may still be applying a few
// seconds to show, so that the delete that follows finds it; it returns at
// once when the Job exists, and after createSettle when it never appears.
func (e *Executor) awaitCreated(ns, name string) {
	ctx, cancel := context.WithTimeout(context.Background(), createSettle)
	defer cancel()
	for {
		if _, err := e.Client.BatchV1().Jobs(ns).Get(ctx, name, metav1.GetOptions{}); err == nil {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// createSettle bounds awaitCreated: an API server that received a create
// applies it within milliseconds; one that did not never will.
const createSettle = 3 * time.Second

func (e *Executor) nodeGrace() time.Duration {
	if e.NodeGrace > 0 {
		return e.NodeGrace
	}
	return 5 * time.Second
}

func (e *Executor) pendingTimeout() time.Duration {
	if e.PendingTimeout > 0 {
		return e.PendingTimeout
	}
	return 5 * time.Minute
}

func (e *Executor) progressf(format string, args ...any) {
	if e.Progress != nil {
		fmt.Fprintf(e.Progress, format, args...)
	}
}

// delete removes the level's Job (foreground: its pod goes first) and
// ConfigMap and waits until the Job is gone, so the next level never runs
// beside a terminating load generator.
func (e *Executor) delete(ns, name string, hasConfigMap bool, w *levelWatch) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	fg := metav1.DeletePropagationForeground
	var errs []error
	// Deletes are retried while the API server is away (restart, etcd).
	if _, err := retry(ctx, func(ctx context.Context) error {
		return e.Client.BatchV1().Jobs(ns).Delete(ctx, name, metav1.DeleteOptions{PropagationPolicy: &fg})
	}); err != nil && !apierrors.IsNotFound(err) {
		errs = append(errs, fmt.Errorf("delete Job %s/%s: %w", ns, name, err))
	}
	if hasConfigMap {
		if _, err := retry(ctx, func(ctx context.Context) error {
			return e.Client.CoreV1().ConfigMaps(ns).Delete(ctx, name, metav1.DeleteOptions{})
		}); err != nil && !apierrors.IsNotFound(err) {
			errs = append(errs, fmt.Errorf("delete ConfigMap %s/%s: %w", ns, name, err))
		}
	}
	if len(errs) == 0 && !w.waitGone(e.Client, ns, name, 60*time.Second) {
		errs = append(errs, fmt.Errorf("Job %s/%s still exists 60s after deletion", ns, name))
	}
	if len(errs) == 0 {
		errs = append(errs, e.deleteOrphanPods(ctx, ns, name)...)
	}
	return errors.Join(errs...)
}

// deleteOrphanPods deletes the level's pods that outlived its Job: a
// foreground delete takes them first, but a Job someone else deleted with
// orphan propagation (the API's default for batch/v1) leaves its pod.
func (e *Executor) deleteOrphanPods(ctx context.Context, ns, job string) []error {
	sel := labels.SelectorFromSet(labels.Set{batchv1.JobNameLabel: job}).String()
	var pods *corev1.PodList
	if _, err := retry(ctx, func(ctx context.Context) (err error) {
		pods, err = e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: sel})
		return err
	}); err != nil {
		return []error{fmt.Errorf("list pods of Job %s/%s: %w", ns, job, err)}
	}
	var errs []error
	for _, p := range pods.Items {
		if _, err := retry(ctx, func(ctx context.Context) error {
			return e.Client.CoreV1().Pods(ns).Delete(ctx, p.Name, metav1.DeleteOptions{})
		}); err != nil && !apierrors.IsNotFound(err) {
			errs = append(errs, fmt.Errorf("delete pod %s/%s left by Job %s: %w", ns, p.Name, job, err))
		}
	}
	if len(errs) == 0 && len(pods.Items) > 0 {
		if err := e.waitPodsGone(ctx, ns, sel); err != nil {
			errs = append(errs, fmt.Errorf("pods of Job %s/%s: %w", ns, job, err))
		}
	}
	return errs
}

// waitPodsGone waits until no pod matches sel. A deleted pod can linger
// while a finalizer holds it — the Job controller's tracking finalizer,
// which a controller-manager catching up after an API server restart
// removes late (the chaos test saw one outlive knee) — and a level is
// cleaned up only when nothing of it is left.
func (e *Executor) waitPodsGone(ctx context.Context, ns, sel string) error {
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		l, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: sel})
		if err == nil && len(l.Items) == 0 {
			return nil
		}
		select {
		case <-ctx.Done():
			if err == nil {
				return fmt.Errorf("pod %s still exists after deletion (finalizers %v)", l.Items[0].Name, l.Items[0].Finalizers)
			}
			return err
		case <-tick.C:
		}
	}
}

// readLog returns the load-generator container's whole log.
// It is retried while the API server is away, and for a few seconds
// when the kubelet answers 400 (a log it cannot serve yet, e.g. a kubelet
// that has just restarted).
func (e *Executor) readLog(ctx context.Context, ns, pod string, window time.Duration) (b []byte, err error) {
	deadline := time.Now().Add(window)
	for {
		_, err = retry(ctx, func(ctx context.Context) error {
			b, err = e.Client.CoreV1().Pods(ns).GetLogs(pod, &corev1.PodLogOptions{Container: containerName}).DoRaw(ctx)
			return err
		})
		if err == nil || !apierrors.IsBadRequest(err) || time.Now().After(deadline) {
			return b, err
		}
		select {
		case <-ctx.Done():
			return b, err
		case <-time.After(time.Second):
		}
	}
}

// logBadRequestWindow bounds the retries of a log read the kubelet refused.
const logBadRequestWindow = 15 * time.Second

// logHead is the first lines of a pod's log for an error message; "" when
// the log cannot be read (the container never started).
func (e *Executor) logHead(ns, pod string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	// One attempt, no retries: a pod that never started has no log to
	// wait for, and the failure it illustrates must not be delayed.
	b, err := e.Client.CoreV1().Pods(ns).GetLogs(pod, &corev1.PodLogOptions{Container: containerName}).DoRaw(ctx)
	if err != nil || len(bytes.TrimSpace(b)) == 0 {
		return ""
	}
	return head(b, logHeadLines)
}

func head(b []byte, n int) string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	for sc.Scan() && len(lines) < n {
		line := sc.Text()
		if len(line) > 200 {
			line = line[:200] + "…"
		}
		lines = append(lines, "  "+line)
	}
	if len(lines) == 0 {
		return "  (empty log)"
	}
	return strings.Join(lines, "\n")
}

func firstLine(err error) string {
	s, _, _ := strings.Cut(err.Error(), "\n")
	return s
}

// containerRunTime is how long the load-generator container ran.
func containerRunTime(p *corev1.Pod) time.Duration {
	for _, cs := range p.Status.ContainerStatuses {
		if t := cs.State.Terminated; t != nil && !t.StartedAt.IsZero() && !t.FinishedAt.IsZero() {
			return t.FinishedAt.Sub(t.StartedAt.Time)
		}
	}
	return 0
}
