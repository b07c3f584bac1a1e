package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// The analysis thresholds and the floor policy are library options
// (knee.Options, baseline.Policy) named by their JSON names; their flags
// live here, in the CLI, which also maps an option named in an error back
// to the flag a user typed.

// optionFlags maps an option's JSON name to its flag.
var optionFlags = map[string]string{
	// knee.Options
	"elasticity": "elasticity", "ttft_slo_ms": "ttft-slo-ms", "ttft_ceiling_ms": "ttft-ceiling-ms",
	"cliff_drop": "cliff-drop", "little_factor": "little-factor", "ttft_rise": "ttft-rise",
	"max_error_rate": "max-error-rate", "min_achieved": "min-achieved", "min_samples_p99": "min-samples",
	"max_cv": "max-cv", "noise": "noise", "client_cpu_max": "client-cpu-max", "trusted_per_gpu": "trusted-per-gpu",
	"output_tokens": "output-tokens", "min_fit_levels": "min-fit-levels", "bootstrap": "bootstrap",
	"confidence": "confidence", "seed": "seed", "outlier_z": "outlier-z", "slo": "slo",
}

// policyFlags maps a baseline option's JSON name to its flag (the policy's
// confidence is --floor-confidence: --confidence is the analysis's).
var policyFlags = map[string]string{
	"at_per_gpu": "at", "headroom": "headroom", "ttft_ceiling_ms": "ttft-ceiling-ms", "ttft_multiplier": "ttft-multiplier",
	"sig_figs": "sig-figs", "confidence": "floor-confidence", "accept_unverified": "accept-unverified",
	"allow_simulated": "allow-simulated", "write": "write",
}

// bindAnalysisFlags registers every threshold of o on fs, with o's current
// values as defaults. find, baseline, compare, plot and sweep share them.
func bindAnalysisFlags(fs *pflag.FlagSet, o *knee.Options) {
	fs.Float64Var(&o.Elasticity, "elasticity", o.Elasticity, "knee: a level is past it when less than this share of the relative load increase became throughput, ln(ΔX)/ln(ΔN)")
	fs.Float64Var(&o.TTFTSLOMs, "ttft-slo-ms", o.TTFTSLOMs, "a TTFT SLO in ms that caps the recommended level (0: none; the policy is throughput-primary)")
	fs.Var(sloFlag{&o.SLOs}, "slo", "latency SLOs every recommended level must meet, METRIC=LIMIT with a unit, comma-separated: ttft, itl, tpot or e2e at p50, p90, p95 or p99 (ttft_p99=2s,itl_p99=50ms); each level gets its goodput, and the output says whether the SLO or the knee binds")
	fs.Float64Var(&o.CliffDrop, "cliff-drop", o.CliffDrop, "cliff when throughput falls more than this fraction below the best lower level")
	fs.Float64Var(&o.LittleFactor, "little-factor", o.LittleFactor, "cliff when TTFT rises more than this many times Little's-law prediction between adjacent levels")
	fs.Float64Var(&o.TTFTRise, "ttft-rise", o.TTFTRise, "cliff: TTFT must rise at least this factor between adjacent levels (and beyond --little-factor × Little's law)")
	fs.Float64Var(&o.MaxErrorRate, "max-error-rate", o.MaxErrorRate, "invalid (errors_present) above this share of failed requests")
	fs.Float64Var(&o.MinAchieved, "min-achieved", o.MinAchieved, "invalid (concurrency_not_achieved) when achieved/configured concurrency is below this; a rate-based stage serving less than this share of its requested rate is past the knee")
	fs.IntVar(&o.MinSamplesP99, "min-samples", o.MinSamplesP99, "caution (insufficient_samples) when a level has fewer successful requests than this for its p99")
	fs.Float64Var(&o.MaxCV, "max-cv", o.MaxCV, "caution (high_variance) when repeats' throughput coefficient of variation exceeds this")
	fs.Float64Var(&o.Noise, "noise", o.Noise, "relative throughput change treated as noise (non_monotonic dips must exceed it)")
	fs.Float64Var(&o.ClientCPUMax, "client-cpu-max", o.ClientCPUMax, "invalid (client_bound) when the load generator used at least this share of its CPU")
	fs.Float64Var(&o.TrustedPerGPU, "trusted-per-gpu", o.TrustedPerGPU, "a lowest level at or below this per-GPU concurrency counts as verified sub-knee")
	fs.Float64Var(&o.OutputTokens, "output-tokens", o.OutputTokens, "mean output tokens per request to assume for Little's law when inputs do not say (0: unknown)")
	fs.IntVar(&o.MinFitLevels, "min-fit-levels", o.MinFitLevels, "fit curve models and bootstrap the knee from this many valid levels (fewer: bracket between levels)")
	fs.IntVar(&o.Bootstrap, "bootstrap", o.Bootstrap, "bootstrap resamples for the knee interval")
	fs.Float64Var(&o.Confidence, "confidence", o.Confidence, "coverage of the bootstrap knee interval")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "seed of the bootstrap (results are deterministic for a seed)")
	fs.Float64Var(&o.OutlierZ, "outlier-z", o.OutlierZ, "robust z-score beyond which a repeat is listed as an outlier")
}

