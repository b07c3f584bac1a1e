package kube

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// JobOptions shape the load-generator pod of every level.
type JobOptions struct {
	Namespace string
	// Image of the harness; defaults per harness (DefaultInferencePerfImage, DefaultAIPerfImage).
	Image string
	// NodeSelector places the load generator. inference-perf's image is
	// amd64-only, so the default is kubernetes.io/arch=amd64 even when the GPU
	// node under test is Arm (GB200/GB300).
	NodeSelector map[string]string
	Tolerations  []corev1.Toleration
	// CPU is the load generator's CPU request (and limit: a throttled client
	// shows up as a fake server knee, so it gets what it asks for).
	CPU resource.Quantity
	// Memory request for the load generator.
	Memory resource.Quantity
	// LoadgenGPUs asks for GPUs for the load generator; 0 normally. A test
	// (or a cluster that only schedules on GPU nodes) can set it.
	LoadgenGPUs int
	// HFTokenSecret names a Secret (key HFTokenKey) exposed as HF_TOKEN so the
	// harness can download a gated tokenizer. Only the reference is stored.
	HFTokenSecret string
	HFTokenKey    string
	// Deadline is the Job's activeDeadlineSeconds; TTL its ttlSecondsAfterFinished,
	// a safety net for when knee is killed before it can clean up.
	Deadline time.Duration
	TTL      time.Duration
	// PodLabels are added to the pod template (e.g. to route kwok chaos in tests).
	PodLabels map[string]string
}

// DatasetClaim is --dataset-pvc CLAIM[:PATH]: a dataset too large for a
// ConfigMap, read by the pod from a PersistentVolumeClaim (mounted
// read-only at DatasetMountPath), at PATH on it (default: the dataset
// file's base name). The pod checks the file's SHA-256 against the plan's
// before the harness starts.
type DatasetClaim struct {
	Claim string
	Path  string
}

// DatasetMountPath is where a DatasetClaim is mounted in the pod.
const DatasetMountPath = "/var/lib/knee/dataset"

// ParseDatasetClaim reads --dataset-pvc CLAIM[:PATH].
func ParseDatasetClaim(s string) (DatasetClaim, error) {
	claim, path, _ := strings.Cut(s, ":")
	path = strings.TrimPrefix(path, "/")
	if len(validation.IsDNS1123Subdomain(claim)) > 0 || strings.Contains(path, "..") {
		return DatasetClaim{}, inputerr.Errorf("flag", "--dataset-pvc", 0, "want CLAIM[:PATH] (a PersistentVolumeClaim name, and the dataset's path on it), got %q", s)
	}
	return DatasetClaim{Claim: claim, Path: path}, nil
}

// File is the dataset's path in the pod.
func (c DatasetClaim) File(local string) string {
	p := c.Path
	if p == "" {
		p = filepath.Base(local)
	}
	return DatasetMountPath + "/" + p
}

// Checked wraps a harness command so that it starts only when the file on
// the volume is the plan's dataset (its SHA-256), and fails the pod saying
// so otherwise.
func (c DatasetClaim) Checked(file, sha string, command []string) []string {
	quoted := make([]string, len(command))
	for i, a := range command {
		quoted[i] = ShellQuote(a)
	}
	return []string{"sh", "-c", strings.Join([]string{
		"echo " + ShellQuote(sha+"  "+file) + " | sha256sum -c - >/dev/null 2>&1 || { echo " +
			ShellQuote("knee: "+file+" on PersistentVolumeClaim "+c.Claim+" is not the dataset the plan records (sha256 "+sha+")") + " >&2; exit 1; }",
		"exec " + strings.Join(quoted, " "),
	}, "\n")}
}

