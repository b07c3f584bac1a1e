package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// A sweep is often published as two tables of the same columns: the levels
// up to the server's capacity ("In-capacity sweep"), then the levels past it
// ("Overload sweep"), each under its own heading. They are one curve, not
// two: the second table's levels all lie above the first's, and its rate
// continues the first's plateau instead of starting a curve of its own. A
// perf engineer reads them as one sweep and never asks which to pick; two
// setups' tables of the same columns would overlap in their levels, or the
// second would start above where the first ended.

// continuationGain bounds how far a continuing table's first rate may rise
// above the highest rate before it: past the capacity a curve stays on its
// plateau or falls; a table starting well above it is another curve.
const continuationGain = 1.25

// continuedSweep joins tables that read as sweeps into one when each
// continues the one before it (in document order); ok is false when any
// pair does not.
func continuedSweep(path string, from []grid, got []*sweep.Sweep, meta Meta) (*sweep.Sweep, bool) {
	if len(from) < 2 {
		return nil, false
	}
	for i := 1; i < len(from); i++ {
		if !sameHeader(from[i-1], from[i]) || !continuesAbove(got[i-1], got[i]) {
			return nil, false
		}
	}
	joined := from[0]
	joined.rows = nil
	joined.lines = nil
	var names []string
	parts := make([]splitPart, len(from))
	for i, g := range from {
		parts[i].g = g
		joined.rows = append(joined.rows, g.rows...)
		joined.lines = append(joined.lines, g.lines...)
		names = append(names, fmt.Sprintf("%q (line %d)", tableNames(from)[i], g.headerLine))
	}
	// The headings all sit under name the curve ("In-capacity sweep" and
	// "Overload sweep" name only its halves).
	joined.title = commonTitle(parts)
	joined.caption = ""
	s, err := tableToSweep(joined, meta)
	if err != nil {
		return nil, false
	}
	s.Notes = append(s.Notes, fmt.Sprintf("%s: the tables %s have the same columns and each one's levels lie above the one before, its rate continuing that plateau: one curve split in two, read as one sweep", path, strings.Join(names, ", ")))
	return s, true
}

// sameHeader: the two tables have the same columns in the same order.
func sameHeader(a, b grid) bool {
	if len(a.header) != len(b.header) {
		return false
	}
	for i := range a.header {
		if !strings.EqualFold(stripMarkup(a.header[i]), stripMarkup(b.header[i])) {
			return false
		}
	}
	return true
}

// continuesAbove: every level of next lies above every level of prev, on the
// same kind of load, and next's first rate does not rise past
// continuationGain × prev's highest.
func continuesAbove(prev, next *sweep.Sweep) bool {
	pLo, pHi, pOK := loadRange(prev)
	nLo, _, nOK := loadRange(next)
	if !pOK || !nOK || nLo <= pHi || pLo >= pHi {
		return false
	}
	peak := 0.0
	for _, p := range prev.Points {
		peak = max(peak, p.ThroughputTokS)
	}
	first := next.Points[0]
	for _, p := range next.Points {
		if p.Load() < first.Load() {
			first = p
		}
	}
	return peak > 0 && first.ThroughputTokS <= continuationGain*peak
}

// loadRange is the lowest and highest level of a sweep; ok is false when a
// level is derived (Little's law: no level was set) or the sweep mixes
// open- and closed-loop points.
func loadRange(s *sweep.Sweep) (lo, hi float64, ok bool) {
	if len(s.Points) == 0 {
		return 0, 0, false
	}
	open := s.Points[0].RequestedRate != nil
	for i, p := range s.Points {
		if p.Derived && !open || (p.RequestedRate != nil) != open {
			return 0, 0, false
		}
		v := p.Load()
		if i == 0 || v < lo {
			lo = v
		}
		hi = max(hi, v)
	}
	return lo, hi, true
}
