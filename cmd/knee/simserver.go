package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/internal/drivers/simserver"
)

type simserverOptions struct {
	root   *rootOptions
	Addr   string
	Preset string
	Faults []string
	cfg    simserver.Config
	set    func(name string) bool
	// final is the configuration Validate built from the preset and flags.
	final simserver.Config
}

func newSimserverCmd(root *rootOptions) *cobra.Command {
	o := &simserverOptions{root: root}
	c := &cobra.Command{
		Use:   "simserver",
		Short: "Serve the simulated OpenAI-compatible LLM server on 127.0.0.1 (for trying knee sweep)",
		Long: `simserver serves the simulated LLM server that knee demo and knee's tests use, so that
knee sweep --endpoint can be pointed at it. It speaks /v1/completions and
/v1/chat/completions (SSE streaming with usage, or JSON), /v1/models, /health, and
/metrics in vLLM's names (running and waiting requests, KV-cache usage, preemptions,
cache_config_info), which knee sweep samples, and each simulated GPU's telemetry under
the DCGM exporter's names (DCGM_FI_DEV_POWER_USAGE, DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION
in mJ, the power limit, clocks and clock event reasons), which knee sweep --telemetry
samples: power is min(--power-limit, --power-idle + --power-per-seq × running batch).

It is a queueing model, not a GPU: every number it produces follows from its flags,
and a sweep of it must be labelled simulated. The gb300 preset has 4 "GPUs" and its
true knee at 160 requests per GPU (throughput collapses past it); flags override the
preset. It prints its true knee and runs until interrupted.

Faults (--fault, repeatable) take the form KIND:SELECT[:AFTER_TOKENS], where KIND is
429, 503 (or any 4xx/5xx), stall, abort, end_early or non_sse, and SELECT is
every=N[/burst=L] (L consecutive requests out of every N) or rate=R (probability):
  --fault 429:every=100/burst=20 --fault stall:rate=0.01:5`,
		Example: `  knee simserver --addr 127.0.0.1:8000 &
  knee sweep --runner local --harness builtin --endpoint http://127.0.0.1:8000 --gpus 4 --per-gpu 64,128,256 --output-tokens 16 --out /tmp/sim-sweep`,
		Args: cobra.NoArgs,
		PreRunE: func(cmd *cobra.Command, _ []string) error {
			o.set = func(name string) bool { return cmd.Flags().Changed(name) }
			return nil
		},
		RunE: completeValidateRun(o),
	}
	f := c.Flags()
	f.StringVar(&o.Addr, "addr", "127.0.0.1:8000", "listen address (loopback only)")
	f.StringVar(&o.Preset, "preset", "gb300", "starting configuration: gb300 (GB300Like) or none")
	f.IntVar(&o.cfg.GPUs, "gpus", 0, "simulated GPUs (engines)")
	f.IntVar(&o.cfg.BatchPerGPU, "batch-per-gpu", 0, "sequences an engine decodes at once; more queue")
	f.DurationVar(&o.cfg.StepBase, "step-base", 0, "decode step time at batch 0")
	f.DurationVar(&o.cfg.StepPerSeq, "step-per-seq", 0, "decode step time added per sequence in the batch")
	f.DurationVar(&o.cfg.PrefillPerToken, "prefill-per-token", 0, "prefill time per prompt token")
	f.IntVar(&o.cfg.KVBlocksPerGPU, "kv-blocks", 0, "KV-cache blocks per GPU (0 = unlimited); full caches queue and preempt requests")
	f.IntVar(&o.cfg.BlockSize, "block-size", 0, "tokens per KV-cache block (default 16)")
	f.IntVar(&o.cfg.PrefixCacheBlocks, "prefix-cache-blocks", 0, "prefix cache of this many blocks (0 = off): a prompt's leading blocks seen before are not prefilled again")
	f.IntVar(&o.cfg.FrontendMax, "frontend-max", 0, "requests the front-end passes to the engines at once, whole node (0 = unlimited)")
	f.IntVar(&o.cfg.ThrashAbovePerGPU, "thrash-above", 0, "open requests per GPU above which the front-end slows every step")
	f.Float64Var(&o.cfg.ThrashFactor, "thrash-factor", 0, "front-end slowdown per unit of overload (≥ 1 makes throughput fall)")
	f.Float64Var(&o.cfg.ThrashMax, "thrash-max", 0, "cap on the front-end slowdown (0 = none)")
	f.Float64Var(&o.cfg.Jitter, "jitter", 0, "relative jitter of each step, in [0, 1)")
	f.Int64Var(&o.cfg.Seed, "seed", 0, "seed for jitter, EOS lengths and random faults")
	f.Float64Var(&o.cfg.TimeScale, "time-scale", 0, "multiply every model time by this")
	f.BoolVar(&o.cfg.ZeroServiceTime, "zero-service-time", false, "answer at once with all tokens (benchmark clients)")
	f.StringVar(&o.cfg.Model, "model", "", "model id to list in /v1/models")
	f.Float64Var(&o.cfg.PowerIdleW, "power-idle", 0, "simulated GPU power at an empty batch, W (default 100)")
	f.Float64Var(&o.cfg.PowerPerSeqW, "power-per-seq", 0, "simulated GPU power added per running sequence, W (default 4)")
	f.Float64Var(&o.cfg.PowerLimitW, "power-limit", 0, "simulated GPU power limit, W (default 700): power stops growing there and clocks throttle")
	f.StringArrayVar(&o.Faults, "fault", nil, "inject a fault: KIND:every=N[/burst=L][:AFTER] or KIND:rate=R[:AFTER] (repeatable)")
	return c
}

