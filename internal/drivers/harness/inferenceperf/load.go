package inferenceperf

import (
	"math"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// loadFor is the config's load section: concurrent stages for a --per-gpu
// ladder, constant or poisson stages for a --rate ladder.
func loadFor(plan sweep.Plan, levels []sweep.Level, opts Options) (load, error) {
	if !plan.IsRate() {
		return concurrentLoad(levels, opts)
	}
	return rateLoad(plan, levels, opts)
}

// rateLoad translates a rate ladder: --arrivals is load.type (inference-perf
// has both processes: poisson gaps, or constant 1/rate apart), each level a
// stage {rate, duration}. The tool runs a stage for a whole number of
// seconds, not for a request count: --rate-duration, or the time the
// level's --min-requests take at its rate, must be whole seconds.
// --max-in-flight is the tool's per-worker bound times its workers, so it
// must split evenly over --workers.
func rateLoad(plan sweep.Plan, levels []sweep.Level, opts Options) (load, error) {
	if plan.Arrivals != sweep.ArrivalsPoisson && plan.Arrivals != sweep.ArrivalsConstant {
		return load{}, inputerr.Errorf("plan", "--arrivals", 0, "inference-perf runs poisson or constant arrivals, not %q", plan.Arrivals)
	}
	if d := plan.RateDurationS; d > 0 && d != math.Trunc(d) {
		return load{}, inputerr.Errorf("plan", "--rate-duration", 0, "inference-perf's load.stages[].duration is whole seconds; %gs is not", d)
	}
	bound := plan.RateMaxInFlight()
	if bound%opts.NumWorkers != 0 {
		return load{}, inputerr.Errorf("plan", "--max-in-flight", 0, "inference-perf bounds requests in flight per worker (load.worker_max_concurrency × load.num_workers): %d does not split evenly over %d workers; give a multiple of --workers", bound, opts.NumWorkers)
	}
	stages := make([]stage, 0, len(levels))
	for _, l := range levels {
		if l.Rate <= 0 {
			return load{}, inputerr.Errorf("plan", "--rate", 0, "%v: the rate must be positive", l)
		}
		d := plan.RateDurationS
		if d == 0 {
			// --min-requests at the level's rate: rate × duration requests.
			if d = float64(l.Requests) / l.Rate; d < 1 || d != math.Trunc(d) {
				return load{}, inputerr.Errorf("plan", "--rate-duration", 0, "inference-perf runs a rate stage for whole seconds (load.stages[].duration), not for a request count: %d requests at %g req/s take %gs; give --rate-duration, e.g. 60s", l.Requests, l.Rate, d)
			}
		}
		stages = append(stages, stage{Rate: l.Rate, Duration: int(d)})
	}
	return load{
		Type:                 plan.Arrivals,
		Stages:               stages,
		NumWorkers:           opts.NumWorkers,
		WorkerMaxConcurrency: bound / opts.NumWorkers,
		RequestTimeout:       opts.RequestTimeout.Seconds(),
		BaseSeed:             opts.BaseSeed,
	}, nil
}
