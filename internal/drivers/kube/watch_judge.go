package kube

import (
	"errors"
	"fmt"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
)

// observation is what one turn of the level's watch saw: the caches' Job
// and newest pod, the node rule's finding and a lasting API refusal.
type observation struct {
	now     time.Time
	denied  error
	job     *batchv1.Job
	pod     *corev1.Pod
	nodeErr error
}

// waitState is what the judgement remembers between observations. judge
// does no I/O and reads no clock, so every rule is testable on objects.
type waitState struct {
	job   string
	rules waitRules
	start time.Time
	// seenJob: the Job reached the cache once; gone after that means
	// someone else deleted it (knee deletes it only after wait returns).
	seenJob            bool
	lastPod, gonePod   string
	lastPhase          string
	unschedulableSince time.Time
	nextProgress       time.Time
}

// progressEvery is how often a level that is still waiting says so.
const progressEvery = 10 * time.Second

func newWaitState(job string, r waitRules, start time.Time) *waitState {
	return &waitState{job: job, rules: r, start: start, nextProgress: start.Add(progressEvery)}
}

// judge says whether the level is over (a non-nil outcome: succeeded, or
// failed and why) and what to tell the user meanwhile. The rules run in a
// fixed order: lost permissions, the Job or pod removed under knee, the
// node, the pod's own end, states that never recover, then deadlines.
func (s *waitState) judge(o observation) (*outcome, []string) {
	var say []string
	if o.denied != nil {
		return s.fail(fmt.Errorf("the API server refused to let knee follow job %s (its permissions changed mid-sweep?): %v", s.job, o.denied)), nil
	}
	if out := s.removed(o, &say); out != nil {
		return out, say
	}
	if o.nodeErr != nil {
		return &outcome{pod: podName(o.pod), err: o.nodeErr}, say
	}
	if o.pod != nil {
		if out := s.podState(o, &say); out != nil {
			return out, say
		}
	}
	if o.job != nil && jobFailed(o.job) {
		return s.jobFailure(o), say
	}
	// The Job's activeDeadlineSeconds should have ended it; this is the
	// backstop for a Job controller that is not running.
	if s.rules.Deadline > 0 && o.now.Sub(s.start) > s.rules.Deadline+30*time.Second {
		return &outcome{err: fmt.Errorf("job %s did not finish within its deadline %s", s.job, s.rules.Deadline)}, say
	}
	if o.now.After(s.nextProgress) {
		state := "waiting for its pod"
		if o.pod != nil {
			state = "pod " + o.pod.Name + " " + string(o.pod.Status.Phase)
		}
		say = append(say, fmt.Sprintf("%s, %s elapsed", state, o.now.Sub(s.start).Round(time.Second)))
		s.nextProgress = o.now.Add(progressEvery)
	}
	return nil, say
}

func (s *waitState) fail(err error) *outcome { return &outcome{pod: s.lastPod, err: err} }

// removed judges a Job or pod taken away by someone other than knee.
func (s *waitState) removed(o observation, say *[]string) *outcome {
	switch {
	case o.job != nil:
		s.seenJob = true
		if o.job.DeletionTimestamp != nil {
			return s.fail(fmt.Errorf("job %s is being deleted by someone else (not knee) before it finished", s.job))
		}
	case s.seenJob:
		return s.fail(fmt.Errorf("job %s was deleted by someone else (not knee) before it finished", s.job))
	}
	if o.pod == nil && s.lastPod != "" && o.job != nil && !jobFailed(o.job) {
		// Someone (or an eviction) removed the pod: the Job, which
		// never retries a level, fails next; the failure names the pod.
		*say = append(*say, fmt.Sprintf("pod %s was deleted before it finished", s.lastPod))
		s.gonePod, s.lastPod = s.lastPod, ""
	}
	if o.pod == nil {
		return nil
	}
	s.lastPod = o.pod.Name
	if o.pod.DeletionTimestamp != nil && o.pod.Status.Phase != corev1.PodSucceeded && o.pod.Status.Phase != corev1.PodFailed {
		if c := podCondition(o.pod, corev1.DisruptionTarget); c != nil && c.Status == corev1.ConditionTrue {
			return &outcome{pod: o.pod.Name, err: fmt.Errorf("pod %s was evicted before it finished: %s: %s", o.pod.Name, c.Reason, c.Message)}
		}
	}
	return nil
}

// podState judges the pod's phase, its containers' waiting reasons and
// how long it has been unschedulable, and reports phase changes.
func (s *waitState) podState(o observation, say *[]string) *outcome {
	pod := o.pod
	switch pod.Status.Phase {
	case corev1.PodSucceeded:
		return &outcome{pod: pod.Name}
	case corev1.PodFailed:
		if pod.DeletionTimestamp != nil && !containerEnded(pod) {
			// Deleted while running: the pod is marked Failed before it
			// goes, with no container's exit to tell; which of that and
			// the Job's failure the watch sees first is a race.
			return &outcome{pod: pod.Name, err: fmt.Errorf("pod %s was deleted before it finished: by someone else, a drain or an eviction", pod.Name)}
		}
		return &outcome{pod: pod.Name, err: fmt.Errorf("pod %s failed: %s", pod.Name, podFailure(pod))}
	}
	for _, cs := range append(append([]corev1.ContainerStatus{}, pod.Status.InitContainerStatuses...), pod.Status.ContainerStatuses...) {
		if cs.State.Waiting == nil {
			continue
		}
		if why, ok := failFastReasons[cs.State.Waiting.Reason]; ok {
			return &outcome{pod: pod.Name, err: fmt.Errorf("pod %s: %s: %s: %s", pod.Name, why, cs.State.Waiting.Reason, cs.State.Waiting.Message)}
		}
	}
	if c := podCondition(pod, corev1.PodScheduled); c != nil && c.Status == corev1.ConditionFalse && c.Reason == corev1.PodReasonUnschedulable {
		if s.unschedulableSince.IsZero() {
			s.unschedulableSince = o.now
		}
		if o.now.Sub(s.unschedulableSince) > s.rules.PendingGrace {
			return &outcome{pod: pod.Name, err: fmt.Errorf("pod %s could not be scheduled for %s (--pending-timeout): %s",
				pod.Name, s.rules.PendingGrace.Round(time.Second), c.Message)}
		}
	} else {
		s.unschedulableSince = time.Time{}
	}
	if ph := string(pod.Status.Phase); ph != s.lastPhase {
		*say = append(*say, fmt.Sprintf("pod %s %s", pod.Name, ph))
		s.lastPhase = ph
	}
	return nil
}

// jobFailure is the failed Job's condition, naming a pod deleted earlier.
func (s *waitState) jobFailure(o observation) *outcome {
	for _, c := range o.job.Status.Conditions {
		if c.Type != batchv1.JobFailed || c.Status != corev1.ConditionTrue {
			continue
		}
		name := podName(o.pod)
		msg := fmt.Sprintf("job %s failed: %s: %s", s.job, c.Reason, c.Message)
		if s.gonePod != "" && name == "" {
			msg += fmt.Sprintf(" (its pod %s was deleted before it finished: by someone else, a drain or an eviction)", s.gonePod)
		}
		return &outcome{pod: name, err: errors.New(msg)}
	}
	return nil
}

func podName(p *corev1.Pod) string {
	if p == nil {
		return ""
	}
	return p.Name
}

// containerEnded reports whether any container of the pod terminated on
// its own record (an exit code to quote).
func containerEnded(p *corev1.Pod) bool {
	for _, cs := range p.Status.ContainerStatuses {
		if cs.State.Terminated != nil {
			return true
		}
	}
	return false
}
