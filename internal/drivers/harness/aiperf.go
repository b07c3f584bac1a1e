package harness

import (
	"github.com/kneetool/knee/internal/drivers/harness/aiperf"
	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep"
)

// aiPerf is NVIDIA AIPerf: a local process or a pod, with aicr's arguments.
var aiPerf = Harness{
	Name:    aiperf.Harness,
	Process: func(Settings) Process { return aiperf.Process{} },
	Pod:     func(Settings) kube.Harness { return kube.AIPerf{} },
	Check:   func(p sweep.Plan, _ Settings) error { return aiperf.Check(p) },
}
