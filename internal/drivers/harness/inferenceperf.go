package harness

import (
	"github.com/kneetool/knee/internal/drivers/harness/inferenceperf"
	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep"
)

// inferencePerf is kubernetes-sigs/inference-perf: a local process or a pod,
// configured by --workers and --request-timeout.
var inferencePerf = Harness{
	Name:    inferenceperf.Harness,
	Process: func(s Settings) Process { return inferenceperf.Process{Options: inferencePerfOptions(s)} },
	Pod: func(s Settings) kube.Harness {
		return inferenceperf.Pod{Options: inferencePerfOptions(s), Claim: s.DatasetClaim}
	},
	Check: func(p sweep.Plan, s Settings) error {
		if _, err := inferenceperf.Config(p, p.Levels(), inferencePerfOptions(s)); err != nil {
			return err
		}
		_, err := inferenceperf.Dataset(p)
		return err
	},
}

func inferencePerfOptions(s Settings) inferenceperf.Options {
	return inferenceperf.Options{NumWorkers: s.Workers, RequestTimeout: s.Timeout}
}
