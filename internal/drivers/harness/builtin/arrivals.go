package builtin

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Schedule is when each of n requests of an open-loop level is due, as
// offsets from the level's start: the first at 0, then gaps of 1/rate
// (constant) or exponential gaps of mean 1/rate drawn from seed (poisson).
// The same arguments give the same schedule, so a rate level sends its
// requests at the same moments on every run and every machine.
func Schedule(arrivals string, rate float64, n int, seed int64) ([]time.Duration, error) {
	if !(rate >= sweep.MinRate) || rate > sweep.MaxRate {
		return nil, inputerr.Errorf("plan", "--rate", 0, "%g is not a request rate between %g and %g req/s", rate, sweep.MinRate, sweep.MaxRate)
	}
	if float64(n)/rate > sweep.MaxLevelS {
		// Past a week the offsets would near time.Duration's range, and a
		// schedule that overflowed sent everything at once.
		return nil, inputerr.Errorf("plan", "--rate", 0, "%d requests at %g req/s take %.0f s, more than knee's bound of a week per level", n, rate, float64(n)/rate)
	}
	if n < 0 || n > sweep.MaxRequests {
		return nil, inputerr.Errorf("plan", "--rate-duration", 0, "%d requests is more than knee's bound of %d per level", n, sweep.MaxRequests)
	}
	out := make([]time.Duration, n)
	// Sum in float seconds and round each offset once: rounding every gap
	// to a nanosecond would drift from i/rate over a million requests.
	switch arrivals {
	case sweep.ArrivalsConstant:
		for i := range out {
			out[i] = time.Duration(float64(i) / rate * float64(time.Second))
		}
	case sweep.ArrivalsPoisson, "":
		rng := rand.New(rand.NewPCG(uint64(seed), 0xa771a15))
		t := 0.0
		for i := range out {
			if i > 0 {
				t += rng.ExpFloat64() / rate
			}
			out[i] = time.Duration(t * float64(time.Second))
		}
	default:
		return nil, inputerr.Errorf("plan", "--arrivals", 0, "must be poisson or constant, got %q", arrivals)
	}
	return out, nil
}

// arrivalsName is the plan's arrival process with its default filled in.
func arrivalsName(p sweep.Plan) string {
	if p.Arrivals == "" {
		return sweep.ArrivalsPoisson
	}
	return p.Arrivals
}

func describeArrivals(p sweep.Plan, lvl sweep.Level) string {
	return fmt.Sprintf("%g req/s, %s arrivals", lvl.Rate, arrivalsName(p))
}
