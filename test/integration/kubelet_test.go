//go:build integration

package integration

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/test/integration/testbed"
)

// manualNode is a node no kwok manages: the test plays its kubelet, which is
// how states kwok cannot produce (an image that cannot be pulled, a pod that
// runs past its deadline) reach the real API server and knee's watch.
var manualNode = testbed.Node{Name: "manual-0", Arch: "amd64", Unmanaged: true}

// onManualNode places the load generator on manualNode (it carries the
// knee.dev/unmanaged taint, and no kubelet ever reports it Ready).
func onManualNode(jo kube.JobOptions) kube.JobOptions {
	jo.NodeSelector = map[string]string{corev1.LabelHostname: manualNode.Name}
	jo.Tolerations = []corev1.Toleration{{Operator: corev1.TolerationOpExists}}
	return jo
}

// playKubelet sets the status of the namespace's pods once they are bound
// to manualNode, and finishes their deletion as a kubelet would.
func playKubelet(t *testing.T, ns string, status func(*corev1.Pod)) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	t.Cleanup(func() { cancel(); <-done })
	cs := cluster.AdminCS
	go func() {
		defer close(done)
		handled := map[string]bool{}
		for ctx.Err() == nil {
			pods, err := cs.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{})
			if err == nil {
				for i := range pods.Items {
					p := &pods.Items[i]
					if p.Spec.NodeName != manualNode.Name {
						continue
					}
					if p.DeletionTimestamp != nil {
						zero := int64(0)
						_ = cs.CoreV1().Pods(ns).Delete(ctx, p.Name, metav1.DeleteOptions{GracePeriodSeconds: &zero})
						continue
					}
					if !handled[p.Name] {
						status(p)
						if _, err := cs.CoreV1().Pods(ns).UpdateStatus(ctx, p, metav1.UpdateOptions{}); err == nil {
							handled[p.Name] = true
						}
					}
				}
			}
			select {
			case <-ctx.Done():
			case <-time.After(50 * time.Millisecond):
			}
		}
	}()
}

// Container states that never recover fail the level at once (not after
// the deadline), with the kubelet's reason and message.
func TestKubeLevelFailsFastOnStuckContainers(t *testing.T) {
	for i, tc := range []struct{ reason, message, want string }{
		{"ImagePullBackOff", `Back-off pulling image "python:3.12-slim"`, "the image cannot be pulled"},
		{"ErrImagePull", `failed to pull and unpack image "quay.io/inference-perf/inference-perf:v0.6.1": 403 Forbidden`, "the image cannot be pulled"},
		{"CreateContainerConfigError", `secret "hf" not found`, "the container cannot be configured (a missing Secret or ConfigMap?)"},
		{"CrashLoopBackOff", "back-off 10s restarting failed container=loadgen", "the container keeps crashing"},
	} {
		t.Run(tc.reason, func(t *testing.T) {
			e := newEnv(t, nil)
			playKubelet(t, e.ns, func(p *corev1.Pod) {
				p.Status.Phase = corev1.PodPending
				p.Status.ContainerStatuses = []corev1.ContainerStatus{{
					Name: "loadgen", Image: p.Spec.Containers[0].Image,
					State: corev1.ContainerState{Waiting: &corev1.ContainerStateWaiting{Reason: tc.reason, Message: tc.message}},
				}}
			})
			ex := e.executor(onManualNode(kube.JobOptions{}))
			plan := aiperfPlan(fmt.Sprintf("stuck%d", i), 8)
			start := time.Now()
			_, err := ex.RunLevel(context.Background(), plan, plan.Levels()[0])
			require.Error(t, err)
			require.Less(t, time.Since(start), 30*time.Second)
			require.Regexp(t, fmt.Sprintf(`level 0 \(8/GPU\): pod knee-stuck%d-l0-8-[a-z0-9]{5}: `, i), err.Error())
			require.Contains(t, err.Error(), tc.want+": "+tc.reason+": "+tc.message)
			require.Empty(t, e.leftovers(t))
		})
	}
}

// A load generator that runs past the Job's activeDeadlineSeconds is ended
// by the Job controller; the level fails with DeadlineExceeded.
func TestKubeLevelDeadlineExceeded(t *testing.T) {
	e := newEnv(t, nil)
	playKubelet(t, e.ns, func(p *corev1.Pod) {
		now := metav1.Now()
		p.Status.Phase = corev1.PodRunning
		p.Status.StartTime = &now
		p.Status.ContainerStatuses = []corev1.ContainerStatus{{
			Name: "loadgen", Image: p.Spec.Containers[0].Image, Ready: true,
			State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: now}},
		}}
	})
	ex := e.executor(onManualNode(kube.JobOptions{Deadline: 2 * time.Second}))
	plan := aiperfPlan("deadline", 8)
	_, err := ex.RunLevel(context.Background(), plan, plan.Levels()[0])
	require.Error(t, err)
	require.Regexp(t, `level 0 \(8/GPU\): job knee-deadline-l0-8 failed: DeadlineExceeded: Job was active longer than specified deadline`, err.Error())
	require.Empty(t, e.leftovers(t))
}
