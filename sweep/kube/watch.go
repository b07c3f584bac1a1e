package kube

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
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
	poke := func() {
		select {
		case w.changed <- struct{}{}:
		default:
		}
	}
	h := cache.ResourceEventHandlerFuncs{
		AddFunc:    func(any) { poke() },
		UpdateFunc: func(any, any) { poke() },
		DeleteFunc: func(any) { poke() },
	}
	for _, inf := range []cache.SharedIndexInformer{f.Batch().V1().Jobs().Informer(), f.Core().V1().Pods().Informer()} {
		if _, err := inf.AddEventHandler(h); err != nil {
			return nil, err
		}
	}
	f.Start(w.stop)
	synced := f.WaitForCacheSync(ctxStop(ctx, w.stop))
	for typ, ok := range synced {
		if !ok {
			close(w.stop)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, fmt.Errorf("watching %v in namespace %s did not sync (check RBAC: list and watch)", typ, namespace)
		}
	}
	return w, nil
}

func (w *levelWatch) close() { close(w.stop) }

// ctxStop closes the returned channel when ctx ends or stop closes.
func ctxStop(ctx context.Context, stop <-chan struct{}) <-chan struct{} {
	ch := make(chan struct{})
	go func() {
		defer close(ch)
		select {
		case <-ctx.Done():
		case <-stop:
		}
	}()
	return ch
}

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
}

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

// wait blocks until the Job's pod succeeded or the level failed.
func (w *levelWatch) wait(ctx context.Context, namespace, job string, r waitRules) outcome {
	start := time.Now()
	var unschedulableSince time.Time
	lastPhase := ""
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	nextProgress := start.Add(10 * time.Second)
	podSel := labels.SelectorFromSet(labels.Set{batchv1.JobNameLabel: job})
	for {
		j, _ := w.jobs.Jobs(namespace).Get(job)
		pods, _ := w.pods.Pods(namespace).List(podSel)
		var pod *corev1.Pod
		for _, p := range pods {
			if pod == nil || p.CreationTimestamp.After(pod.CreationTimestamp.Time) {
				pod = p
			}
		}
		if pod != nil {
			switch pod.Status.Phase {
			case corev1.PodSucceeded:
				return outcome{pod: pod.Name}
			case corev1.PodFailed:
				return outcome{pod: pod.Name, err: fmt.Errorf("pod %s failed: %s", pod.Name, podFailure(pod))}
			}
			for _, cs := range append(append([]corev1.ContainerStatus{}, pod.Status.InitContainerStatuses...), pod.Status.ContainerStatuses...) {
				if cs.State.Waiting != nil {
					if why, ok := failFastReasons[cs.State.Waiting.Reason]; ok {
						return outcome{pod: pod.Name, err: fmt.Errorf("pod %s: %s: %s: %s", pod.Name, why, cs.State.Waiting.Reason, cs.State.Waiting.Message)}
					}
				}
			}
			if c := podCondition(pod, corev1.PodScheduled); c != nil && c.Status == corev1.ConditionFalse && c.Reason == corev1.PodReasonUnschedulable {
				if unschedulableSince.IsZero() {
					unschedulableSince = time.Now()
				}
				if time.Since(unschedulableSince) > r.PendingGrace {
					return outcome{pod: pod.Name, err: fmt.Errorf("pod %s could not be scheduled for %s (--pending-timeout): %s",
						pod.Name, r.PendingGrace.Round(time.Second), c.Message)}
				}
			} else {
				unschedulableSince = time.Time{}
			}
			if ph := string(pod.Status.Phase); ph != lastPhase && r.Progress != nil {
				fmt.Fprintf(r.Progress, "%s: pod %s %s\n", r.Label, pod.Name, ph)
				lastPhase = ph
			}
		}
		if j != nil {
			for _, c := range j.Status.Conditions {
				if c.Type == batchv1.JobFailed && c.Status == corev1.ConditionTrue {
					name := ""
					if pod != nil {
						name = pod.Name
					}
					return outcome{pod: name, err: fmt.Errorf("job %s failed: %s: %s", job, c.Reason, c.Message)}
				}
			}
		}
		// The Job's activeDeadlineSeconds should have ended it; this is the
		// backstop for a Job controller that is not running.
		if r.Deadline > 0 && time.Since(start) > r.Deadline+30*time.Second {
			return outcome{err: fmt.Errorf("job %s did not finish within its deadline %s", job, r.Deadline)}
		}
		if r.Progress != nil && time.Now().After(nextProgress) {
			state := "waiting for its pod"
			if pod != nil {
				state = "pod " + pod.Name + " " + string(pod.Status.Phase)
			}
			fmt.Fprintf(r.Progress, "%s: %s, %s elapsed\n", r.Label, state, time.Since(start).Round(time.Second))
			nextProgress = time.Now().Add(10 * time.Second)
		}
		select {
		case <-ctx.Done():
			return outcome{err: ctx.Err()}
		case <-w.changed:
		case <-tick.C:
		}
	}
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