// Defaults: images pinned so a sweep is reproducible.
const (
	DefaultInferencePerfImage = "quay.io/inference-perf/inference-perf:v0.6.1"
	// DefaultAIPerfImage is a plain Python image; the Job installs the pinned
	// aiperf==0.13.0 (aicr's version) when the image has no aiperf. Point
	// --image at an image with AIPerf installed to skip the download.
	DefaultAIPerfImage = "python:3.12-slim"
	DefaultHFTokenKey  = "HF_TOKEN"
	containerName      = "loadgen"
	// ConfigMountPath is where the level's ConfigMap (PodSpec.Files) is
	// mounted in the pod: a harness names its config and dataset there.
	ConfigMountPath = "/etc/knee"
)

// WithDefaults fills unset options.
func (o JobOptions) WithDefaults(harness string) JobOptions {
	if o.Image == "" {
		o.Image = DefaultInferencePerfImage
		if harness == "aiperf" {
			o.Image = DefaultAIPerfImage
		}
	}
	if o.NodeSelector == nil {
		o.NodeSelector = map[string]string{corev1.LabelArchStable: "amd64"}
	}
	if o.CPU.IsZero() {
		o.CPU = resource.MustParse("4")
	}
	if o.Memory.IsZero() {
		o.Memory = resource.MustParse("4Gi")
	}
	if o.HFTokenKey == "" {
		o.HFTokenKey = DefaultHFTokenKey
	}
	if o.Deadline <= 0 {
		o.Deadline = time.Hour
	}
	if o.TTL <= 0 {
		o.TTL = time.Hour
	}
	return o
}

// levelName is the name of a level's Job and ConfigMap: short (a Job name
// ends up in pod names, 63 characters at most) and unique per sweep and level.
func levelName(sweepID string, lvl sweep.Level) string {
	id := strings.ToLower(sweepID)
	var b strings.Builder
	for _, r := range id {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			b.WriteRune(r)
		} else {
			b.WriteRune('-')
		}
	}
	id = strings.Trim(b.String(), "-")
	if len(id) > 36 {
		id = strings.Trim(id[:36], "-")
	}
	// knee's own sweep ids already start with "knee-".
	if !strings.HasPrefix(id, "knee-") {
		id = "knee-" + id
	}
	return fmt.Sprintf("%s-l%d-%d", id, lvl.Index, lvl.PerGPU)
}

// levelLabels are on the Job, its pods and the ConfigMap. Label values
// must be valid: a sweep id that is not is reduced the way names are.
func levelLabels(sweepID string, lvl sweep.Level) map[string]string {
	return map[string]string{
		LabelManagedBy: ManagedBy,
		LabelSweepID:   labelValue(sweepID),
		LabelLevel:     strconv.Itoa(lvl.Index),
		LabelPerGPU:    strconv.Itoa(lvl.PerGPU),
	}
}

func labelValue(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			b.WriteRune(r)
		} else {
			b.WriteRune('-')
		}
	}
	v := b.String()
	if len(v) > 63 {
		v = v[:63]
	}
	return strings.Trim(v, "-_.")
}

// PodSpec is what a harness puts in the load-generator container.
type PodSpec struct {
	Command []string
	Args    []string
	// Files become a ConfigMap mounted at /etc/knee (nil: no ConfigMap).
	Files map[string]string
	// Annotations go on the ConfigMap (a dataset's SHA-256: 64 characters,
	// too long for a label value).
	Annotations map[string]string
	// Claim, when set, is mounted read-only at DatasetMountPath.
	Claim string
}

// MaxConfigMapBytes is Kubernetes' bound on a ConfigMap's data (1 MiB): a
// harness's config and dataset together must fit in it.
const MaxConfigMapBytes = 1 << 20

// AnnotationDatasetSHA256 is on a ConfigMap that carries a --dataset file:
// the SHA-256 of the bytes in it, the one the plan records.
const AnnotationDatasetSHA256 = "knee.dev/dataset-sha256"

// buildConfigMap returns the level's ConfigMap, or nil when the harness needs none.
func buildConfigMap(name string, labels map[string]string, o JobOptions, spec PodSpec) *corev1.ConfigMap {
	if len(spec.Files) == 0 {
		return nil
	}
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: o.Namespace, Labels: labels, Annotations: spec.Annotations},
		Data:       spec.Files,
	}
}