// sloFlag is --slo: knee.ParseSLOs on every value (the flag may be given
// more than once; the objectives add up), an error naming the bad part.
type sloFlag struct{ slos *[]knee.SLO }

func (f sloFlag) String() string {
	if f.slos == nil || len(*f.slos) == 0 {
		return ""
	}
	return knee.FormatSLOs(*f.slos)
}
func (f sloFlag) Type() string { return "slos" }
func (f sloFlag) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		*f.slos = nil // as plan.json records "no SLO"
		return nil
	}
	s, err := knee.ParseSLOs(v)
	if err != nil {
		return err
	}
	for _, n := range s {
		for _, have := range *f.slos {
			if have.Metric == n.Metric {
				return fmt.Errorf("%s is given twice", n.Metric)
			}
		}
	}
	*f.slos = append(*f.slos, s...)
	return nil
}

// bindPolicyFlags registers the floor policy of p on fs, with p's current
// values as defaults.
func bindPolicyFlags(fs *pflag.FlagSet, p *baseline.Policy) {
	fs.Float64Var(&p.At, "at", p.At, "per-GPU level to set floors from (default: the level the knee analysis recommends)")
	fs.Float64Var(&p.Headroom, "headroom", p.Headroom, "throughput floor = measured × (1 − headroom)")
	fs.Float64Var(&p.TTFTCeilingMs, "ttft-ceiling-ms", p.TTFTCeilingMs, "catalog TTFT p99 ceiling in ms; the proposed ceiling is never below it")
	fs.Float64Var(&p.TTFTMultiplier, "ttft-multiplier", p.TTFTMultiplier, "TTFT ceiling = max(catalog ceiling, measured p99 × this)")
	fs.IntVar(&p.SigFigs, "sig-figs", p.SigFigs, "significant figures floors are rounded to (throughput down, TTFT up)")
	fs.Float64Var(&p.Confidence, "floor-confidence", p.Confidence, "confidence level of the interval whose lower end throughput floors start from when a level has repeats")
	fs.BoolVar(&p.AcceptUnverified, "accept-unverified", p.AcceptUnverified, "allow a level whose only problem is that nothing below it was measured; the result is marked unverified")
	fs.BoolVar(&p.AllowSimulated, "allow-simulated", p.AllowSimulated, "for demonstrations only: derive floors from simulated numbers; the result is marked SIMULATED and must not be committed to an overlay")
}

// flagError turns an option the libraries name into the flag a user typed
// (a usage error, exit 2); other errors pass through.
func flagError(err error) error {
	var oe *knee.OptionError
	if errors.As(err, &oe) {
		return usagef("--%s: %s", flagOr(optionFlags, oe.Option), oe.Msg)
	}
	var pe *baseline.PolicyError
	if errors.As(err, &pe) {
		return usagef("--%s: %s", flagOr(policyFlags, pe.Option), pe.Msg)
	}
	return err
}

func flagOr(m map[string]string, option string) string {
	if f, ok := m[option]; ok {
		return f
	}
	return option
}

// sizeValue is an integer flag with an upper bound (sweep.SizeFlags): a
// value past it, or written as 2e9, is refused as the flag is parsed
// (exit 2), naming the bound, before anything is built from it.
type sizeValue struct {
	p     *int
	bound sweep.SizeFlag
}

func (v sizeValue) String() string { return strconv.Itoa(*v.p) }
func (v sizeValue) Type() string   { return "int" }
func (v sizeValue) Set(s string) error {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 0, 64)
	if err != nil {
		// 2e9 is a number, only not written as an integer: say whether
		// it is within the bound at all.
		f, ferr := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if ferr == nil && f > float64(v.bound.Max) {
			return fmt.Errorf("%s is more than knee's bound of %d %s", s, v.bound.Max, v.bound.Unit)
		}
		return fmt.Errorf("%q is not an integer (at most %d %s)", s, v.bound.Max, v.bound.Unit)
	}
	if n > int64(v.bound.Max) {
		return fmt.Errorf("%d is more than knee's bound of %d %s", n, v.bound.Max, v.bound.Unit)
	}
	*v.p = int(n)
	return nil
}

// sizeFlag binds an integer size flag with its bound from sweep.SizeFlags.
func sizeFlag(fs *pflag.FlagSet, p *int, name string, value int, usage string) {
	*p = value
	fs.Var(sizeValue{p, sweep.SizeFlags[name]}, name, usage)
}
