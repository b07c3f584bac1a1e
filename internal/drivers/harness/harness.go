// Package harness is the one registry of load generators: each harness
// name maps to the ways knee can run it — as one local process per level
// (runner/local), as one Kubernetes pod per level (kube), or inside knee
// (builtin) — and to the refusals of a plan it cannot run. The runners
// select harnesses only through it, so adding a harness is its package
// (config or arguments, and parsing), an adapter for each runner it
// supports, its entry (a file here: builtin.go, inferenceperf.go,
// aiperf.go) and one line in registry.go.
package harness

import (
	"io"
	"net/url"
	"time"

	"github.com/kneetool/knee/internal/drivers/kube"
	"github.com/kneetool/knee/sweep"
)

// Settings are what knee sweep's flags tell a harness; each reads the
// ones it has a use for.
type Settings struct {
	// Workers is --workers (inference-perf's load.num_workers).
	Workers int
	// Timeout is --request-timeout.
	Timeout time.Duration
	// Progress receives an in-process harness's live progress (nil: quiet).
	Progress io.Writer
	// DatasetClaim is --dataset-pvc: the PersistentVolumeClaim a pod reads
	// the --dataset from, instead of the level's ConfigMap.
	DatasetClaim DatasetClaim
	// Seed, JSONL, APIKey and User are the built-in client's --seed,
	// --jsonl and credentials (never printed or stored).
	Seed   int64
	JSONL  bool
	APIKey string
	User   *url.Userinfo
}

// DatasetClaim is where a pod finds the --dataset on a volume (kube.DatasetClaim).
type DatasetClaim = kube.DatasetClaim

// Process is a harness run as one local process per level: what to run
// and how to read what it left.
type Process interface {
	Name() string
	// Bin is the executable the harness installs, also its pip package.
	Bin() string
	// Command is the level's arguments, run in the scratch folder work,
	// and the files to write there first; the files are kept as the
	// level's raw output. A plan the harness cannot run is an InputError.
	Command(plan sweep.Plan, lvl sweep.Level, work string) (args []string, files map[string][]byte, err error)
	// Outputs are the folders under work the tool writes its reports to,
	// kept as raw output ("report/…").
	Outputs() []string
	// Parse reads the level's points from the tool's output and the raw
	// files kept (work is still there), with the harness version if known.
	Parse(out []byte, work string, raw map[string][]byte, plan sweep.Plan, lvl sweep.Level) (pts []sweep.Point, version string, err error)
}

// StagedProcess is a Process that can also run several levels in one run,
// one stage each (inference-perf's multi-stage config), where the plan
// allows it.
type StagedProcess interface {
	Process
	// Staged reports whether the plan's levels run as the stages of one run.
	Staged(plan sweep.Plan) bool
	// CommandStages is Command for the levels as the stages of one run.
	CommandStages(plan sweep.Plan, levels []sweep.Level, work string) (args []string, files map[string][]byte, err error)
	// ParseStages reads one point per level, in order.
	ParseStages(out []byte, work string, raw map[string][]byte, plan sweep.Plan, levels []sweep.Level) (pts []sweep.Point, version string, err error)
}
