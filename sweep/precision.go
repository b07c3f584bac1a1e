package sweep

import (
	"fmt"
	"math"
	"time"

	"github.com/kneetool/knee/internal/inputerr"
)

// Precision stopping (issue 30). A level sized by a request count costs
// most where requests are slow and few run at once — the low levels, which
// tell the least. A level that stops by precision runs until the 95%
// interval of its throughput is within ±LevelPrecision, bounded by
// LevelMinDurationS and LevelMaxDurationS; only a harness that watches the
// level as it runs can do that (the built-in one), the others keep counts.

// Defaults of the level's stop rule. The bounds were chosen from the slow
// simulated server and the test bed (docs/benchmarks.md "Levels that stop by
// precision"): 3% is reached in 10–25 s on a steady engine, and 45 s keeps a
// search of seven levels under six minutes when noise never settles.
const (
	DefaultLevelPrecision   = 0.03
	DefaultLevelMinDuration = 10 * time.Second
	DefaultLevelMaxDuration = 45 * time.Second
)

// MinSamplesP99 is the fewest measured requests a level stopping by
// precision waits for, so that its TTFT p99 rests on a tail (knee find's
// insufficient_samples bound); a level the time cap ends with fewer is
// marked so by knee find.
const MinSamplesP99 = 100

// Stop reasons a point records.
const (
	StopPrecision  = "precision"   // the interval reached --level-precision
	StopTimeCap    = "time_cap"    // --level-max-duration ended it first
	StopFixedCount = "fixed_count" // it sent its fixed number of requests
)

// Windows is what a level's throughput looked like over time after its
// warm-up: the evidence its interval rests on. The built-in harness reads
// it from overlapping batches of consecutive ticks one wave (a mean
// request) long, so that the rhythm of a closed loop — every slot
// prefilling at once — is averaged within each batch, not read as noise
// (builtin/precision.go windows); WindowStats is the plain t-interval of
// disjoint windows.
type Windows struct {
	// Count is the number of whole windows (waves), each LengthS long.
	Count   int     `json:"count"`
	LengthS float64 `json:"length_s"`
	// Spread is the windows' standard deviation over their mean (relative).
	Spread float64 `json:"spread"`
	// HalfWidth is the 95% interval's half-width relative to the mean.
	HalfWidth float64 `json:"half_width"`
}

// Interval is a 95% interval.
type Interval struct {
	Low  float64 `json:"low"`
	High float64 `json:"high"`
}

// WindowStats summarises per-window rates into Windows (ok is false for
// fewer than 2 windows or a zero mean: no interval then).
func WindowStats(rates []float64, length time.Duration) (Windows, bool) {
	n := len(rates)
	if n < 2 {
		return Windows{}, false
	}
	var sum float64
	for _, r := range rates {
		sum += r
	}
	mean := sum / float64(n)
	if !(mean > 0) {
		return Windows{}, false
	}
	var ss float64
	for _, r := range rates {
		ss += (r - mean) * (r - mean)
	}
	spread := math.Sqrt(ss/float64(n-1)) / mean
	return Windows{Count: n, LengthS: length.Seconds(), Spread: spread,
		HalfWidth: TQuantile975(n-1) * spread / math.Sqrt(float64(n))}, true
}

// TQuantile975 is Student's t 97.5% quantile for df degrees of freedom
// (a table to 30, then the normal's 1.96 with its first correction: within
// 0.1% of the exact value everywhere).
func TQuantile975(df int) float64 {
	table := [...]float64{0, 12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042}
	if df < 1 {
		return math.Inf(1)
	}
	if df < len(table) {
		return table[df]
	}
	return 1.95996 + 2.3722/float64(df)
}

// StopsByPrecision reports whether the level stops by its interval rather
// than by a request count.
func (l Level) StopsByPrecision() bool { return l.Precision > 0 && l.Rate == 0 }

// stopString is how a level that stops by precision says its size, and,
// when a search handed it a step reference, that it may stop sooner: its
// started line then says why a level ended in 10 s where others ran 45.
func (l Level) stopString() string {
	until := "±" + FormatShare(l.Precision)
	if l.Step != nil && l.Step.PerGPU > 0 {
		until += fmt.Sprintf(" or its step from %d/GPU resolves", l.Step.PerGPU)
	}
	return fmt.Sprintf("until %s, %s–%s", until, durS(l.MinDurationS), durS(l.MaxDurationS))
}

func durS(s float64) string { return (time.Duration(s * float64(time.Second))).String() }

// FormatShare writes a share as a percentage without trailing zeros: 0.03
// is "3%", 0.125 is "12.5%".
func FormatShare(f float64) string { return fmt.Sprintf("%g%%", math.Round(f*1e4)/1e2) }

// CheckPrecision refuses a precision or its bounds out of range.
func (p Plan) CheckPrecision() error {
	if p.LevelPrecision == 0 {
		return nil
	}
	switch {
	case !(p.LevelPrecision > 0 && p.LevelPrecision < 1):
		return inputerr.Errorf("plan", "--level-precision", 0, "must be between 0 and 1 (0.03 is ±3%%), got %g", p.LevelPrecision)
	case !(p.LevelMinDurationS >= 0):
		return inputerr.Errorf("plan", "--level-min-duration", 0, "must not be negative, got %gs", p.LevelMinDurationS)
	case !(p.LevelMaxDurationS > 0) || p.LevelMaxDurationS > MaxLevelDurationS:
		return inputerr.Errorf("plan", "--level-max-duration", 0, "must be positive and at most %s, got %gs", durS(MaxLevelDurationS), p.LevelMaxDurationS)
	case p.LevelMaxDurationS < p.LevelMinDurationS:
		return inputerr.Errorf("plan", "--level-max-duration", 0, "%s is shorter than --level-min-duration %s", durS(p.LevelMaxDurationS), durS(p.LevelMinDurationS))
	}
	return nil
}

// MaxLevelDurationS bounds --level-max-duration (a day).
const MaxLevelDurationS = 86400

// QuantileInterval is the distribution-free 95% interval of the q-quantile
// of sorted (ascending): the order statistics whose ranks lie 1.96
// binomial standard deviations either side of n·q; the sample's extreme
// bounds it where that rank lies past the sample (a p99 of fewer than ~600
// requests: its upper end is then the largest request, a little short of
// 95% on that side). ok is false below 20 requests or when the lower rank
// lies before the sample.
func QuantileInterval(sorted []float64, q float64) (Interval, bool) {
	n := float64(len(sorted))
	sd := math.Sqrt(n * q * (1 - q))
	lo, hi := math.Floor(n*q-1.96*sd), math.Min(math.Ceil(n*q+1.96*sd), n-1)
	if lo < 0 || n < 20 {
		return Interval{}, false
	}
	return Interval{Low: sorted[int(lo)], High: sorted[int(hi)]}, true
}
