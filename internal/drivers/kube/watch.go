package kube

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	batchlisters "k8s.io/client-go/listers/batch/v1"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
)

// levelWatch follows one level's Job and pods through informers (list +
// watch, so a dropped watch is re-listed) and wakes its waiter on every
// change; a ticker covers the time-based rules (grace periods, progress).
type levelWatch struct {
	jobs    batchlisters.JobLister
	pods    corelisters.PodLister
	changed chan struct{}
	stop    chan struct{}

	mu sync.Mutex
	// Lists and watches the API server refused: informers would retry a
	// lost permission forever. A refusal right after an API server
	// restart is not one (its RBAC cache is still filling), so only
	// refusals that keep coming for deniedFor count.
	denied                  error
	deniedFirst, deniedLast time.Time
	deniedCount             int
}

const deniedFor = 8 * time.Second

func (w *levelWatch) deny(err error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	now := time.Now()
	if w.deniedCount == 0 || now.Sub(w.deniedLast) > 2*deniedFor {
		w.deniedFirst, w.deniedCount = now, 0
	}
	w.denied, w.deniedLast = err, now
	w.deniedCount++
}

// deniedErr is the refusal once it has lasted deniedFor (the informer's
// retries, 0.8 s apart and doubling, are still being refused).
func (w *levelWatch) deniedErr() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.deniedCount >= 3 && w.deniedLast.Sub(w.deniedFirst) >= deniedFor && time.Since(w.deniedLast) < 2*deniedFor {
		return w.denied
	}
	return nil
}

func startWatch(ctx context.Context, cs kubernetes.Interface, namespace, selector string) (*levelWatch, error) {
	f := informers.NewSharedInformerFactoryWithOptions(cs, 0,
		informers.WithNamespace(namespace),
		informers.WithTweakListOptions(func(o *metav1.ListOptions) { o.LabelSelector = selector }))
	w := &levelWatch{
		jobs:    f.Batch().V1().Jobs().Lister(),
		pods:    f.Core().V1().Pods().Lister(),
		changed: make(chan struct{}, 1),
		stop:    make(chan struct{}),
	}
	infs := map[string]cache.SharedIndexInformer{"jobs": f.Batch().V1().Jobs().Informer(), "pods": f.Core().V1().Pods().Informer()}
	for _, typ := range []string{"jobs", "pods"} {
		if err := w.observe(infs[typ]); err != nil {
			return nil, err
		}
	}
	f.Start(w.stop)
	if err := w.waitSynced(ctx, infs, namespace); err != nil {
		return nil, err
	}
	return w, nil
}

// poke says the caches changed, without blocking: one pending signal is
// enough for the waiter to look again.
func (w *levelWatch) poke() {
	select {
	case w.changed <- struct{}{}:
	default:
	}
}

// observe has inf poke w on every change and on a refused watch.
func (w *levelWatch) observe(inf cache.SharedIndexInformer) error {
	h := cache.ResourceEventHandlerFuncs{
		AddFunc:    func(any) { w.poke() },
		UpdateFunc: func(any, any) { w.poke() },
		DeleteFunc: func(any) { w.poke() },
	}
	if _, err := inf.AddEventHandler(h); err != nil {
		return err
	}
	// A dropped connection or a restarting API server is retried by
	// the informer (list + watch again); a refusal is not going away.
	return inf.SetWatchErrorHandlerWithContext(func(_ context.Context, r *cache.Reflector, err error) {
		if apierrors.IsForbidden(err) || apierrors.IsUnauthorized(err) {
			w.deny(err)
			w.poke()
		}
	})
}

// waitSynced waits for the informers' first lists. WaitForCacheSync alone
// waits for ever when the first list is refused (the informer retries it
// for ever): the level stayed "started" and a catalog's later leaves on
// that cluster never ran. The deny rule counts from the first attempt, so
// a list refused from the start fails the level once the refusal has
// lasted deniedFor. On an error the informers are stopped.
func (w *levelWatch) waitSynced(ctx context.Context, infs map[string]cache.SharedIndexInformer, namespace string) error {
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		missing := unsynced(infs)
		if len(missing) == 0 {
			return nil
		}
		if err := w.deniedErr(); err != nil {
			close(w.stop)
			return fmt.Errorf("the API server refuses to let knee list and watch %s in namespace %s (the ServiceAccount needs list and watch on them; see deploy/rbac): %v", strings.Join(missing, " and "), namespace, err)
		}
		select {
		case <-ctx.Done():
			close(w.stop)
			return ctx.Err()
		case <-w.changed:
		case <-tick.C:
		}
	}
}

