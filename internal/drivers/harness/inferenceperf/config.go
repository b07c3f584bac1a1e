// Package inferenceperf drives kubernetes-sigs/inference-perf as a harness:
// it writes the YAML config for a ladder of concurrency levels and turns the
// tool's console log (the `=== START_STAGE_i ===` blocks) back into points.
//
// The config shape follows FORMATS.md §1 and the tool's own examples
// (workload-catalog configs use `load.type: concurrent`): one stage per
// level, `{concurrency_level: TOTAL, num_requests: N}`, preceded by a
// warm-up stage that Parse discards, because inference-perf has no warm-up
// phase of its own.
package inferenceperf

import (
	"fmt"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Harness is the name recorded in sweeps and results folders.
const Harness = "inference-perf"

// Options are the knobs of the config that a plan does not carry.
type Options struct {
	// Tokenizer is `tokenizer.pretrained_model_name_or_path`; the random data
	// generator needs one. Default: the plan's model.
	Tokenizer string
	// NumWorkers is `load.num_workers`. The tool defaults to the node's CPU
	// count, which inside a container is the host's: always set it. Default 4.
	NumWorkers int
	// RequestTimeout is `load.request_timeout`. Without it inference-perf
	// hangs forever on a stalled server. Default 300 s.
	RequestTimeout time.Duration
	// StoragePath is `storage.local_storage.path`, where the stage reports go.
	// Default "report".
	StoragePath string
	// BaseSeed is `load.base_seed` so that prompts repeat across runs. Default 42.
	BaseSeed int
	// DatasetPath is `data.path`: where the tool finds the plan's --dataset
	// file (a local path, or the ConfigMap's mount in a pod). Default
	// DatasetFile, in the working directory.
	DatasetPath string
}

// DatasetFile is the name the dataset has beside the config.
const DatasetFile = "dataset.json"

func (o Options) withDefaults(plan sweep.Plan) Options {
	if o.Tokenizer == "" {
		o.Tokenizer = plan.Model
	}
	if o.NumWorkers <= 0 {
		o.NumWorkers = 4
	}
	if o.RequestTimeout <= 0 {
		o.RequestTimeout = 300 * time.Second
	}
	if o.StoragePath == "" {
		o.StoragePath = "report"
	}
	if o.BaseSeed == 0 {
		o.BaseSeed = 42
	}
	if o.DatasetPath == "" {
		o.DatasetPath = DatasetFile
	}
	return o
}

// The structs below fix the key order of the YAML so configs diff cleanly.
type config struct {
	Load      load      `yaml:"load"`
	API       api       `yaml:"api"`
	Server    server    `yaml:"server"`
	Tokenizer tokenizer `yaml:"tokenizer"`
	Data      data      `yaml:"data"`
	Report    report    `yaml:"report"`
	Storage   storage   `yaml:"storage"`
}

type load struct {
	Type   string  `yaml:"type"`
	Stages []stage `yaml:"stages"`
	// Interval is the pause between rate stages (the tool's default is 1 s).
	Interval   float64 `yaml:"interval,omitempty"`
	NumWorkers int     `yaml:"num_workers"`
	// WorkerMaxConcurrency × NumWorkers bounds a rate stage's requests in
	// flight: --max-in-flight.
	WorkerMaxConcurrency int     `yaml:"worker_max_concurrency,omitempty"`
	RequestTimeout       float64 `yaml:"request_timeout"`
	BaseSeed             int     `yaml:"base_seed"`
}

// stage is a concurrent stage (concurrency_level, num_requests) or a rate
// stage of a constant or poisson load (rate, duration): the tool refuses
// a stage with the other kind's keys.
type stage struct {
	ConcurrencyLevel int     `yaml:"concurrency_level,omitempty"`
	NumRequests      int     `yaml:"num_requests,omitempty"`
	Rate             float64 `yaml:"rate,omitempty"`
	Duration         int     `yaml:"duration,omitempty"`
}

type api struct {
	Type      string `yaml:"type"`
	Streaming bool   `yaml:"streaming"`
}

type server struct {
	Type      string `yaml:"type"`
	ModelName string `yaml:"model_name"`
	BaseURL   string `yaml:"base_url"`
	IgnoreEOS bool   `yaml:"ignore_eos"`
}

type tokenizer struct {
	PretrainedModelNameOrPath string `yaml:"pretrained_model_name_or_path"`
}

// data is one of the tool's generators (workload.go): random with length
// distributions, shareGPT with a dataset path, or shared_prefix.
type data struct {
	Type               string        `yaml:"type"`
	Path               string        `yaml:"path,omitempty"`
	InputDistribution  *distribution `yaml:"input_distribution,omitempty"`
	OutputDistribution *distribution `yaml:"output_distribution,omitempty"`
	SharedPrefix       *sharedPrefix `yaml:"shared_prefix,omitempty"`
}

// distribution states a fixed length twice over: `type: fixed` for versions
// that know it, and min = max = mean with std_dev 0 for those that sample a
// clipped normal whatever the type says.
type distribution struct {
	Type   string  `yaml:"type"`
	Mean   float64 `yaml:"mean"`
	Min    int     `yaml:"min"`
	Max    int     `yaml:"max"`
	StdDev float64 `yaml:"std_dev"`
}

// sharedPrefix is data.shared_prefix, under the key names of the tool's
// own configs (its parser also takes num_groups/num_prompts_per_group).
type sharedPrefix struct {
	NumUniqueSystemPrompts  int           `yaml:"num_unique_system_prompts"`
	NumUsersPerSystemPrompt int           `yaml:"num_users_per_system_prompt"`
	SystemPromptLen         int           `yaml:"system_prompt_len"`
	QuestionLen             *distribution `yaml:"question_len"`
	OutputLen               *distribution `yaml:"output_len"`
}

type report struct {
	RequestLifecycle lifecycle `yaml:"request_lifecycle"`
}

type lifecycle struct {
	Summary    bool `yaml:"summary"`
	PerStage   bool `yaml:"per_stage"`
	PerRequest bool `yaml:"per_request"`
}

type storage struct {
	LocalStorage localStorage `yaml:"local_storage"`
}

type localStorage struct {
	Path string `yaml:"path"`
}

// warmupStage is the index of the discarded warm-up stage in every config
// Config writes; level i of the config is stage i+1.
const warmupStage = 0

// Config writes an inference-perf config that runs the given levels of the
// plan in order: for a --per-gpu ladder, after a warm-up stage at the first
// level's concurrency with that level's warm-up request count (aicr warms
// up with C requests); for a --rate ladder, one constant or poisson stage
// per rate and no warm-up, as the built-in harness runs them. The
// workload is translated by the table in workload.go; what the tool
// cannot express is refused naming the flag, never approximated.
func Config(plan sweep.Plan, levels []sweep.Level, opts Options) ([]byte, error) {
	if len(levels) == 0 {
		return nil, inputerr.Errorf("plan", "--per-gpu", 0, "no levels to run")
	}
	if plan.Endpoint == "" {
		return nil, inputerr.Errorf("plan", "--endpoint", 0, "inference-perf needs the server's base URL")
	}
	if plan.Model == "" {
		return nil, inputerr.Errorf("plan", "--model", 0, "inference-perf needs the served model name (its random data generator loads that tokenizer)")
	}
	// FORMATS.md §1: the random/synthetic generators support only the
	// completion API; a chat config would be rejected by the tool at start.
	if plan.API != "completion" {
		return nil, inputerr.Errorf("plan", "--api", 0, "inference-perf's random data generator supports only --api completion (got %q); use --api completion or --harness aiperf", plan.API)
	}
	opts = opts.withDefaults(plan)
	ld, err := loadFor(plan, levels, opts)
	if err != nil {
		return nil, err
	}
	d, err := dataFor(plan, levels, opts)
	if err != nil {
		return nil, err
	}
	ignoreEOS := plan.Workload == nil || plan.Workload.IgnoreEOS
	c := config{
		Load:      ld,
		API:       api{Type: plan.API, Streaming: true},
		Server:    server{Type: "vllm", ModelName: plan.Model, BaseURL: plan.Endpoint, IgnoreEOS: ignoreEOS},
		Tokenizer: tokenizer{PretrainedModelNameOrPath: opts.Tokenizer},
		Data:      d,
		Report:    report{RequestLifecycle: lifecycle{Summary: true, PerStage: true}},
		Storage:   storage{LocalStorage: localStorage{Path: opts.StoragePath}},
	}
	b, err := yaml.Marshal(&c)
	if err != nil {
		return nil, fmt.Errorf("inference-perf config: %w", err)
	}
	header := fmt.Sprintf("# inference-perf config written by knee for sweep %q.\n# Stage %d is a warm-up and is discarded; stage i+1 is level i.\n", plan.ID, warmupStage)
	if plan.IsRate() {
		header = fmt.Sprintf("# inference-perf config written by knee for sweep %q.\n# Stage i is rate level i; there is no warm-up stage.\n", plan.ID)
	}
	return append([]byte(header), b...), nil
}

// concurrentLoad is a --per-gpu ladder's load: a warm-up stage, then one
// concurrent stage per level.
func concurrentLoad(levels []sweep.Level, opts Options) (load, error) {
	warm := levels[0].Warmup
	if warm <= 0 {
		warm = levels[0].Concurrency
	}
	stages := []stage{{ConcurrencyLevel: levels[0].Concurrency, NumRequests: warm}}
	for _, l := range levels {
		if l.Concurrency <= 0 || l.Requests <= 0 {
			return load{}, inputerr.Errorf("plan", "--per-gpu", 0, "%v: concurrency and requests must be positive", l)
		}
		stages = append(stages, stage{ConcurrencyLevel: l.Concurrency, NumRequests: l.Requests})
	}
	return load{
		Type:           "concurrent",
		Stages:         stages,
		NumWorkers:     opts.NumWorkers,
		RequestTimeout: opts.RequestTimeout.Seconds(),
		BaseSeed:       opts.BaseSeed,
	}, nil
}
