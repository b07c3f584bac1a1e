package sweep

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// Open-loop (rate) sweeps: knee sweep --rate. Each level offers a request
// rate to the whole endpoint — requests sent at scheduled times whether or
// not earlier ones finished — instead of holding a concurrency per GPU.

// Arrival processes of a rate level (--arrivals).
const (
	ArrivalsPoisson  = "poisson"  // exponential gaps, seeded: a memoryless stream of users
	ArrivalsConstant = "constant" // exactly 1/rate apart
)

// DefaultMaxInFlight bounds a rate level's outstanding requests when
// --max-in-flight is not given: generous (an 8-GPU node at 256/GPU runs
// 2048 at once) but bounded, so that a rate far past the knee queues at
// most this many requests in the client rather than without end.
const DefaultMaxInFlight = 4096

// MaxRate bounds --rate: a million requests per second is beyond any
// single endpoint knee measures.
const MaxRate = 1e6

// MinRate bounds --rate from below: at 1e-10 req/s the gap between two
// arrivals (1e10 s) overflowed a time.Duration and every request went out
// at once, recorded as 1e-10 req/s (issue 27 item 10). One request in
// 1,000 s is slower than any level knee measures.
const MinRate = 1e-3

// MaxLevelS bounds how long one rate level's schedule may run (a week, as
// --rate-duration): rate and requests that need longer are refused.
const MaxLevelS = 7 * 24 * 3600

// IsRate reports whether the plan is an open-loop rate sweep.
func (p Plan) IsRate() bool { return len(p.Rates) > 0 }

// RateMaxInFlight is the plan's bound on outstanding requests.
func (p Plan) RateMaxInFlight() int {
	if p.MaxInFlight > 0 {
		return p.MaxInFlight
	}
	return DefaultMaxInFlight
}

// RateRequests is how many requests a level at rate r sends: rate ×
// --rate-duration when that is given, else --min-requests (at least 1).
func (p Plan) RateRequests(r float64) int {
	if p.RateDurationS > 0 {
		return max(1, int(math.Ceil(r*p.RateDurationS)))
	}
	return max(1, p.MinRequests)
}

// rateLevels expands a rate plan into its rungs, in ladder order. An
// open-loop level has no warm-up: like the rate stages knee imports, every
// request is measured, and knee find discounts the end-of-run drain.
func (p Plan) rateLevels() []Level {
	out := make([]Level, 0, len(p.Rates))
	for i, r := range p.Rates {
		out = append(out, Level{Index: i, Rate: r, Requests: p.RateRequests(r)})
	}
	return out
}

// ParseRates reads --rate: comma-separated request rates per second for
// the whole endpoint, e.g. 2,4,8,16 or 0.5,1.5.
func ParseRates(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v <= 0 {
			return nil, inputerr.Errorf("flag", "--rate", 0, "%q is not a positive request rate (requests per second)", f)
		}
		if v < MinRate {
			return nil, inputerr.Errorf("flag", "--rate", 0, "%g req/s is less than knee's bound of %g (one request in %g s)", v, MinRate, 1/MinRate)
		}
		if v > MaxRate {
			return nil, inputerr.Errorf("flag", "--rate", 0, "%g req/s is more than knee's bound of %g", v, MaxRate)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, inputerr.Errorf("flag", "--rate", 0, "no rates in %q", s)
	}
	if len(out) > MaxPlanLevels {
		return nil, inputerr.Errorf("flag", "--rate", 0, "%d levels is more than %d", len(out), MaxPlanLevels)
	}
	return out, nil
}

// FormatRates writes a rate ladder as --rate takes it.
func FormatRates(r []float64) string {
	parts := make([]string, len(r))
	for i, v := range r {
		parts[i] = strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

// validateRate checks the open-loop fields of a plan; errors name the flag.
func (p Plan) validateRate() error {
	if len(p.PerGPU) > 0 {
		return inputerr.Errorf("plan", "--rate", 0, "a plan has a rate ladder or a --per-gpu ladder, not both")
	}
	if len(p.Rates) > MaxPlanLevels {
		return inputerr.Errorf("plan", "--rate", 0, "%d levels is more than %d", len(p.Rates), MaxPlanLevels)
	}
	for _, r := range p.Rates {
		if math.IsNaN(r) || r < MinRate || r > MaxRate {
			return inputerr.Errorf("plan", "--rate", 0, "%g is not a request rate between %g and %g req/s", r, MinRate, MaxRate)
		}
		if n := p.RateRequests(r); float64(n)/r > MaxLevelS {
			return inputerr.Errorf("plan", "--rate", 0, "%d requests at %g req/s take %.0f s, more than knee's bound of a week per level", n, r, float64(n)/r)
		}
		if p.RateDurationS > 0 && r*p.RateDurationS > MaxRequests {
			return inputerr.Errorf("plan", "--rate-duration", 0, "%g req/s for %gs is more than knee's bound of %d requests per level", r, p.RateDurationS, MaxRequests)
		}
	}
	switch p.Arrivals {
	case ArrivalsPoisson, ArrivalsConstant:
	default:
		return inputerr.Errorf("plan", "--arrivals", 0, "must be poisson or constant, got %q", p.Arrivals)
	}
	if p.MaxInFlight < 0 || p.MaxInFlight > MaxRequests {
		return inputerr.Errorf("plan", "--max-in-flight", 0, "must be between 1 and %d, got %d", MaxRequests, p.MaxInFlight)
	}
	if math.IsNaN(p.RateDurationS) || p.RateDurationS < 0 || p.RateDurationS > 7*24*3600 {
		return inputerr.Errorf("plan", "--rate-duration", 0, "must be between 0 and a week, got %gs", p.RateDurationS)
	}
	return nil
}

// rateString describes a rate level for logs.
func (l Level) rateString() string {
	return fmt.Sprintf("level %d: %g req/s (%d requests)", l.Index, l.Rate, l.Requests)
}
