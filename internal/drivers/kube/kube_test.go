package kube

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	corev1 "k8s.io/api/core/v1"

	"github.com/kneetool/knee/sweep"
)

func TestAcceleratorFromProduct(t *testing.T) {
	for product, want := range map[string]string{
		"NVIDIA-GB300":          "gb300",
		"NVIDIA-GB200":          "gb200",
		"NVIDIA-H100-80GB-HBM3": "h100",
		"NVIDIA-H200":           "h200",
		"NVIDIA-B200":           "b200",
		"NVIDIA-RTX-PRO-6000-Blackwell-Server-Edition": "rtx-pro-6000",
		"NVIDIA-A100-SXM4-80GB":                        "a100",
		"NVIDIA-A10G":                                  "a10g",
		"Tesla-T4":                                     "t4",
		"NVIDIA-L40S":                                  "l40s",
		"NVIDIA-VR200-NVL144":                          "vr200",
		"":                                             "",
	} {
		require.Equal(t, want, acceleratorFromProduct(product), product)
	}
}

func TestLevelNameAndLabelsAreValid(t *testing.T) {
	lvl := sweep.Level{Index: 3, PerGPU: 256}
	require.Equal(t, "knee-20261130t0500-gb300-l3-256", levelName("20261130T0500_GB300", lvl))
	long := levelName(strings.Repeat("x", 80), lvl)
	require.LessOrEqual(t, len(long), 52, "Job names leave room for the pod suffix")
	l := levelLabels("run/1 of:gb300", lvl)
	require.Equal(t, map[string]string{LabelManagedBy: "knee", LabelSweepID: "run-1-of-gb300", LabelLevel: "3", LabelPerGPU: "256"}, l)
}

func TestBuildJobIsOneBoundedPodOnTheLoadgenNode(t *testing.T) {
	o := JobOptions{Namespace: "perf", HFTokenSecret: "hf", Deadline: 30 * time.Minute, TTL: 10 * time.Minute,
		Tolerations: []corev1.Toleration{{Key: "dedicated", Operator: corev1.TolerationOpExists}}}.WithDefaults("inference-perf")
	spec := PodSpec{Command: []string{"inference-perf"}, Args: []string{"--config_file", "/etc/knee/config.yaml"}, Files: map[string]string{"config.yaml": "load: {}"}}
	lbl := levelLabels("s1", sweep.Level{Index: 0, PerGPU: 64})
	j := buildJob("knee-s1-l0-64", lbl, o, spec)
	require.Equal(t, int32(0), *j.Spec.BackoffLimit)
	require.Equal(t, int64(1800), *j.Spec.ActiveDeadlineSeconds)
	require.Equal(t, int32(600), *j.Spec.TTLSecondsAfterFinished)
	ps := j.Spec.Template.Spec
	require.Equal(t, corev1.RestartPolicyNever, ps.RestartPolicy)
	require.False(t, *ps.AutomountServiceAccountToken)
	require.Equal(t, map[string]string{"kubernetes.io/arch": "amd64"}, ps.NodeSelector)
	require.Equal(t, "dedicated", ps.Tolerations[0].Key)
	c := ps.Containers[0]
	require.Equal(t, DefaultInferencePerfImage, c.Image)
	require.Equal(t, "4", c.Resources.Requests.Cpu().String())
	require.Equal(t, c.Resources.Requests, c.Resources.Limits)
	require.Equal(t, "HF_TOKEN", c.Env[0].Name)
	require.Equal(t, "hf", c.Env[0].ValueFrom.SecretKeyRef.Name)
	require.Empty(t, c.Env[0].Value, "the token never appears in the spec")
	require.Equal(t, "knee-s1-l0-64", ps.Volumes[1].ConfigMap.Name)
	require.Equal(t, "0", j.Spec.Template.Labels[LabelLevel])
	cm := buildConfigMap("knee-s1-l0-64", lbl, o, spec)
	require.Equal(t, "load: {}", cm.Data["config.yaml"])
	require.Nil(t, buildConfigMap("x", lbl, o, PodSpec{}))
}

// ShellQuote keeps a model name or URL one word for sh, and an input
// with a quote cannot end the word early.
func TestShellQuote(t *testing.T) {
	require.Equal(t, "Qwen/Qwen3-8B", ShellQuote("Qwen/Qwen3-8B"))
	require.Equal(t, "''", ShellQuote(""))
	require.Equal(t, `'it'\''s; rm -rf /'`, ShellQuote("it's; rm -rf /"))
}
