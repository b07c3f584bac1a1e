package harness

import (
	"strings"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Harness is one registered load generator. A nil way of running it is
// one it does not support; the runners refuse it naming those that do.
type Harness struct {
	Name string
	// Process runs it as one local process per level (runner/local).
	Process func(Settings) Process
	// Pod runs it in one Kubernetes pod per level (kube).
	Pod func(Settings) kube.Harness
	// InProcess runs it inside knee, on the local runner.
	InProcess func(Settings) sweep.Executor
	// Check refuses a plan the harness cannot run (an InputError), before
	// a results folder exists; nil accepts every plan.
	Check func(sweep.Plan, Settings) error
}

// registry is every harness, in the order --harness's help and refusals
// name them. Adding a harness is its file here (builtin.go,
// inferenceperf.go, aiperf.go) and one line in this list.
var registry = []Harness{builtinHarness, inferencePerf, aiPerf}

// Lookup is the harness of that name.
func Lookup(name string) (Harness, bool) {
	for _, h := range registry {
		if h.Name == name {
			return h, true
		}
	}
	return Harness{}, false
}

// Names lists the harnesses that can run a way (nil: every harness), in
// registry order, as a refusal names them: "a, b or c".
func Names(can func(Harness) bool) string {
	var names []string
	for _, h := range registry {
		if can == nil || can(h) {
			names = append(names, h.Name)
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// ForProcess is the named harness as a local process.
func ForProcess(name string, s Settings) (Process, error) {
	if h, ok := Lookup(name); ok && h.Process != nil {
		return h.Process(s), nil
	}
	return nil, inputerr.Errorf("flag", "--harness", 0, "the local runner runs %s, not %q", Names(runsAsProcess), name)
}

// ForKube is the named harness as a Kubernetes pod.
func ForKube(name string, s Settings) (kube.Harness, error) {
	if h, ok := Lookup(name); ok && h.Pod != nil {
		return h.Pod(s), nil
	}
	return nil, inputerr.Errorf("flag", "--harness", 0, "the kube runner runs %s, not %q", Names(func(h Harness) bool { return h.Pod != nil }), name)
}

func runsAsProcess(h Harness) bool { return h.Process != nil }
