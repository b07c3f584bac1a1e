package kube

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The watch's judgement is a pure function of what it observed: each rule
// is checked here on objects, with a clock the test moves.

var t0 = time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)

func judgeJob() *batchv1.Job { return &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: "knee-x-l0-8"}} }

func judgePod(phase corev1.PodPhase) *corev1.Pod {
	return &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "knee-x-l0-8-abcde"}, Status: corev1.PodStatus{Phase: phase}}
}

func TestJudgeSucceededAndPhaseChanges(t *testing.T) {
	s := newWaitState("knee-x-l0-8", waitRules{PendingGrace: time.Minute}, t0)
	out, say := s.judge(observation{now: t0, job: judgeJob(), pod: judgePod(corev1.PodPending)})
	require.Nil(t, out)
	require.Equal(t, []string{"pod knee-x-l0-8-abcde Pending"}, say)
	out, say = s.judge(observation{now: t0.Add(time.Second), job: judgeJob(), pod: judgePod(corev1.PodPending)})
	require.Nil(t, out)
	require.Empty(t, say, "a phase is said once")
	out, _ = s.judge(observation{now: t0.Add(2 * time.Second), job: judgeJob(), pod: judgePod(corev1.PodSucceeded)})
	require.Equal(t, &outcome{pod: "knee-x-l0-8-abcde"}, out)
}

func TestJudgeJobDeletedBySomeoneElse(t *testing.T) {
	s := newWaitState("knee-x-l0-8", waitRules{}, t0)
	out, _ := s.judge(observation{now: t0})
	require.Nil(t, out, "a Job not yet in the cache is not gone")
	out, _ = s.judge(observation{now: t0, job: judgeJob(), pod: judgePod(corev1.PodRunning)})
	require.Nil(t, out)
	out, _ = s.judge(observation{now: t0})
	require.EqualError(t, out.err, "job knee-x-l0-8 was deleted by someone else (not knee) before it finished")
	require.Equal(t, "knee-x-l0-8-abcde", out.pod)
}

func TestJudgePodDeletedThenJobFailsNamesThePod(t *testing.T) {
	s := newWaitState("knee-x-l0-8", waitRules{}, t0)
	_, _ = s.judge(observation{now: t0, job: judgeJob(), pod: judgePod(corev1.PodRunning)})
	out, say := s.judge(observation{now: t0, job: judgeJob()})
	require.Nil(t, out)
	require.Equal(t, []string{"pod knee-x-l0-8-abcde was deleted before it finished"}, say)
	failed := judgeJob()
	failed.Status.Conditions = []batchv1.JobCondition{{Type: batchv1.JobFailed, Status: corev1.ConditionTrue, Reason: "BackoffLimitExceeded", Message: "Job has reached the specified backoff limit"}}
	out, _ = s.judge(observation{now: t0, job: failed})
	require.EqualError(t, out.err, "job knee-x-l0-8 failed: BackoffLimitExceeded: Job has reached the specified backoff limit (its pod knee-x-l0-8-abcde was deleted before it finished: by someone else, a drain or an eviction)")
}

func TestJudgeUnschedulableAfterGrace(t *testing.T) {
	s := newWaitState("knee-x-l0-8", waitRules{PendingGrace: 3 * time.Second}, t0)
	pod := judgePod(corev1.PodPending)
	pod.Status.Conditions = []corev1.PodCondition{{Type: corev1.PodScheduled, Status: corev1.ConditionFalse, Reason: corev1.PodReasonUnschedulable, Message: "0/3 nodes are available"}}
	for _, at := range []time.Duration{0, 2 * time.Second, 3 * time.Second} {
		out, _ := s.judge(observation{now: t0.Add(time.Second + at), job: judgeJob(), pod: pod})
		require.Nil(t, out, "within the grace at +%s", at)
	}
	out, _ := s.judge(observation{now: t0.Add(4*time.Second + time.Millisecond), job: judgeJob(), pod: pod})
	require.EqualError(t, out.err, "pod knee-x-l0-8-abcde could not be scheduled for 3s (--pending-timeout): 0/3 nodes are available")
}

func TestJudgeFailFastAndEvictionAndDenied(t *testing.T) {
	s := newWaitState("knee-x-l0-8", waitRules{}, t0)
	pod := judgePod(corev1.PodPending)
	pod.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: "loadgen", State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: "ImagePullBackOff", Message: "back-off pulling image"}}}}
	out, _ := s.judge(observation{now: t0, job: judgeJob(), pod: pod})
	require.EqualError(t, out.err, "pod knee-x-l0-8-abcde: the image cannot be pulled: ImagePullBackOff: back-off pulling image")

	s = newWaitState("knee-x-l0-8", waitRules{}, t0)
	pod = judgePod(corev1.PodRunning)
	pod.DeletionTimestamp = &metav1.Time{Time: t0}
	pod.Status.Conditions = []corev1.PodCondition{{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue, Reason: "EvictionByEvictionAPI", Message: "Eviction API: evicting"}}
	out, _ = s.judge(observation{now: t0, job: judgeJob(), pod: pod})
	require.EqualError(t, out.err, "pod knee-x-l0-8-abcde was evicted before it finished: EvictionByEvictionAPI: Eviction API: evicting")

	s = newWaitState("knee-x-l0-8", waitRules{}, t0)
	out, _ = s.judge(observation{now: t0, denied: errors.New("forbidden"), job: judgeJob(), pod: judgePod(corev1.PodSucceeded)})
	require.EqualError(t, out.err, "the API server refused to let knee follow job knee-x-l0-8 (its permissions changed mid-sweep?): forbidden", "a lost permission is judged first")
}

func TestJudgeDeadlineBackstopAndProgress(t *testing.T) {
	s := newWaitState("knee-x-l0-8", waitRules{Deadline: time.Minute}, t0)
	out, say := s.judge(observation{now: t0.Add(11 * time.Second), job: judgeJob()})
	require.Nil(t, out)
	require.Equal(t, []string{"waiting for its pod, 11s elapsed"}, say)
	out, _ = s.judge(observation{now: t0.Add(90 * time.Second), job: judgeJob()})
	require.Nil(t, out, "the Job controller is given 30 s past the deadline")
	out, _ = s.judge(observation{now: t0.Add(91 * time.Second), job: judgeJob()})
	require.EqualError(t, out.err, "job knee-x-l0-8 did not finish within its deadline 1m0s")
}

// A pod deleted while running is marked Failed on its way out, with no
// container exit: the level fails saying it was deleted, not "no reason".
func TestJudgeDeletedPodMarkedFailed(t *testing.T) {
	s := newWaitState("knee-x-l0-8", waitRules{}, t0)
	pod := judgePod(corev1.PodFailed)
	pod.DeletionTimestamp = &metav1.Time{Time: t0}
	out, _ := s.judge(observation{now: t0, job: judgeJob(), pod: pod})
	require.EqualError(t, out.err, "pod knee-x-l0-8-abcde was deleted before it finished: by someone else, a drain or an eviction")

	pod.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: "loadgen", State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: 137, Reason: "Error"}}}}
	out, _ = newWaitState("knee-x-l0-8", waitRules{}, t0).judge(observation{now: t0, job: judgeJob(), pod: pod})
	require.EqualError(t, out.err, "pod knee-x-l0-8-abcde failed: container loadgen exited with code 137 (Error)", "an exit of its own is quoted")
}
