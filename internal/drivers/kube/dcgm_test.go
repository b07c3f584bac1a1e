package kube_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep/metrics"
)

// A node's exporter with its Kubernetes mapping on (a hand-written
// exposition in the DCGM exporter's format, not a capture): GPUs 0 and 1
// held by the serving pod, GPU 2 by another pod, GPU 3 by none.
const mappedExposition = `DCGM_FI_DEV_POWER_USAGE{gpu="0",UUID="GPU-a",modelName="NVIDIA H200",Hostname="n1",container="vllm",namespace="serving",pod="vllm-0"} 512.5
DCGM_FI_DEV_POWER_USAGE{gpu="1",UUID="GPU-b",modelName="NVIDIA H200",Hostname="n1",container="vllm",namespace="serving",pod="vllm-0"} 498.0
DCGM_FI_DEV_POWER_USAGE{gpu="2",UUID="GPU-c",modelName="NVIDIA H200",Hostname="n1",container="train",namespace="research",pod="job-7"} 690.0
DCGM_FI_DEV_POWER_USAGE{gpu="3",UUID="GPU-d",modelName="NVIDIA H200",Hostname="n1"} 75.0
`

// The serving pods' GPUs are kept, by the exporter's pod and namespace
// labels; without serving pods, or an exporter that maps no GPU to a pod,
// every GPU of the node is.
func TestServingGPUsKeepsTheServingPodsGPUs(t *testing.T) {
	s, err := metrics.Parse(strings.NewReader(mappedExposition))
	require.NoError(t, err)
	require.Len(t, s.GPUs, 4)
	require.Equal(t, "vllm-0", s.GPUs[0].Pod)
	require.Equal(t, "serving", s.GPUs[0].Namespace)
	kept := kube.ServingGPUs(s.GPUs, "serving", []string{"vllm-0"})
	require.Len(t, kept, 2)
	require.Equal(t, []string{"GPU-a", "GPU-b"}, []string{kept[0].UUID, kept[1].UUID})
	require.Empty(t, kube.ServingGPUs(s.GPUs, "other", []string{"vllm-0"}), "same pod name, another namespace")
	require.Len(t, kube.ServingGPUs(s.GPUs, "serving", nil), 4)
	unmapped := []metrics.GPUSample{{GPU: "0"}, {GPU: "1"}}
	require.Len(t, kube.ServingGPUs(unmapped, "serving", []string{"vllm-0"}), 2)
}
