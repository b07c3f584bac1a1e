package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/knee/search"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/run"
	"github.com/kneetool/knee/sweep/store"
)

// searchFlags are knee sweep's adaptive flags: --search grows the ladder
// as the knee rule decides (knee/search), --repeats and --until-ci run
// levels again, interleaved, and --endpoint given more than once runs
// levels on those servers at the same time. All of them go through
// run.RunAdaptive; a plain ladder on one endpoint keeps run.Run.
type searchFlags struct {
	On        bool
	Precision float64
	MaxLevels int
	MaxPerGPU int
	Start     int
	Confirm   bool
	// CapProbe is --cap-probe (sweep_probe.go).
	CapProbe bool
	Repeats  int
	UntilCI  float64
	// Budget is --search-budget: the search's time from the sweep's start
	// (the cap probe included), run.AdaptiveOptions.Deadline.
	Budget time.Duration
	// Rungs are --ladder's levels when --search is given: the climb's
	// steps (knee/search Settings.Rungs). plan.json keeps them as the
	// resume setting search-rungs.
	Rungs []int
	// SLOs are --slo: --search bisects the SLO edge when it binds below
	// the knee, and the summary checks every level against them.
	SLOs []knee.SLO
	// endpoints holds every --endpoint given, in order; the first is the
	// plan's endpoint.
	endpoints []string
}

func (s *searchFlags) bind(fl *pflag.FlagSet) {
	d := search.DefaultSettings()
	fl.BoolVar(&s.On, "search", false, "adaptive: climb ×2 (with --ladder: along its rungs) until a level is past the knee, then bisect the knee's bracket at typed levels until it is within --precision (--per-gpu levels, if given, run first)")
	fl.Float64Var(&s.Precision, "precision", d.Precision, "--search stops once the knee's bracket is within this share of its midpoint (0.125: ±12.5%)")
	fl.IntVar(&s.MaxLevels, "max-levels", d.MaxLevels, "--search runs at most this many distinct levels")
	fl.IntVar(&s.MaxPerGPU, "max-per-gpu", d.MaxPerGPU, "--search climbs no higher than this many requests per GPU")
	fl.IntVar(&s.Start, "search-start", d.Start, "--search's first level when no ladder is given")
	fl.BoolVar(&s.Confirm, "search-confirm", d.Confirm, "--search climbs one rung past a lone first level past the knee (unless it is a cliff), so one noisy level never ends the climb")
	fl.BoolVar(&s.CapProbe, "cap-probe", true, "a new --search whose levels stop by precision (the default) first ramps the requests in flight from 4 × --search-start, doubling every 4 s up to --max-per-gpu (at most 512/GPU; at most 30 s), while reading the engine's /metrics, and stops as soon as running requests pin at a cap with others waiting: the search then measures the cap, half and 1.4× it at once instead of climbing to it")
	fl.DurationVar(&s.Budget, "search-budget", DefaultSearchBudget, "--search starts no level (new, extended or repeated) that its longest level so far would carry past this much time from the sweep's start, and answers with the levels it measured (0: no budget; --resume gets a fresh one)")
	fl.IntSliceVar(&s.Rungs, "search-rungs", nil, "the rungs --search climbs along (set from --ladder; kept in plan.json for --resume)")
	_ = fl.MarkHidden("search-rungs")
	fl.IntVar(&s.Repeats, "repeats", 1, "run every level this many times (with --until-ci: at most), repeats interleaved with other levels")
	fl.Var(sloFlag{&s.SLOs}, "slo", "latency SLOs (find's --slo, e.g. ttft_p99=2s,itl_p99=50ms): --search finds the SLO edge when an SLO binds below the knee, and the summary gives each level's SLOs and goodput")
	fl.Float64Var(&s.UntilCI, "until-ci", 0, "repeat a level until the 95% confidence half-width of its throughput is within this share of its mean (0.05: ±5%), at most --repeats runs (default 5 with --until-ci)")
}

// adaptive says whether the sweep needs run.RunAdaptive.
func (s *searchFlags) adaptive() bool {
	return s.On || s.Repeats > 1 || s.UntilCI > 0 || len(s.endpoints) > 1
}

// check validates the flags (exit 2 naming the flag) and gives --search
// without a ladder its first level.
func (s *searchFlags) check(fl *pflag.FlagSet, p *sweep.Plan) error {
	if s.Repeats < 1 || s.Repeats > sweep.MaxLevels {
		return inputerr.Errorf("flag", "--repeats", 0, "must be between 1 and %d, got %d", sweep.MaxLevels, s.Repeats)
	}
	if s.UntilCI < 0 || s.UntilCI >= 1 {
		return inputerr.Errorf("flag", "--until-ci", 0, "must be a share between 0 and 1 (0.05 is ±5%%), got %g", s.UntilCI)
	}
	if s.UntilCI > 0 && !fl.Changed("repeats") && s.Repeats == 1 {
		s.Repeats = 5
	}
	if s.On && !p.IsRate() {
		if err := s.searchLadder(fl, p); err != nil {
			return err
		}
	}
	for _, e := range s.endpoints[min(1, len(s.endpoints)):] {
		if sweep.HasCredentials(e) {
			return inputerr.Errorf("flag", "--endpoint", 0, "%s carries credentials; give them once through --api-key-env (only the first --endpoint may carry a user)", sweep.RedactURL(e))
		}
	}
	return nil
}

