package knee

import (
	"fmt"
	"math"

	"github.com/kneetool/knee/sweep"
)

// shape is what the valid levels' throughput and TTFT show before any knee
// is placed: dips, cliffs, and the measured saturation rule.
type shape struct {
	sat           saturation
	cliffX        float64 // the lowest cliff; NaN when none
	littleUnknown bool    // some step had no request rate for Little's law
	onset         *QueueOnset
}

// shapeOf marks dips and cliffs on the valid levels and runs the measured
// rule (saturation.go) over them; each level keeps its elasticity and
// flatness for verdicts and sentences.
func shapeOf(used []*levelEval, in input, opts Options) shape {
	stat, w := in.stat, in.w
	markDips(used, opts, w)
	sh := shape{cliffX: math.NaN()}
	sh.littleUnknown = findCliffs(used, stat, opts)
	sh.onset = markQueueing(used, in.levels, in.s.GPUs, in.perGPU, opts, w)
	for _, l := range used {
		if l.cliff {
			sh.cliffX = l.x
			break
		}
	}
	pts := make([]satPoint, len(used))
	for i, l := range used {
		pts[i] = satPoint{x: l.x, thr: l.thr, dip: l.dip, cliff: l.cliff, queue: l.queue, margin: windowMargin(l, opts.Noise),
			underCap: sh.onset.isAbove(l)}
	}
	sh.sat = saturate(pts, opts.Elasticity, opts.Noise)
	for i, l := range used {
		l.elasticity = sh.sat.elasticity[i]
		l.flat = sh.sat.flat[i]
		if sh.sat.ref[i] >= 0 {
			l.flatRef = used[sh.sat.ref[i]]
		}
	}
	for _, i := range sh.sat.stalls {
		l := used[i]
		if l.cliff {
			continue
		}
		l.add(ReasonNonMonotonic, fmt.Sprintf("throughput stalled here (%s) and grew again above it: noise or a transient, not the knee", w.flatWhy(l)))
	}
	return sh
}

// markDips flags levels whose throughput fell beyond noise below a lower
// level and recovered beyond noise at a higher one: a bad run or a
// transient, not the knee (non_monotonic, a caution).
func markDips(u []*levelEval, opts Options, w words) {
	noise := opts.Noise
	thr := make([]float64, len(u))
	for i, l := range u {
		thr[i] = l.thr
	}
	above := newMaxTree(thr)
	best := 0.0 // the highest throughput below level i
	for i := 1; i < len(u)-1; i++ {
		best = math.Max(best, u[i-1].thr)
		if u[i].thr >= best*(1-noise) {
			continue
		}
		// The first higher level that recovered: back within noise of the
		// best and beyond noise above this one (a max tree finds it in
		// log n; the condition only grows easier with throughput).
		floor, low := best*(1-noise), u[i].thr*(1+noise)
		if j := above.first(i+1, func(v float64) bool { return v >= floor && v > low }); j >= 0 {
			u[i].dip = true
			u[i].add(ReasonNonMonotonic, fmt.Sprintf("throughput fell to %s tok/s below %s tok/s at a lower level and recovered at %s",
				thousands(u[i].thr), thousands(best), w.unit(u[j].x)))
		}
	}
}

// findCliffs marks levels where throughput collapsed (more than CliffDrop
// below the best lower level) or TTFT rose far beyond Little's law. It
// reports whether some step lacked the request rate Little's law needs.
func findCliffs(u []*levelEval, stat ttftStat, opts Options) (littleUnknown bool) {
	best := u[0].thr
	for i := 1; i < len(u); i++ {
		l, p := u[i], u[i-1]
		if !l.dip && l.thr < (1-opts.CliffDrop)*best {
			l.cliff = true
			l.add(ReasonCliff, fmt.Sprintf("throughput fell %.0f%% below the best lower level (%s → %s tok/s)",
				100*(1-l.thr/best), thousands(best), thousands(l.thr)))
		}
		best = math.Max(best, l.thr)
		rate := math.Min(l.reqRate, p.reqRate)
		if !finite(rate) || rate <= 0 {
			littleUnknown = true
			continue
		}
		l.little = 1000 * (l.concurrency - p.concurrency) / rate
		if finite(l.ttft) && finite(p.ttft) && l.ttft-p.ttft > opts.LittleFactor*l.little && l.ttft >= opts.TTFTRise*p.ttft {
			l.cliff = true
			l.add(ReasonCliff, fmt.Sprintf("TTFT %s rose %s ms (%s → %s ms), %.0f× Little's-law prediction of %s ms for %s more requests at %s req/s",
				stat, thousands(l.ttft-p.ttft), thousands(p.ttft), thousands(l.ttft), (l.ttft-p.ttft)/l.little, thousands(l.little), num(l.concurrency-p.concurrency), num(rate)))
		}
	}
	return littleUnknown
}