// unsynced names the informers (jobs, pods) whose first list has not
// completed.
func unsynced(infs map[string]cache.SharedIndexInformer) []string {
	var missing []string
	for _, typ := range []string{"jobs", "pods"} {
		if !infs[typ].HasSynced() {
			missing = append(missing, typ)
		}
	}
	return missing
}

func (w *levelWatch) close() { close(w.stop) }

// outcome is where a level's pod ended up.
type outcome struct {
	pod string
	// err is nil when the pod succeeded.
	err error
}

// waitRules say when a level has failed without the Job saying so.
type waitRules struct {
	// PendingGrace bounds how long the pod may stay unschedulable.
	PendingGrace time.Duration
	// Deadline is the Job's own; knee gives up a little after it.
	Deadline time.Duration
	Progress io.Writer
	Label    string
	// Node is the GPU node under test (may be empty); it and the node the
	// pod was bound to are checked every nodeCheckEvery through Nodes.
	Node      string
	NodeGrace time.Duration
	Nodes     kubernetes.Interface
}

const nodeCheckEvery = 2 * time.Second

// failFastReasons are container states that never recover on their own:
// waiting for them only burns the level's deadline.
var failFastReasons = map[string]string{
	"ErrImagePull":               "the image cannot be pulled",
	"ImagePullBackOff":           "the image cannot be pulled",
	"InvalidImageName":           "the image name is invalid",
	"CrashLoopBackOff":           "the container keeps crashing",
	"CreateContainerConfigError": "the container cannot be configured (a missing Secret or ConfigMap?)",
	"CreateContainerError":       "the container cannot be created",
	"RunContainerError":          "the container cannot be started",
}

// wait blocks until the Job's pod succeeded or the level failed. It only
// observes (caches, node gets, clock) and prints; waitState.judge decides.
func (w *levelWatch) wait(ctx context.Context, namespace, job string, r waitRules) outcome {
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	podSel := labels.SelectorFromSet(labels.Set{batchv1.JobNameLabel: job})
	st := newWaitState(job, r, time.Now())
	nodes := &nodeWatch{rules: r}
	for {
		o := observation{denied: w.deniedErr()}
		o.job, _ = w.jobs.Jobs(namespace).Get(job)
		pods, _ := w.pods.Pods(namespace).List(podSel)
		o.pod = newestPod(pods)
		if o.denied == nil {
			o.nodeErr = nodes.check(o.pod)
		}
		o.now = time.Now()
		out, say := st.judge(o)
		if r.Progress != nil {
			for _, line := range say {
				fmt.Fprintf(r.Progress, "%s: %s\n", r.Label, line)
			}
		}
		if out != nil {
			return *out
		}
		select {
		case <-ctx.Done():
			return outcome{err: ctx.Err()}
		case <-w.changed:
		case <-tick.C:
		}
	}
}

func newestPod(pods []*corev1.Pod) *corev1.Pod {
	var pod *corev1.Pod
	for _, p := range pods {
		if pod == nil || p.CreationTimestamp.After(pod.CreationTimestamp.Time) {
			pod = p
		}
	}
	return pod
}

func jobFailed(j *batchv1.Job) bool {
	for _, c := range j.Status.Conditions {
		if c.Type == batchv1.JobFailed && c.Status == corev1.ConditionTrue {
			return true
		}
	}
	return false
}

// nodeWatch fails a level whose GPU node under test, or the node its pod
// runs on, is deleted or stays not Ready: the measurement would be of a
// server that is gone. Nodes are read with get (the ClusterRole has no
// watch on nodes), every nodeCheckEvery.
type nodeWatch struct {
	rules    waitRules
	next     time.Time
	notReady map[string]time.Time
}

