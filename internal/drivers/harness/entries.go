package harness

import (
	"github.com/kneetool/knee/internal/drivers/harness/aiperf"
	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/harness/inferenceperf"
	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep"
)

// The registry's constructors and checks: each maps Settings onto a
// harness's own options.

func newBuiltin(s Settings) sweep.Executor {
	return builtin.New(builtin.Options{Progress: s.Progress, Timeout: s.Timeout, Seed: s.Seed, JSONL: s.JSONL, APIKey: s.APIKey, User: s.User})
}

func checkBuiltin(p sweep.Plan, _ Settings) error {
	_, err := builtin.EndpointURL(p.Endpoint, p.API)
	return err
}

func inferencePerfOptions(s Settings) inferenceperf.Options {
	return inferenceperf.Options{NumWorkers: s.Workers, RequestTimeout: s.Timeout}
}

func newInferencePerfProcess(s Settings) Process {
	return inferenceperf.Process{Options: inferencePerfOptions(s)}
}

func newInferencePerfPod(s Settings) kube.Harness {
	return kube.InferencePerf{Options: inferencePerfOptions(s)}
}

func checkInferencePerf(p sweep.Plan, s Settings) error {
	_, err := inferenceperf.Config(p, p.Levels(), inferencePerfOptions(s))
	return err
}

func newAIPerfProcess(Settings) Process          { return aiperf.Process{} }
func newAIPerfPod(Settings) kube.Harness         { return kube.AIPerf{} }
func checkAIPerf(p sweep.Plan, _ Settings) error { return aiperf.Check(p) }