// flatWhy says in words why a level is flat: it fell below, or gained too
// little over, the lower level that shows it.
func (w words) flatWhy(l *levelEval) string {
	h := l.flatRef
	if l.queue && !l.cliff && (h == nil || l.thr >= h.thr) {
		return "requests queue: " + l.queueWhy()
	}
	if l.cliff || h == nil {
		return "past a cliff"
	}
	e := math.Log(l.thr/h.thr) / math.Log(l.x/h.x)
	if l.thr < h.thr {
		return fmt.Sprintf("throughput fell %.0f%% from %s (%s → %s tok/s)", 100*(1-l.thr/h.thr), w.unit(h.x), thousands(h.thr), thousands(l.thr))
	}
	bought := fmt.Sprintf("%s× the load of %s bought %+.1f%% throughput (%s → %s tok/s)",
		ratioText(l.x/h.x), w.unit(h.x), 100*(l.thr/h.thr-1), thousands(h.thr), thousands(l.thr))
	if e >= w.eStar {
		// Read flat because the levels' own intervals cannot resolve the
		// gain (windows.go), not because it fell short of e*.
		return fmt.Sprintf("%s: elasticity %.2f, not resolvably above %.2f at the levels' intervals (%s and %s): read as flat",
			bought, e, w.eStar, shareOrNone(h.halfWidth), shareOrNone(l.halfWidth))
	}
	return fmt.Sprintf("%s: elasticity %.2f, under %.2f", bought, e, w.eStar)
}

// shareOrNone is a level's interval as ±share, or that it has none.
func shareOrNone(h float64) string {
	if !(h >= 0) || math.IsInf(h, 0) {
		return "no interval"
	}
	return "±" + sweep.FormatShare(h)
}

func ratioText(r float64) string {
	if math.Abs(r-math.Round(r)) < 0.005 {
		return fmt.Sprintf("%.0f", r)
	}
	return fmt.Sprintf("%.2g", r)
}

// maxTree answers "the first index from i whose value passes ok" in log n,
// for an ok that only grows easier with the value (passing v, passes any
// larger): a subtree holds a passing value exactly when its maximum passes.
type maxTree struct {
	size int       // leaves, a power of two
	max  []float64 // node k covers its leaves; leaves at size+i
}

func newMaxTree(v []float64) *maxTree {
	size := 1
	for size < len(v) {
		size *= 2
	}
	t := &maxTree{size: size, max: make([]float64, 2*size)}
	for i := range t.max {
		t.max[i] = math.Inf(-1)
	}
	copy(t.max[size:], v)
	for k := size - 1; k >= 1; k-- {
		t.max[k] = math.Max(t.max[2*k], t.max[2*k+1])
	}
	return t
}

// first is the lowest index ≥ from whose value passes ok, -1 when none does.
func (t *maxTree) first(from int, ok func(float64) bool) int {
	return t.descend(1, 0, t.size, from, ok)
}

func (t *maxTree) descend(k, lo, hi, from int, ok func(float64) bool) int {
	if hi <= from || !ok(t.max[k]) {
		return -1
	}
	if hi-lo == 1 {
		return lo
	}
	mid := (lo + hi) / 2
	if j := t.descend(2*k, lo, mid, from, ok); j >= 0 {
		return j
	}
	return t.descend(2*k+1, mid, hi, from, ok)
}