// buildJob returns the level's Job: one pod, never retried (a retried level
// would measure a different server state and double the run time),
// bounded by a deadline, cleaned up by TTL if knee cannot.
func buildJob(name string, labels map[string]string, o JobOptions, spec PodSpec) *batchv1.Job {
	podLabels := map[string]string{}
	for k, v := range labels {
		podLabels[k] = v
	}
	for k, v := range o.PodLabels {
		podLabels[k] = v
	}
	res := corev1.ResourceRequirements{
		Requests: corev1.ResourceList{corev1.ResourceCPU: o.CPU, corev1.ResourceMemory: o.Memory},
		Limits:   corev1.ResourceList{corev1.ResourceCPU: o.CPU, corev1.ResourceMemory: o.Memory},
	}
	if o.LoadgenGPUs > 0 {
		for k, v := range gpuList(o.LoadgenGPUs) {
			res.Requests[k] = v
			res.Limits[k] = v
		}
	}
	c := corev1.Container{
		Name:            containerName,
		Image:           o.Image,
		ImagePullPolicy: corev1.PullIfNotPresent,
		Command:         spec.Command,
		Args:            spec.Args,
		Resources:       res,
		// The harness writes its reports into the working directory.
		WorkingDir:   "/tmp",
		VolumeMounts: []corev1.VolumeMount{{Name: "work", MountPath: "/tmp"}},
	}
	vols := []corev1.Volume{{Name: "work", VolumeSource: corev1.VolumeSource{EmptyDir: &corev1.EmptyDirVolumeSource{}}}}
	if len(spec.Files) > 0 {
		c.VolumeMounts = append(c.VolumeMounts, corev1.VolumeMount{Name: "config", MountPath: ConfigMountPath, ReadOnly: true})
		vols = append(vols, corev1.Volume{Name: "config", VolumeSource: corev1.VolumeSource{
			ConfigMap: &corev1.ConfigMapVolumeSource{LocalObjectReference: corev1.LocalObjectReference{Name: name}},
		}})
	}
	if spec.Claim != "" {
		c.VolumeMounts = append(c.VolumeMounts, corev1.VolumeMount{Name: "dataset", MountPath: DatasetMountPath, ReadOnly: true})
		vols = append(vols, corev1.Volume{Name: "dataset", VolumeSource: corev1.VolumeSource{
			PersistentVolumeClaim: &corev1.PersistentVolumeClaimVolumeSource{ClaimName: spec.Claim, ReadOnly: true},
		}})
	}
	if o.HFTokenSecret != "" {
		// The token reaches the pod only through the Secret reference: knee
		// never reads it, prints it or stores it.
		optional := false
		c.Env = append(c.Env, corev1.EnvVar{Name: "HF_TOKEN", ValueFrom: &corev1.EnvVarSource{
			SecretKeyRef: &corev1.SecretKeySelector{
				LocalObjectReference: corev1.LocalObjectReference{Name: o.HFTokenSecret},
				Key:                  o.HFTokenKey, Optional: &optional,
			},
		}})
	}
	deadline := int64(o.Deadline.Seconds())
	ttl := int32(o.TTL.Seconds())
	noToken := false
	return &batchv1.Job{
		ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: o.Namespace, Labels: labels},
		Spec: batchv1.JobSpec{
			BackoffLimit:            ptr(int32(0)),
			ActiveDeadlineSeconds:   &deadline,
			TTLSecondsAfterFinished: &ttl,
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: podLabels},
				Spec: corev1.PodSpec{
					RestartPolicy: corev1.RestartPolicyNever,
					// The load generator talks to the endpoint, never to the API server.
					AutomountServiceAccountToken: &noToken,
					NodeSelector:                 o.NodeSelector,
					Tolerations:                  o.Tolerations,
					Containers:                   []corev1.Container{c},
					Volumes:                      vols,
				},
			},
		},
	}
}

func ptr[T any](v T) *T { return &v }
