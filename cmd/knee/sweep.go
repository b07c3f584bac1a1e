package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/run"
	"github.com/kneetool/knee/sweep/store"
)

type sweepOptions struct {
	root *rootOptions

	Runner, Harness, HarnessBin string
	Endpoint, Model, API        string
	PerGPU, Ladder              string
	GPUs                        int
	Accelerator, Leaf           string
	InputTokens, OutputTokens   int
	MinRequests, PerConcurrency int
	Out, Resume                 string
	StopPastKnee, KeepGoing     bool
	Timeout                     time.Duration
	Workers                     int
	Seed                        int64
	JSONL                       bool
	Metrics                     metricsFlags
	Telemetry                   telemetryFlags
	APIKeyEnv                   string
	Search                      searchFlags
	Workload                    workloadFlags
	Rate                        rateFlags
	Precision                   precisionFlags
	Catalog                     string

	plan   sweep.Plan
	secret credentials
	format string
	// kube holds the Kubernetes runner's flags (sweep_kube.go): each sweep
	// command its own, so a catalog's leaves can run side by side.
	kube *kubeOptions
	// cmd is the command these options belong to: which flags were given
	// decides what --resume takes from the stored plan.
	cmd *cobra.Command
	// started is when the sweep began running (the search's budget counts
	// from it, the cap probe included).
	started time.Time
}

// Complete builds the plan from the flags (a catalog builds one per leaf
// when it runs).
func (o *sweepOptions) Complete([]string) error {
	if o.Catalog != "" {
		return nil
	}
	return o.complete(o.cmd)
}

// Validate has nothing left to check: complete checked the plan as it
// built it, naming the flag.
func (o *sweepOptions) Validate() error { return nil }

func (o *sweepOptions) Run() error {
	if o.Catalog != "" {
		return o.runCatalog(o.cmd)
	}
	return o.run(o.cmd)
}

func newSweepCmd(root *rootOptions) *cobra.Command {
	c, _ := newSweepCommand(root)
	return c
}

// newSweepCommand is the sweep command and the options its flags fill (a
// catalog binds each leaf's flags to one of its own).
func newSweepCommand(root *rootOptions) (*cobra.Command, *sweepOptions) {
	o := &sweepOptions{root: root}
	c := &cobra.Command{
		Use:   "sweep --endpoint URL (--per-gpu 64,128,256 | --ladder 16:1024:x2 | --rate 2,4,8) --gpus N [--out DIR | --resume DIR]",
		Short: "Run a concurrency ladder against an endpoint into a resumable results folder",
		Long: `sweep climbs a ladder of concurrency levels per GPU against an OpenAI-compatible
endpoint, one level at a time, and stores each level in the results folder (--out) the
moment it finishes: the plan, the harness's raw output kept verbatim, the normalised
points and sweep.json, which every analysis command accepts (knee find DIR).

Each level stops by precision (builtin harness, local runner): after a warm-up of one
request per in-flight slot it runs until the 95% interval of its throughput over fixed
windows is within --level-precision (±3%), with at least 100 requests for the TTFT p99
and every slot past two requests, between --level-min-duration and --level-max-duration;
point.json says why it stopped (precision or time_cap). Given --min-requests or
--requests-per-concurrency, levels are max(--min-requests, --requests-per-concurrency ×
concurrency) requests instead (the aicr rule; always for the other harnesses). With
--stop-past-knee (default) the climb ends once a level is clearly past the knee, so no
GPU time is spent at 512/GPU after 256/GPU collapsed. Ctrl-C stops cleanly: finished
levels are kept and --resume DIR continues.

With --rate (requests per second for the whole endpoint) each level is open-loop instead:
requests arrive on a seeded --arrivals schedule whether or not earlier ones finished, at most
--max-in-flight outstanding, and knee find judges whether the achieved rate follows.

Harnesses: builtin (Go, no Python needed), inference-perf and aiperf (run as local
processes when installed; --harness-bin PATH). Runners: local, kube.

At the end it prints what knee find says of the levels so far (-o table or markdown),
or with -o json the sweep itself, as knee import -o json and sweep.json write it.
Progress goes to stderr.`,
		Example: `  knee sweep --endpoint http://127.0.0.1:8000 --model Qwen/Qwen3-8B --gpus 4 --per-gpu 64,128,256,512 --out gb300-run
  knee sweep --resume gb300-run
  knee find gb300-run`,
		Args: cobra.NoArgs,
		RunE: completeValidateRun(o),
	}
	o.cmd = c
	fl := c.Flags()
	fl.StringVar(&o.Runner, "runner", "local", "where the load generator runs: local|kube")
	fl.StringVar(&o.Harness, "harness", "builtin", "load generator: builtin|inference-perf|aiperf")
	fl.StringVar(&o.HarnessBin, "harness-bin", "", "path of the inference-perf or aiperf executable (default: found on PATH)")
	fl.Var(endpointList{&o.Endpoint, &o.Search.endpoints}, "endpoint", "base URL of the OpenAI-compatible server, e.g. http://127.0.0.1:8000; give it again for identical servers to run levels on at the same time")
	fl.StringVar(&o.Model, "model", "", "model name to send (and record), e.g. Qwen/Qwen3-8B")
	fl.StringVar(&o.API, "api", "chat", "chat (/v1/chat/completions) or completion (/v1/completions); inference-perf defaults to completion")
	fl.StringVar(&o.PerGPU, "per-gpu", "", "ladder of concurrent requests per GPU, e.g. 64,128,256")
	fl.StringVar(&o.Ladder, "ladder", "", "ladder as START:END:xK or START:END:+N, e.g. 16:1024:x2")
	fl.IntVar(&o.GPUs, "gpus", 0, "GPUs behind the endpoint (total concurrency = per GPU × GPUs)")
	fl.StringVar(&o.Accelerator, "accelerator", "", "accelerator short name to record (h100, gb300 …)")
	fl.StringVar(&o.Leaf, "leaf", "", "aicr leaf to record, e.g. gb300-eks-ubuntu-inference-dynamo")
	sizeFlag(fl, &o.InputTokens, "input-tokens", 128, "prompt length in tokens")
	sizeFlag(fl, &o.OutputTokens, "output-tokens", 128, "output length in tokens (ignore_eos)")
	sizeFlag(fl, &o.MinRequests, "min-requests", 1000, "least measured requests per level")
	sizeFlag(fl, &o.PerConcurrency, "requests-per-concurrency", 8, "measured requests per in-flight slot")
	fl.StringVar(&o.Out, "out", "", "new results folder (default ./<sweep id>)")
	fl.StringVar(&o.Resume, "resume", "", "continue the stopped sweep in this results folder")
	fl.BoolVar(&o.StopPastKnee, "stop-past-knee", true, "stop climbing once a level is clearly past the knee")
	fl.BoolVar(&o.KeepGoing, "keep-going", false, "continue with the next level after a failed one")
	fl.DurationVar(&o.Timeout, "request-timeout", 120*time.Second, "per-request timeout (builtin; inference-perf's load.request_timeout)")
	fl.IntVar(&o.Workers, "workers", 4, "inference-perf load.num_workers")
	fl.Int64Var(&o.Seed, "seed", 1, "seed for prompts (builtin)")
	fl.BoolVar(&o.JSONL, "requests-jsonl", false, "keep one JSON line per request in each level folder (builtin)")
	fl.StringVar(&o.APIKeyEnv, "api-key-env", "", "environment variable holding an API key, sent as a bearer token (builtin; default OPENAI_API_KEY when set); never printed or stored")
	fl.StringVar(&o.Catalog, "catalog", "", "sweep every leaf of this catalog YAML, each into --out DIR/<leaf> (see docs/sweeps.md: knee sweep --catalog)")
	o.Metrics.bind(fl)
	o.Telemetry.bind(fl)
	o.Search.bind(fl)
	o.Workload.bind(fl)
	o.Rate.bind(fl)
	o.Precision.bind(fl)
	o.kube = bindKubeFlags(c)
	return c, o
}

