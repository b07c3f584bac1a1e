package table

import (
	"fmt"

	"github.com/kneetool/knee/sweep"
)

// A markdown page often pastes its benchmark's console output in a code
// fence and adds pipe tables of its own below: a summary of changes
// between levels ("1 → 2 | ×1.71"), a table of settings. When no pipe
// table is a sweep (none has a load column of levels beside a throughput),
// the sweep the page measured is the one console table in its fence: it
// is read as a console paste would be, with a note, rather than the page
// refused for a table that was never one.

// fencedConsoleSweep reads the page's console table when none of its
// pipe tables is sweep-like and one console table is; ok is false when that
// does not hold, and the pipe tables' refusal stands.
func fencedConsoleSweep(path string, data []byte, pipes []grid, meta Meta) (*sweep.Sweep, bool, error) {
	for _, g := range pipes {
		if sweepLike(g) {
			return nil, false, nil
		}
	}
	// One console table only: of several (a baseline sweep, then a
	// saturation sweep), reading the first that reads would drop the
	// others unsaid, the knee perhaps among them.
	found := 0
	for _, g := range alignedTables(path, data) {
		if sweepLike(g) {
			found++
		}
	}
	if found != 1 {
		return nil, false, nil
	}
	s, err := readAligned(path, data, meta)
	if err == nil {
		s.Notes = append(s.Notes, fmt.Sprintf("%s: no pipe table of the page is a sweep (a load column of levels beside a throughput): its console table read", path))
	}
	return s, true, err
}
