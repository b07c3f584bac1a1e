package table

import (
	"fmt"
	"math"

	"github.com/kneetool/knee/internal/inputerr"
)

// maxCentralGap is how far apart a family's median and mean may be on a
// row and still be two central values of one quantity. Over repeated runs
// they stay close; guidellm's "Output Tokens Per Sec Mdn" is the median of
// a per-second series (2.3 beside a mean of 51.6 tok/s), which no reading
// of the run's throughput can take.
const maxCentralGap = 0.25

// refuseDistantCentrals refuses a family whose median and mean differ by
// more than maxCentralGap on some row: which one is the level's value is
// then a question of what was summarised, and knee does not guess it.
func (r *resolved) refuseDistantCentrals(g grid) error {
	for _, p := range r.centralPairs() {
		if err := r.distantPair(g, p); err != nil {
			return err
		}
	}
	return nil
}

// centralPair is a family's first median and first mean column (-1: none).
// A family with no mean pairs its median with the column that names no
// statistic (unnamed): "output_tokens_per_s", the run's tokens over its
// time, beside "median_decode_tokens_per_s".
type centralPair struct {
	median, mean int
	unnamed      bool
}

// centralPairs are the families that have both a median and a mean, in
// the order their first column comes.
func (r *resolved) centralPairs() []centralPair {
	byKey := map[string]*centralPair{}
	var keys []string
	for i, c := range r.cols {
		if !familyKind(c.kind) || c.stat != "p50" && c.stat != "mean" && c.stat != "" {
			continue
		}
		k := c.key() + "/" + c.flavor
		p, ok := byKey[k]
		if !ok {
			p = &centralPair{median: -1, mean: -1}
			byKey[k] = p
			keys = append(keys, k)
		}
		if c.stat == "" {
			continue // paired by pairUnnamed, when the family has no mean
		}
		if c.stat == "p50" && p.median < 0 {
			p.median = i
		}
		if c.stat == "mean" && p.mean < 0 {
			p.mean = i
		}
	}
	r.pairUnnamed(byKey)
	var out []centralPair
	for _, k := range keys {
		if p := byKey[k]; p.median >= 0 && p.mean >= 0 {
			out = append(out, *p)
		}
	}
	return out
}

// distantPair is the ambiguity of a pair whose median and mean differ by
// more than maxCentralGap on some row; nil when they never do.
func (r *resolved) distantPair(g grid, p centralPair) error {
	md, mn := r.cols[p.median], r.cols[p.mean]
	for ri, row := range g.rows {
		a, okA, errA := parseCell(cleanCell(cellAt(row, p.median)))
		b, okB, errB := parseCell(cleanCell(cellAt(row, p.mean)))
		if !okA || !okB || errA != nil || errB != nil {
			continue
		}
		top := math.Max(math.Abs(a.v), math.Abs(b.v))
		if top == 0 || math.Abs(a.v-b.v)/top <= maxCentralGap {
			continue
		}
		if (md.kind == colThroughput || md.kind == colThroughputPerGPU) && a.v < b.v {
			r.meanRate(g, p)
			return nil
		}
		if p.unnamed {
			return nil // a median above a rate that names no statistic: as before
		}
		err := inputerr.Errorf(g.file, md.header, g.lines[ri], "%q (%g) and %q (%g) are the median and the mean of one %s but differ by more than %.0f%%: one of them summarises something else (a median over time of a per-second rate is not the run's), and knee does not guess which: pick one with --column %s=%q",
			md.header, a.v, mn.header, b.v, kindNames[md.kind], maxCentralGap*100, md.key(), mn.header)
		// The mean first: a run's rate is its tokens over its time, and
		// a median over time of a per-second rate is not.
		return &ambiguous{err: err, kind: md.key(), headers: []string{mn.header, md.header}}
	}
	return nil
}

// meanRate settles a token rate's pair whose median lies far below its
// mean: a run's throughput is the tokens it served over its duration, a
// mean rate, and a median far under it is a median over time of a bursty
// per-second rate, so the mean is read and the median left with a note.
// A median far above the mean is another thing (repeated runs, one of
// them low): that pair, and a latency's, stays a question.
func (r *resolved) meanRate(g grid, p centralPair) {
	md, mn := &r.cols[p.median], r.cols[p.mean]
	md.kind, md.why = colIgnore, fmt.Sprintf("a median far from the mean %q: the run's rate is its mean", mn.header)
	if p.unnamed {
		md.why = fmt.Sprintf("a median far below %q: the run's rate is its tokens over its time", mn.header)
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the %s: a run's tokens over its duration is a mean rate; %q, a median far below it, summarises something else (one stream's rate, or a per-second rate over time), not read",
			g.file, mn.header, kindNames[mn.kind], md.header))
		return
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the %s: a run's tokens over its duration is a mean rate; %q, far from it, is a median over time of a per-second rate, not read",
		g.file, mn.header, kindNames[mn.kind], md.header))
}

// pairUnnamed gives a token rate's family that has a median and no mean
// the column naming no statistic as the other central value, when exactly
// one such column is in the family: a run's tokens over its time is a
// mean rate whatever its header says.
func (r *resolved) pairUnnamed(byKey map[string]*centralPair) {
	for k, p := range byKey {
		if p.median < 0 || p.mean >= 0 || r.cols[p.median].kind != colThroughput && r.cols[p.median].kind != colThroughputPerGPU {
			continue
		}
		found := -1
		for i, c := range r.cols {
			if c.stat != "" || !familyKind(c.kind) || c.key()+"/"+c.flavor != k {
				continue
			}
			if found >= 0 {
				found = -2
				break
			}
			found = i
		}
		if found >= 0 {
			p.mean, p.unnamed = found, true
		}
	}
}
