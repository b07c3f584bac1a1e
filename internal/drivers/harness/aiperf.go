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
	Pod:     func(s Settings) kube.Harness { return aiperf.Pod{Claim: s.DatasetClaim} },
	Check:   checkAIPerf,
}

// checkAIPerf refuses a plan AIPerf cannot run: its arguments for the
// first level (every level translates the same workload) and its dataset.
func checkAIPerf(p sweep.Plan, _ Settings) error {
	if err := aiperf.Check(p); err != nil {
		return err
	}
	if lv := p.Levels(); len(lv) > 0 {
		if _, err := aiperf.Arguments(p, lv[0], "artifacts", aiperf.InputFile); err != nil {
			return err
		}
	}
	_, err := aiperf.InputFileContent(p)
	return err
}
