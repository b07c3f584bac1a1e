package run

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kneetool/knee/internal/stats"
)

// CIHalfWidth is the 95% confidence half-width of the mean of xs (Student's
// t with n−1 degrees of freedom) and the mean; +Inf with fewer than 2.
func CIHalfWidth(xs []float64) (hw, mean float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	if len(xs) == 0 {
		return math.Inf(1), 0
	}
	mean /= n
	if len(xs) < 2 {
		return math.Inf(1), mean
	}
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	sd := math.Sqrt(ss / (n - 1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}.Quantile(0.975)
	return t * sd / math.Sqrt(n), mean
}

// slotRun is one measured run of a level on a named slot.
type slotRun struct {
	slot string
	x    float64
}

// outlierSlot names a slot whose runs sit apart from the same levels'
// runs elsewhere: for every level run on at least two slots, each run's
// throughput relative to the level's median; a slot whose median relative
// deviation is more than 10% from zero while the others' are not is named.
// Identical nodes differ by a few percent; 10% is beyond the noise of one
// run on the stacks measured so far only when it holds across levels.
func (e *engine) outlierSlot() string {
	if len(e.slots) < 2 {
		return ""
	}
	dev := slotDeviations(e.runsBySlot())
	names := make([]string, 0, len(dev))
	for s := range dev {
		names = append(names, s)
	}
	sort.Strings(names)
	var out []string
	for _, s := range names {
		if d := stats.Median(dev[s]); math.Abs(d) > 0.10 {
			out = append(out, fmt.Sprintf("%s: its runs are %+.0f%% from the same levels' median on the other slots (%d runs)", s, 100*d, len(dev[s])))
		}
	}
	if len(out) == 0 || len(out) == len(names) {
		return ""
	}
	return strings.Join(out, "; ")
}

// runsBySlot are the measured runs that record their slot, by per-GPU level.
func (e *engine) runsBySlot() map[int][]slotRun {
	by := map[int][]slotRun{}
	for _, l := range e.st.Plan().Levels() {
		rec := e.st.Record(l.Index)
		if rec == nil || rec.RanOn == "" || len(rec.Points) == 0 {
			continue
		}
		by[l.PerGPU] = append(by[l.PerGPU], slotRun{rec.RanOn, rec.Points[0].ThroughputTokS})
	}
	return by
}

// slotDeviations are each slot's runs relative to their level's median,
// over the levels run on at least two slots.
func slotDeviations(by map[int][]slotRun) map[string][]float64 {
	dev := map[string][]float64{}
	for _, runs := range by {
		slots := map[string]bool{}
		xs := make([]float64, len(runs))
		for i, r := range runs {
			slots[r.slot] = true
			xs[i] = r.x
		}
		if len(slots) < 2 {
			continue
		}
		m := stats.Median(xs)
		if m <= 0 {
			continue
		}
		for _, r := range runs {
			dev[r.slot] = append(dev[r.slot], r.x/m-1)
		}
	}
	return dev
}
