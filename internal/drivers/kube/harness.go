package kube

import "github.com/kneetool/knee/sweep"

// Harness is what the Kubernetes runner needs from a load generator: what
// to run in the pod for one level, and how to turn that pod's log back into
// the level's result. Each harness package owns its adapter
// (aiperf.Pod, inferenceperf.Pod); the registry (internal/drivers/harness.ForKube)
// hands the runner the one a name stands for, so kube knows no harness.
type Harness interface {
	Name() string
	// Pod returns the container command and any files (ConfigMap) for one level.
	Pod(plan sweep.Plan, lvl sweep.Level) (PodSpec, error)
	// Parse reads the level's points from the pod log. source names the pod
	// (it goes into Point.Source). The error should say what is missing;
	// the runner adds the pod name and the first lines of the log.
	Parse(log []byte, source string, plan sweep.Plan, lvl sweep.Level) (*sweep.LevelResult, error)
}