// complete builds the plan from the flags; on --resume the stored plan
// supplies every flag not given, and store.Open refuses a flag that
// contradicts it.
func (o *sweepOptions) complete(c *cobra.Command) error {
	var err error
	if o.format, err = chooseFormat(o.root, sweepEndFormats); err != nil {
		return err
	}
	fl := c.Flags()
	p, err := o.startPlan()
	if err != nil {
		return err
	}
	if err := o.planFlags(fl, &p); err != nil {
		return err
	}
	if err := o.checkPlan(fl, &p); err != nil {
		return err
	}
	if p.ID == "" {
		p.ID = sweep.NewPlanID(time.Now())
	}
	if err := restoreSettings(fl, &p, o.Resume != ""); err != nil {
		return err
	}
	if o.secret, err = o.credentials(fl, &p); err != nil {
		return err
	}
	o.plan = p
	return nil
}

func (o *sweepOptions) run(c *cobra.Command) error {
	ctx := c.Context()
	o.started = time.Now()
	exec, err := o.executor(ctx, c)
	if err != nil {
		return err
	}
	if levels := o.capProbe(ctx); len(levels) > 0 {
		o.plan.PerGPU = levels
	}
	if exec, err = o.Metrics.wrap(ctx, o, exec); err != nil {
		return err
	}
	if exec, err = o.Telemetry.wrap(ctx, o, exec); err != nil {
		return err
	}
	if err := o.plan.Validate(); err != nil {
		return err
	}
	var st *store.Store
	if o.Resume != "" {
		st, err = store.Open(o.Resume, o.plan)
	} else {
		out := o.Out
		if out == "" {
			out = o.plan.ID
		}
		st, err = store.Create(out, o.plan)
	}
	if err != nil {
		return err
	}
	defer st.Close()
	if o.plan.Runner == "local" && o.plan.Harness == "builtin" {
		// The built-in harness sends from this process: a server that does
		// not answer is said now. A harness process reaches the endpoint
		// its own way (and says so in its output).
		if err := probeEndpoints(ctx, o.localEndpoints()); err != nil {
			return o.report(st, nil, err)
		}
	}
	opts := run.Options{KeepGoing: o.KeepGoing, Log: o.root.stderr}
	if o.StopPastKnee {
		opts.StopRule = knee.PastKneeRule(knee.DefaultOptions())
	}
	outcome, runErr := o.runSweep(ctx, c, exec, st, opts)
	return o.report(st, outcome, runErr)
}
