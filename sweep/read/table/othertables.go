package table

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// refusedTable is a table of a text that did not read as a sweep, and why.
type refusedTable struct {
	g   grid
	err error
}

// noteOtherSweeps says which table of a text knee read when another table
// beside it also has a throughput and a load column but was refused (a
// series to pick, an approximate cell): that one may be the curve the
// reader meant, so the note names it and why it was not read, rather than
// leaving the choice unsaid. Tables without both (hardware specs, run
// settings) are not mentioned, unless their columns are the read table's.
func noteOtherSweeps(path string, s *sweep.Sweep, read grid, refused []refusedTable) *sweep.Sweep {
	var others []string
	for _, r := range refused {
		if !looksLikeSweep(r.g) && !sameColumns(r.g, read) {
			continue
		}
		why := r.err.Error()
		var ie *inputerr.Error
		if errors.As(r.err, &ie) {
			why = ie.Msg
		}
		others = append(others, fmt.Sprintf("line %d (%s)", r.g.headerLine, clip(why, 400)))
	}
	if len(others) == 0 {
		return s
	}
	s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: this table read; not read: the table at %s", path, read.headerLine, strings.Join(others, "; the table at ")))
	return s
}

// sameColumns: one table's headers are all among the other's (a table per
// workload, "Prose:" and "Code:", one with a column more): they hold the
// same kind of curve, whatever the words say, and one that did not read is
// another curve the note must name.
func sameColumns(a, b grid) bool {
	return headersAmong(a.header, b.header) || headersAmong(b.header, a.header)
}

// headersAmong: every header of hs is in of, case aside.
func headersAmong(hs, of []string) bool {
	for _, h := range hs {
		found := false
		for _, o := range of {
			found = found || strings.EqualFold(strings.TrimSpace(h), strings.TrimSpace(o))
		}
		if !found {
			return false
		}
	}
	return len(hs) > 1
}

// looksLikeSweep: the table has a column read as a throughput and one read
// as a load.
func looksLikeSweep(g grid) bool {
	tput, load := false, false
	for _, h := range g.header {
		switch classify(h).kind {
		case colThroughput, colThroughputPerGPU:
			tput = true
		case colConcurrency, colPerGPU, colRequestedRate, colRequestRate:
			load = true
		}
	}
	return tput && load
}

// sweepLikeRefusal is the refusal to show when no table of a text reads:
// that of the first table with a load column and a throughput column, the
// one that is a sweep and needs a flag, rather than that of a table of
// settings above it ("Item | Value"); else that of the first table that can
// be a sweep by its cells (canBeSweep: "Streams" levels, "tok/s" cells);
// first when none is. A table with load levels refused for a choice
// between candidates (its curves, two columns of one kind) got as far as
// having them, which a table of settings never does (its columns may hold
// the metric its heading names, unseen by sweepLike): its refusal comes
// before that of a table that cannot be a sweep. Without levels in its
// cells ("c1", "long-c8") the choice made could still leave it unread,
// and the flag it names would lead nowhere.
func sweepLikeRefusal(refused []refusedTable, first error) error {
	// A table with nothing to pick (--series or --column named another
	// table's) is no answer while another table refused for a reason of
	// its own: that reason is what the flag led to.
	if own := slices.DeleteFunc(slices.Clone(refused), func(r refusedTable) bool { return isNothingToPick(r.err) }); len(own) > 0 {
		refused = own
	}
	for _, r := range refused {
		if sweepLike(r.g) {
			return r.err
		}
	}
	for _, r := range refused {
		var a *ambiguous
		if errors.As(r.err, &a) && loadLevelsColumn(r.g) >= 0 {
			return r.err
		}
	}
	// A table refused only for holding several curves read as a sweep,
	// its levels a column or its header of whole numbers: its refusal, not
	// a settings table's want of a throughput, is what the user must answer.
	for _, r := range refused {
		var e *inputerr.Error
		if errors.As(r.err, &e) && e.Field == "--series" && (levelsWritten(r.g) || rateLevelsWritten(r.g)) {
			return r.err
		}
	}
	for _, r := range refused {
		if canBeSweep(r.g) {
			return r.err
		}
	}
	return numberedRefusal(refused, first)
}

// sweepLike: the header has a load and a throughput, and the load
// column holds levels, not changes between them (levelChanges).
func sweepLike(g grid) bool {
	if levelChanges(g) {
		return false
	}
	load, tput := false, false
	for _, h := range g.header {
		switch classify(h).kind {
		case colConcurrency, colPerGPU, colRequestedRate:
			load = true
		case colThroughput, colThroughputPerGPU:
			tput = true
		}
	}
	return load && tput
}

// clip cuts a refusal quoted inside another message at n bytes, marking
// the cut.
func clip(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// rateLevelsWritten: g holds a request-rate column of three or more
// offered levels, each a positive number or "inf" (vLLM's every request at
// once): a rate sweep's levels, as a concurrency column's are.
func rateLevelsWritten(g grid) bool {
	for i, h := range g.header {
		if classify(h).kind != colRequestRate {
			continue
		}
		seen := map[string]bool{}
		for _, row := range g.rows {
			cell := strings.ToLower(strings.Trim(strings.TrimSpace(cellAt(row, i)), "*_ "))
			if v, err := strconv.ParseFloat(cell, 64); cell != "inf" && (err != nil || v <= 0) {
				seen = nil
				break
			}
			seen[cell] = true
		}
		if len(seen) >= 3 {
			return true
		}
	}
	return false
}

// levelsWritten: g holds its load levels as a column of whole numbers or
// as its header, one level a column.
func levelsWritten(g grid) bool {
	if loadLevelsColumn(g) >= 0 {
		return true
	}
	_, _, ok := levelHeaders(g.header[1:])
	return len(g.header) > 3 && ok
}
