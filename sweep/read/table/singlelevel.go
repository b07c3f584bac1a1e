package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// soleSweep is the one table of several that reads as a sweep of three
// levels or more when each of the others reads as one level only: a
// single run beside a sweep (a saturated probe at one concurrency, a long
// context check) shows no knee and is no rival curve, so a perf engineer
// reads the sweep and notes the run. Two multi-level tables, or a
// two-level one, stay a choice to refuse.
func soleSweep(got []*sweep.Sweep) (int, bool) {
	at := -1
	for i, s := range got {
		switch n := len(s.Points); {
		case n >= 3 && at < 0:
			at = i
		case n != 1:
			return -1, false
		}
	}
	return at, at >= 0
}

// noteSingleRuns says which one-level tables were left beside the sweep.
func noteSingleRuns(path string, s *sweep.Sweep, read int, from []grid, names []string) *sweep.Sweep {
	var left []string
	for i, g := range from {
		if i != read {
			left = append(left, fmt.Sprintf("%q (line %d)", names[i], g.headerLine))
		}
	}
	s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: this table read; not read, one level each (a run apart from the sweep): %s", path, from[read].headerLine, strings.Join(left, ", ")))
	return s
}

// sweepRefusedBeside is the refusal of a table of the same columns and
// three rows or more when the one table that read holds a single level:
// that table is the sweep (a campaign's starting point, one row, above the
// run that climbs the load), and its refusal (curves to pick, a flag to
// give) is the answer, not the lone row. nil when there is none.
func sweepRefusedBeside(read *sweep.Sweep, from grid, refused []refusedTable) error {
	if len(read.Points) != 1 {
		return nil
	}
	for _, r := range refused {
		if len(r.g.rows) >= 3 && sameColumns(r.g, from) {
			return r.err
		}
	}
	return nil
}
