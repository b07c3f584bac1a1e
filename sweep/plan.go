package sweep

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// Plan is a ladder of concurrency levels to run against one endpoint. It is
// stored in a results folder so that --resume can refuse a folder made by a
// different plan.
type Plan struct {
	// Version is the plan.json schema: 0 (absent) for knee's first plans,
	// PlanVersion since. --resume refuses a plan newer than it understands.
	Version int `json:"version,omitempty"`
	// ID names the sweep; Kubernetes objects carry it as a label.
	ID          string `json:"id"`
	PerGPU      []int  `json:"per_gpu"`
	GPUs        int    `json:"gpus"`
	Accelerator string `json:"accelerator,omitempty"`
	Leaf        string `json:"leaf,omitempty"`
	Model       string `json:"model"`
	Endpoint    string `json:"endpoint"`
	// API is "chat" (/v1/chat/completions) or "completion" (/v1/completions).
	API          string `json:"api"`
	InputTokens  int    `json:"input_tokens"`
	OutputTokens int    `json:"output_tokens"`
	// MinRequests and RequestsPerConcurrency size each level:
	// requests = max(MinRequests, RequestsPerConcurrency × concurrency), the aicr rule.
	MinRequests            int    `json:"min_requests"`
	RequestsPerConcurrency int    `json:"requests_per_concurrency"`
	Harness                string `json:"harness"`
	Runner                 string `json:"runner"`
	// Settings are the flags that change what a (resumed) sweep does
	// beyond the measurement itself — --stop-past-knee, --keep-going,
	// --request-timeout, --workers, --seed, the Kubernetes runner's Job
	// options …, by flag name, as the flag prints its value. --resume takes
	// every one it is not given again from here. Secrets are never among
	// them (--api-key-env records the variable's name, not its value).
	Settings map[string]string `json:"settings,omitempty"`
	// Workload is what each request contains (sweep/workload.go); nil is
	// the default workload, and the key is then absent.
	Workload *Workload `json:"workload,omitempty"`
	// Rates, when set, make the plan an open-loop rate sweep (--rate, req/s
	// for the whole endpoint; see rate.go) instead of a --per-gpu ladder,
	// with its arrival process, bound on outstanding requests, and
	// duration per level (0: --min-requests requests per level).
	Rates         []float64 `json:"rates,omitempty"`
	Arrivals      string    `json:"arrivals,omitempty"`
	MaxInFlight   int       `json:"max_in_flight,omitempty"`
	RateDurationS float64   `json:"rate_duration_s,omitempty"`
	// LevelPrecision, when set, makes each closed-loop level stop once the
	// 95% interval of its throughput is within ±LevelPrecision (precision.go),
	// after at least LevelMinDurationS and at most LevelMaxDurationS seconds;
	// MinRequests and RequestsPerConcurrency then size nothing. Absent (0):
	// the fixed request counts, as every plan before it.
	LevelPrecision    float64 `json:"level_precision,omitempty"`
	LevelMinDurationS float64 `json:"level_min_duration_s,omitempty"`
	LevelMaxDurationS float64 `json:"level_max_duration_s,omitempty"`
}

// PlanVersion is the plan.json schema this knee writes: 2 added version and
// settings.
const PlanVersion = 2

// Level is one rung of the ladder as a harness runs it.
type Level struct {
	Index       int `json:"index"`
	PerGPU      int `json:"per_gpu"`
	Concurrency int `json:"concurrency"`
	Requests    int `json:"requests"`
	// Warmup requests are sent first and discarded (= concurrency, as aicr does).
	Warmup int `json:"warmup"`
	// Rate is an open-loop level's offered request rate (req/s, whole
	// endpoint); PerGPU and Concurrency are then 0.
	Rate float64 `json:"rate,omitempty"`
	// Precision, MinDurationS and MaxDurationS are the plan's stop rule
	// when it stops by precision (Requests is then 0: no count).
	Precision    float64 `json:"precision,omitempty"`
	MinDurationS float64 `json:"min_duration_s,omitempty"`
	MaxDurationS float64 `json:"max_duration_s,omitempty"`
	// Step, set by a search as it runs the level (never stored in the
	// plan), is the lower level its decision judges it against: the level
	// may stop as soon as that step is resolved (steps.go).
	Step *StepRef `json:"step,omitempty"`
}

