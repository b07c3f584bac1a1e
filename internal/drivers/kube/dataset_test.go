package kube

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A level whose harness put files in its PodSpec gets them mounted at
// ConfigMountPath, where the harness's command names them.
func TestJobMountsTheConfigMapAtConfigMountPath(t *testing.T) {
	spec := PodSpec{Command: []string{"sh", "-c", "aiperf --input-file /etc/knee/inputs.jsonl"}, Files: map[string]string{"inputs.jsonl": "{}\n"}}
	job := buildJob("knee-k-l0-0", nil, JobOptions{}.WithDefaults("aiperf"), spec)
	require.Equal(t, "/etc/knee", job.Spec.Template.Spec.Containers[0].VolumeMounts[1].MountPath)
	require.Equal(t, ConfigMountPath, job.Spec.Template.Spec.Containers[0].VolumeMounts[1].MountPath)
}

// --dataset-pvc: the Job mounts the claim read-only at DatasetMountPath
// (what inferenceperf.Pod puts in PodSpec.Claim), and a claim name or
// path that could escape is refused.
func TestJobMountsTheDatasetClaim(t *testing.T) {
	claim, err := ParseDatasetClaim("sharegpt-data:sets/chats.json")
	require.NoError(t, err)
	require.Equal(t, DatasetMountPath+"/sets/chats.json", claim.File("/local/chats.json"))
	claim, err = ParseDatasetClaim("sharegpt-data")
	require.NoError(t, err)
	require.Equal(t, DatasetMountPath+"/chats.json", claim.File("/local/chats.json"))
	spec := PodSpec{Command: []string{"inference-perf"}, Files: map[string]string{"config.yaml": "load: {}"}, Claim: claim.Claim}
	job := buildJob("knee-k-l0-8", nil, JobOptions{}.WithDefaults("inference-perf"), spec)
	vol := job.Spec.Template.Spec.Volumes[2]
	require.Equal(t, "sharegpt-data", vol.PersistentVolumeClaim.ClaimName)
	require.True(t, vol.PersistentVolumeClaim.ReadOnly)
	require.Equal(t, DatasetMountPath, job.Spec.Template.Spec.Containers[0].VolumeMounts[2].MountPath)
	for _, bad := range []string{"", ":x", "Bad_Claim", "c:../etc/passwd"} {
		_, err := ParseDatasetClaim(bad)
		require.ErrorContains(t, err, "--dataset-pvc", bad)
	}
}

// A dataset over the ConfigMap's bound is refused naming Kubernetes' limit
// and the way around it.
func TestDatasetFitsNamesTheConfigMapBound(t *testing.T) {
	require.NoError(t, DatasetFits("d.json", MaxConfigMapBytes-10, 10))
	err := DatasetFits("d.json", MaxConfigMapBytes, 1)
	require.ErrorContains(t, err, "is 1048576 bytes; on --runner kube the dataset travels in the level's ConfigMap, which Kubernetes bounds at 1048576 bytes (1 MiB) with the config (1 bytes) in it")
	require.ErrorContains(t, err, "--dataset-pvc CLAIM[:PATH]")
}