func (n *nodeWatch) check(pod *corev1.Pod) error {
	if n.rules.Nodes == nil || time.Now().Before(n.next) {
		return nil
	}
	n.next = time.Now().Add(nodeCheckEvery)
	if n.notReady == nil {
		n.notReady = map[string]time.Time{}
	}
	for _, c := range n.roles(pod) {
		if err := n.checkNode(c); err != nil {
			return err
		}
	}
	return nil
}

// nodeRole is a node the level depends on and why, for the error.
type nodeRole struct{ name, what string }

// roles are the nodes to check: the GPU node under test and the pod's.
func (n *nodeWatch) roles(pod *corev1.Pod) []nodeRole {
	var check []nodeRole
	if n.rules.Node != "" {
		check = append(check, nodeRole{n.rules.Node, "the GPU node under test"})
	}
	if pod != nil && pod.Spec.NodeName != "" && pod.Spec.NodeName != n.rules.Node {
		check = append(check, nodeRole{pod.Spec.NodeName, "the node of pod " + pod.Name})
	}
	return check
}

// checkNode fails when c's node is deleted, or not Ready for NodeGrace.
func (n *nodeWatch) checkNode(c nodeRole) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	node, err := n.rules.Nodes.CoreV1().Nodes().Get(ctx, c.name, metav1.GetOptions{})
	cancel()
	if apierrors.IsNotFound(err) {
		return fmt.Errorf("node %s (%s) was deleted mid-level", c.name, c.what)
	}
	if err != nil {
		// An outage or a refusal is for the other rules to judge.
		return nil
	}
	ready := nodeReady(node)
	if ready == nil || ready.Status == corev1.ConditionTrue {
		delete(n.notReady, c.name)
		return nil
	}
	since, ok := n.notReady[c.name]
	if !ok {
		n.notReady[c.name] = time.Now()
		return nil
	}
	if time.Since(since) >= n.rules.NodeGrace {
		return fmt.Errorf("node %s (%s) is not Ready (%s: %s: %s) for %s",
			c.name, c.what, ready.Status, ready.Reason, ready.Message, time.Since(since).Round(time.Second))
	}
	// Look again as soon as the grace is over.
	if t := since.Add(n.rules.NodeGrace); t.Before(n.next) {
		n.next = t
	}
	return nil
}

func nodeReady(n *corev1.Node) *corev1.NodeCondition {
	for i := range n.Status.Conditions {
		if n.Status.Conditions[i].Type == corev1.NodeReady {
			return &n.Status.Conditions[i]
		}
	}
	return nil
}

func podCondition(p *corev1.Pod, t corev1.PodConditionType) *corev1.PodCondition {
	for i := range p.Status.Conditions {
		if p.Status.Conditions[i].Type == t {
			return &p.Status.Conditions[i]
		}
	}
	return nil
}

// podFailure says why a pod failed, from its container's terminated state.
func podFailure(p *corev1.Pod) string {
	var parts []string
	for _, cs := range p.Status.ContainerStatuses {
		if t := cs.State.Terminated; t != nil {
			s := fmt.Sprintf("container %s exited with code %d", cs.Name, t.ExitCode)
			if t.Reason != "" {
				s += " (" + t.Reason + ")"
			}
			if m := strings.TrimSpace(t.Message); m != "" {
				s += ": " + m
			}
			parts = append(parts, s)
		}
	}
	if p.Status.Reason != "" || p.Status.Message != "" {
		parts = append(parts, strings.TrimSpace(p.Status.Reason+" "+p.Status.Message))
	}
	if len(parts) == 0 {
		return "no reason given"
	}
	return strings.Join(parts, "; ")
}

// waitGone blocks until the API server no longer has the Job (deleted,
// with its pods, under foreground propagation) or the timeout passes. It
// asks the server, not the cache: a Job deleted right after its creation
// may never have reached the cache, which would then wrongly say "gone".
// Watch events wake it early; the ticker bounds the wait between checks.
func (w *levelWatch) waitGone(cs kubernetes.Interface, namespace, job string, timeout time.Duration) bool {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	opts := metav1.ListOptions{FieldSelector: fields.OneTermEqualSelector("metadata.name", job).String()}
	for {
		l, err := cs.BatchV1().Jobs(namespace).List(ctx, opts)
		if err == nil && len(l.Items) == 0 {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-w.changed:
		case <-tick.C:
		}
	}
}