// Levels expands the plan into its rungs, in ladder order.
func (p Plan) Levels() []Level {
	if p.IsRate() {
		return p.rateLevels()
	}
	out := make([]Level, 0, len(p.PerGPU))
	for i, pg := range p.PerGPU {
		c := pg * p.GPUs
		n := p.RequestsPerConcurrency * c
		if n < p.MinRequests {
			n = p.MinRequests
		}
		l := Level{Index: i, PerGPU: pg, Concurrency: c, Requests: n, Warmup: c}
		if p.LevelPrecision > 0 {
			l.Requests, l.Precision, l.MinDurationS, l.MaxDurationS = 0, p.LevelPrecision, p.LevelMinDurationS, p.LevelMaxDurationS
		}
		out = append(out, l)
	}
	return out
}

// LevelResult is what running one level produced: the normalised points
// (usually one) and the harness's raw output, kept verbatim by the store
// under the given file names.
type LevelResult struct {
	Points         []Point           `json:"points"`
	Raw            map[string][]byte `json:"-"`
	Harness        string            `json:"harness"`
	HarnessVersion string            `json:"harness_version,omitempty"`
}

// Executor runs one level of a plan: a harness (built-in, inference-perf,
// AIPerf) through a runner (local process, Kubernetes Job). It must honour
// ctx: on cancellation it stops, cleans up what it created, and returns
// ctx.Err().
type Executor interface {
	RunLevel(ctx context.Context, plan Plan, lvl Level) (*LevelResult, error)
}

// StagedExecutor is an Executor that can also run several levels of a plan
// in one harness run, one stage each: inference-perf runs a rate ladder as
// one config of one stage per rate, and reports each stage on its own.
type StagedExecutor interface {
	Executor
	// Staged reports whether it runs this plan's levels as stages of one run.
	Staged(plan Plan) bool
	// RunStages runs the levels as the stages of one run, in order, and
	// returns one result per level (the run's raw output in each).
	RunStages(ctx context.Context, plan Plan, levels []Level) ([]*LevelResult, error)
}

// Size bounds of a plan: far above any real sweep, far below what would
// exhaust the machine knee runs on (the built-in harness holds each
// level's prompts and one record per request in memory). --input-tokens
// 2e9 would build gigabyte prompts; --min-requests 2e9 records as many.
const (
	// MaxTokens bounds --input-tokens and --output-tokens: the longest
	// context windows served today are about a million tokens.
	MaxTokens = 1 << 20
	// MaxRequests bounds the requests of one level (and its concurrency):
	// the aicr rule at 1024/GPU on 8 GPUs asks for 65,536.
	MaxRequests = 1_000_000
)

// SizeFlag is a flag of a plan's size with its bound, for the refusal
// before anything runs (the CLI checks each as it parses it).
type SizeFlag struct {
	Name string
	Max  int
	Unit string
}

// SizeFlags are the size flags of knee sweep and their bounds.
var SizeFlags = map[string]SizeFlag{
	"input-tokens":             {"input-tokens", MaxTokens, "tokens"},
	"output-tokens":            {"output-tokens", MaxTokens, "tokens"},
	"min-requests":             {"min-requests", MaxRequests, "requests"},
	"requests-per-concurrency": {"requests-per-concurrency", MaxRequests, "requests"},
}

// CheckSizes refuses a plan whose size flags (or what a plan.json holds)
// pass their bounds, naming the flag and the bound, before any level is
// expanded or run. A level's requests and concurrency are checked once the
// GPU count is known.
func (p Plan) CheckSizes() error {
	for _, f := range []struct {
		name string
		v    int
	}{
		{"input-tokens", p.InputTokens}, {"output-tokens", p.OutputTokens},
		{"min-requests", p.MinRequests}, {"requests-per-concurrency", p.RequestsPerConcurrency},
	} {
		b := SizeFlags[f.name]
		if f.v > b.Max {
			return inputerr.Errorf("plan", "--"+f.name, 0, "%d is more than knee's bound of %d %s", f.v, b.Max, b.Unit)
		}
	}
	if len(p.PerGPU) > MaxPlanLevels {
		return inputerr.Errorf("plan", "--per-gpu", 0, "%d levels is more than %d", len(p.PerGPU), MaxPlanLevels)
	}
	if p.GPUs <= 0 {
		return nil
	}
	if p.GPUs > MaxRequests {
		return inputerr.Errorf("plan", "--gpus", 0, "%d is more than knee's bound of %d GPUs", p.GPUs, MaxRequests)
	}
	for _, pg := range p.PerGPU {
		if pg > MaxRequests/p.GPUs {
			return inputerr.Errorf("plan", "--per-gpu", 0, "%d/GPU × %d GPUs is more than knee's bound of %d requests in flight", pg, p.GPUs, MaxRequests)
		}
		// c ≤ MaxRequests and RequestsPerConcurrency ≤ MaxRequests: no overflow.
		if n := p.RequestsPerConcurrency * pg * p.GPUs; n > MaxRequests {
			return inputerr.Errorf("plan", "--requests-per-concurrency", 0, "%d × %d in flight (%d/GPU) is %d requests, more than knee's bound of %d requests per level", p.RequestsPerConcurrency, pg*p.GPUs, pg, n, MaxRequests)
		}
	}
	return nil
}

