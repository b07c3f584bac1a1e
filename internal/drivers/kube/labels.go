// Package kube runs a sweep's levels as Kubernetes Jobs on a cluster: it
// finds the GPU node under test and the endpoint, builds one Job (and, for
// inference-perf, one ConfigMap) per level, watches it until it finishes or
// fails, reads the harness output from the pod log, parses it into points,
// and deletes what it created. Executor implements sweep.Executor.
package kube

// Labels on every object knee creates. managed-by lets an operator find (and
// delete) knee's objects; the sweep id and level let knee find one level's
// pods and let tests route per-level pod logs.
const (
	LabelManagedBy = "app.kubernetes.io/managed-by"
	ManagedBy      = "knee"
	LabelSweepID   = "knee.dev/sweep-id"
	LabelLevel     = "knee.dev/level"
	LabelPerGPU    = "knee.dev/per-gpu"

	// GPUResource is the extended resource NVIDIA's device plugin advertises.
	GPUResource = "nvidia.com/gpu"
	// LabelGPUProduct is set by GPU feature discovery, e.g. NVIDIA-GB300.
	LabelGPUProduct = "nvidia.com/gpu.product"
)
