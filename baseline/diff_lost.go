package baseline

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// A gate that exits 0 on a broken run is worse than none (issue 27 item
// 2). What NEW lost against OLD is never "compared as measured" nor "no
// change": a level that turned invalid, an operating point or knee lost
// are regressions; a level OLD measured and NEW did not is not comparable
// (the gate cannot judge what was not run).

// Metrics of the rows that say what NEW lost.
const (
	ValidMetric    = "valid"    // a level valid in OLD, invalid in NEW
	MeasuredMetric = "measured" // a level OLD measured and NEW did not
)

// lostRows adds a row for each level valid in OLD and invalid in NEW, and
// for each level OLD measured that NEW did not (except levels above a
// knee NEW located: a sweep that stopped past its knee skipped them on
// purpose).
func (d *Diff) lostRows(lo, ln map[float64][]sweep.Point, ro, rn *knee.Result) {
	if len(d.NotComparable) > 0 {
		return // every row is refused already; what was lost is moot
	}
	for _, lv := range sortedLevels(lo) {
		at, perGPU, rate := d.levels.at(lv)
		row := DiffRow{At: at, PerGPU: perGPU, Rate: rate, Better: "higher", Method: "a verdict, not a measurement: no interval"}
		if _, ok := ln[lv]; !ok {
			if d.skippedPastKnee(lv) {
				continue
			}
			if d.newSearched {
				// A search chooses its levels from its own readings: two
				// searches of one config rarely run the same ones.
				row.Metric, row.Verdict, row.Method = MeasuredMetric, DiffNoChange, "not compared: NEW's search chose other levels"
				row.Note = fmt.Sprintf("OLD measured %s, NEW's search did not run it (a search chooses its levels); the levels both ran and the operating points are compared", levelWord(at, perGPU))
				d.Rows = append(d.Rows, row)
				continue
			}
			row.Metric, row.Verdict = MeasuredMetric, DiffNotComparable
			row.Note = fmt.Sprintf("OLD measured %s, NEW did not: the gate cannot judge a level that was not run", levelWord(at, perGPU))
			d.Rows = append(d.Rows, row)
			continue
		}
		if why, lost := turnedInvalid(d.levels.results(ro, lv), d.levels.results(rn, lv)); lost {
			row.Metric, row.Verdict = ValidMetric, DiffRegressed
			row.Note = fmt.Sprintf("valid in OLD, invalid in NEW (%s)", why)
			d.Rows = append(d.Rows, row)
		}
	}
}

// skippedPastKnee reports whether NEW's knee lies below lv, so a sweep
// that stops past the knee had no reason to run it.
func (d *Diff) skippedPastKnee(lv float64) bool {
	k := d.New.Knee
	return !d.levels.rate && k.HighPerGPU != nil && lv > *k.HighPerGPU
}

// turnedInvalid says whether every OLD result at a level is valid and a
// NEW one is invalid, with NEW's reasons.
func turnedInvalid(old, cur []knee.PointResult) (string, bool) {
	if len(old) == 0 || len(cur) == 0 {
		return "", false
	}
	for _, p := range old {
		if p.Verdict == knee.VerdictInvalid {
			return "", false
		}
	}
	for _, p := range cur {
		if p.Verdict == knee.VerdictInvalid {
			var rs []string
			for _, r := range p.Reasons {
				rs = append(rs, string(r))
			}
			return strings.Join(rs, ", "), true
		}
	}
	return "", false
}

// operatingLost is the operating-point row when a side has none: NEW
// losing OLD's is a regression; OLD having none leaves nothing to hold
// NEW to.
func operatingLost(oa, ob *float64) DiffRow {
	row := DiffRow{At: "operating point", Metric: "per_gpu", Better: "higher", Old: oa, New: ob, Method: "no interval",
		Verdict: DiffNoChange, Note: "a side has no recommended level (knee find says why): nothing to compare there"}
	if oa != nil && ob == nil {
		row.Verdict = DiffRegressed
		row.Note = fmt.Sprintf("operating point lost: OLD recommends %s/GPU, NEW no level (knee find says why)", level(*oa))
	}
	return row
}

// kneeLost: OLD had a knee value and NEW cannot place one (saturated at
// its lowest level, or too few valid levels to say). A knee not reached
// is not lost: NEW still scales at its top level.
func kneeLost(ka, kb knee.Knee) bool {
	return ka.PerGPU != nil && kb.PerGPU == nil &&
		(kb.Status == knee.StatusBelowRange || kb.Status == knee.StatusInsufficientPoints)
}

// Unjudged counts the rows the gate could not judge (not comparable):
// exit 2, never a pass, even when the sides as a whole are comparable.
func (d *Diff) Unjudged() int {
	n := 0
	for _, r := range d.Rows {
		if r.Verdict == DiffNotComparable {
			n++
		}
	}
	return n
}

// levelWord names a level row's level: "64/GPU", or a rate as it is.
func levelWord(at string, perGPU *float64) string {
	if perGPU != nil {
		return at + "/GPU"
	}
	return at
}