// config merges the flags that were set over the preset.
func (o *simserverOptions) config() (simserver.Config, error) {
	var cfg simserver.Config
	switch o.Preset {
	case "gb300":
		cfg = simserver.GB300Like()
	case "none", "":
	default:
		return cfg, usagef("--preset: unknown preset %q (gb300 or none)", o.Preset)
	}
	set := o.set
	if set == nil {
		set = func(string) bool { return false }
	}
	if err := o.checkSet(set); err != nil {
		return cfg, err
	}
	o.overlay(&cfg, set)
	for _, spec := range o.Faults {
		ft, err := parseFault(spec)
		if err != nil {
			return cfg, err
		}
		cfg.Faults = append(cfg.Faults, ft)
	}
	if err := checkLoopback(o.Addr); err != nil {
		return cfg, err
	}
	cfg.Addr = o.Addr
	if err := cfg.Validate(); err != nil {
		return cfg, usagef("%v", err)
	}
	return cfg, nil
}

// checkSet refuses what the library would read as "default": it reads 0
// that way and ignores negatives, but a flag the user set must mean what
// it says (--gpus -2 served "-2 GPUs").
func (o *simserverOptions) checkSet(set func(string) bool) error {
	f := o.cfg
	if set("gpus") && f.GPUs <= 0 {
		return usagef("--gpus must be positive, got %d", f.GPUs)
	}
	if set("time-scale") && !(f.TimeScale > 0) {
		return usagef("--time-scale must be positive, got %g", f.TimeScale)
	}
	return nil
}

// overlay copies the flags that were set onto cfg.
func (o *simserverOptions) overlay(cfg *simserver.Config, set func(string) bool) {
	f := o.cfg
	for name, apply := range map[string]func(){
		"gpus":                func() { cfg.GPUs = f.GPUs },
		"batch-per-gpu":       func() { cfg.BatchPerGPU = f.BatchPerGPU },
		"step-base":           func() { cfg.StepBase = f.StepBase },
		"step-per-seq":        func() { cfg.StepPerSeq = f.StepPerSeq },
		"prefill-per-token":   func() { cfg.PrefillPerToken = f.PrefillPerToken },
		"thrash-above":        func() { cfg.ThrashAbovePerGPU = f.ThrashAbovePerGPU },
		"kv-blocks":           func() { cfg.KVBlocksPerGPU = f.KVBlocksPerGPU },
		"block-size":          func() { cfg.BlockSize = f.BlockSize },
		"frontend-max":        func() { cfg.FrontendMax = f.FrontendMax },
		"thrash-factor":       func() { cfg.ThrashFactor = f.ThrashFactor },
		"thrash-max":          func() { cfg.ThrashMax = f.ThrashMax },
		"jitter":              func() { cfg.Jitter = f.Jitter },
		"seed":                func() { cfg.Seed = f.Seed },
		"time-scale":          func() { cfg.TimeScale = f.TimeScale },
		"zero-service-time":   func() { cfg.ZeroServiceTime = f.ZeroServiceTime },
		"model":               func() { cfg.Model = f.Model },
		"prefix-cache-blocks": func() { cfg.PrefixCacheBlocks = f.PrefixCacheBlocks },
		"power-idle":          func() { cfg.PowerIdleW = f.PowerIdleW },
		"power-per-seq":       func() { cfg.PowerPerSeqW = f.PowerPerSeqW },
		"power-limit":         func() { cfg.PowerLimitW = f.PowerLimitW },
	} {
		if set(name) {
			apply()
		}
	}
}

func (o *simserverOptions) Complete([]string) error {
	_, err := o.root.checkOutput("text", "text")
	return err
}

func (o *simserverOptions) Validate() error {
	cfg, err := o.config()
	o.final = cfg
	return err
}

func (o *simserverOptions) Run() error {
	ctx := o.root.context()
	cfg := o.final
	srv := simserver.New(cfg)
	url, err := srv.Start()
	if err != nil {
		return err
	}
	defer srv.Close()
	if cfg.ZeroServiceTime {
		fmt.Fprintf(o.root.stdout, "simulated server at %s (zero service time: no knee)\n", url)
	} else {
		fmt.Fprintf(o.root.stdout, "simulated server at %s: %d GPUs, true knee %.0f requests per GPU (128/128 tokens); Ctrl-C stops it\n",
			url, cfg.GPUs, cfg.TrueKnee())
	}
	<-ctx.Done()
	st := srv.Stats()
	fmt.Fprintf(o.root.stderr, "simserver: %d requests, %d completed, %d tokens\n", st.Requests, st.Completed, st.Tokens)
	return nil
}