// Validate checks a plan before anything runs; errors name the flag.
func (p Plan) Validate() error {
	if p.IsRate() {
		if err := p.validateRate(); err != nil {
			return err
		}
	} else if len(p.PerGPU) == 0 {
		return inputerr.Errorf("plan", "--per-gpu", 0, "no levels to run")
	}
	for _, pg := range p.PerGPU {
		if pg <= 0 {
			return inputerr.Errorf("plan", "--per-gpu", 0, "level %d is not a positive integer", pg)
		}
	}
	if p.GPUs == 0 {
		// Unset reads as 0: say what is missing, not "got 0".
		return inputerr.Errorf("plan", "--gpus", 0, "is required: how many GPUs serve the endpoint (the ladder is per GPU)")
	}
	if p.GPUs < 0 {
		return inputerr.Errorf("plan", "--gpus", 0, "GPU count must be positive, got %d", p.GPUs)
	}
	if p.API != "chat" && p.API != "completion" {
		return inputerr.Errorf("plan", "--api", 0, "must be chat or completion, got %q", p.API)
	}
	if p.InputTokens <= 0 || p.OutputTokens <= 0 {
		return inputerr.Errorf("plan", "--input-tokens/--output-tokens", 0, "must be positive")
	}
	if p.MinRequests < 0 || p.RequestsPerConcurrency < 0 {
		return inputerr.Errorf("plan", "--min-requests/--requests-per-concurrency", 0, "must not be negative")
	}
	if err := p.CheckPrecision(); err != nil {
		return err
	}
	return p.CheckSizes()
}

// String is a one-line description for logs.
func (l Level) String() string {
	if l.Rate > 0 {
		return l.rateString()
	}
	if l.StopsByPrecision() {
		return fmt.Sprintf("level %d: %d/GPU (%d in flight, %s)", l.Index, l.PerGPU, l.Concurrency, l.stopString())
	}
	return fmt.Sprintf("level %d: %d/GPU (%d in flight, %d requests)", l.Index, l.PerGPU, l.Concurrency, l.Requests)
}

// RedactURL is an endpoint as knee may print and store it: a password in
// its userinfo becomes xxxxx (http://user:xxxxx@host, as url.URL.Redacted
// writes it), and a user name without a password — often a token itself —
// becomes xxxxx too. A string that does not parse as a URL but has an @
// after its scheme loses everything between the scheme and the last @.
func RedactURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		scheme, rest, ok := strings.Cut(raw, "://")
		if i := strings.LastIndex(rest, "@"); ok && i >= 0 {
			return scheme + "://xxxxx" + rest[i:]
		}
		if !ok {
			if i := strings.LastIndex(raw, "@"); i >= 0 {
				return "xxxxx" + raw[i:]
			}
		}
		return raw
	}
	if u.User == nil {
		if i := strings.LastIndex(u.Opaque, "@"); i >= 0 {
			// user:secret@host parses as scheme "user", opaque "secret@host".
			return "xxxxx" + u.Opaque[i:]
		}
		return raw
	}
	if _, has := u.User.Password(); !has {
		u.User = url.User("xxxxx")
		return u.String()
	}
	return u.Redacted()
}

// HasCredentials reports whether an endpoint carries userinfo.
func HasCredentials(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		_, rest, _ := strings.Cut(raw, "://")
		return strings.Contains(rest, "@")
	}
	return u.User != nil || strings.Contains(u.Opaque, "@")
}