// searchLadder is where --search starts: --ladder's first rung (the
// ladder becomes the climb's rungs, not a ladder to run first), the
// --per-gpu levels given, or --search-start.
func (s *searchFlags) searchLadder(fl *pflag.FlagSet, p *sweep.Plan) error {
	if fl.Changed("ladder") && !fl.Changed("resume") && len(p.PerGPU) > 0 {
		s.Rungs = append([]int(nil), p.PerGPU...)
		p.PerGPU = p.PerGPU[:1:1]
	}
	if err := s.settings(1).Validate(); err != nil {
		return err
	}
	if len(p.PerGPU) == 0 {
		p.PerGPU = []int{s.Start}
	}
	return nil
}

func (s *searchFlags) settings(slots int) search.Settings {
	return search.Settings{Start: s.Start, Factor: 2, MaxPerGPU: s.MaxPerGPU, Precision: s.Precision, MaxLevels: s.MaxLevels, Slots: slots, Confirm: s.Confirm, Rungs: s.Rungs}
}

// endpointList is --endpoint as a flag that may be given several times:
// the first value is the plan's endpoint (o.Endpoint), all are kept.
type endpointList struct {
	first *string
	all   *[]string
}

func (v endpointList) String() string { return *v.first }
func (v endpointList) Type() string   { return "string" }
func (v endpointList) Set(s string) error {
	if len(*v.all) == 0 {
		*v.first = s
	}
	*v.all = append(*v.all, s)
	return nil
}

// runSweep runs the stored plan: run.Run for a plain ladder on one
// endpoint, run.RunAdaptive for --search, repeats and several endpoints.
func (o *sweepOptions) runSweep(ctx context.Context, c *cobra.Command, exec sweep.Executor, st *store.Store, opts run.Options) (*run.Outcome, error) {
	if st.Plan().IsRate() && o.Search.On {
		return o.runRateSearch(ctx, exec, st, opts)
	}
	slots := []run.Slot{{Name: sweep.RedactURL(st.Plan().Endpoint), Exec: exec}}
	for _, e := range o.Search.endpoints[min(1, len(o.Search.endpoints)):] {
		slots = append(slots, run.Slot{Name: sweep.RedactURL(e), Endpoint: e, Exec: exec})
	}
	if st.Plan().Runner == "kube" && o.kube != nil && len(o.kube.slots) > 0 {
		slots = o.kube.slots
	}
	if !o.Search.adaptive() && len(slots) == 1 {
		return run.Run(ctx, exec, st, opts)
	}
	ao := run.AdaptiveOptions{Options: opts, Repeats: o.Search.Repeats, UntilCI: o.Search.UntilCI, Slots: slots}
	if o.Search.On {
		ao.LevelBudget = o.Search.MaxLevels
		if o.Search.Budget > 0 {
			ao.Deadline = o.started.Add(o.Search.Budget)
		}
		set := o.Search.settings(len(slots))
		kopts := knee.DefaultOptions()
		kopts.SLOs = o.Search.SLOs
		ao.Planner = func(s *sweep.Sweep, tried []int) ([]int, bool, string) {
			d := search.Next(s, tried, set, kopts)
			return d.Levels, d.Done(), d.Reason
		}
		ao.Extend = func(s *sweep.Sweep) ([]int, string) { return search.Extend(s, kopts) }
		ao.Confirm = func(s *sweep.Sweep) ([]int, string) { return search.Confirm(s, kopts) }
		// A level may stop once its step from the level below is resolved
		// (sweep/steps.go): levels far below the knee stop early.
		ao.StepRef = func(s *sweep.Sweep, perGPU int) *sweep.StepRef { return search.StepRef(s, perGPU, kopts) }
		fmt.Fprintf(o.root.stderr, "search: ±%.1f%%, at most %d levels, up to %d/GPU, %d at once%s\n", 100*set.Precision, set.MaxLevels, set.MaxPerGPU, len(slots), budgetNote(o.Search.Budget))
		if len(set.Rungs) > 0 {
			fmt.Fprintf(o.root.stderr, "search: climbs along the ladder's rungs %s/GPU and bisects between them\n", sweep.FormatLadder(set.Rungs))
		}
	}
	return run.RunAdaptive(ctx, st, ao)
}

// DefaultSearchBudget bounds a search's time (--search-budget). Eight
// minutes: on the H200 test bed every level of a default search ran into
// its 45 s time cap plus a drain of 7–14 s, so eight minutes hold the probe,
// its drain and about seven levels — a climb ×2 from 16 to past the knee
// with one extension — and the search ends within ten minutes even when its
// last level is the longest yet. A longer search is one flag away.
const DefaultSearchBudget = 8 * time.Minute

// budgetNote is the search line's word on its budget.
func budgetNote(b time.Duration) string {
	if b <= 0 {
		return ", no time budget"
	}
	return fmt.Sprintf(", within %s (--search-budget)", b)
}
