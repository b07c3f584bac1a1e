package table

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// severalConsoleSweeps handles a console paste in which more than one
// table reads as a sweep on its own (two engines' result tables, each under
// its title): as for markdown, knee reads one curve at a time and never
// takes the first silently. Without --series it refuses naming each table
// by its title (else its line); --series picks one by that name. ok is
// false when at most one table reads, or when --series names none of the
// tables (it may name a series inside one): the caller reads as before.
func severalConsoleSweeps(path string, tables []grid, meta Meta) (*sweep.Sweep, bool, error) {
	read := meta
	titledPick := false
	for _, g := range tables {
		if meta.Series != "" && g.titled(meta.Series) {
			// --series names a table: read it as a table, not a
			// series inside it.
			titledPick, read.Series = true, ""
		}
	}
	var from []grid
	var got []*sweep.Sweep
	seen := map[int]bool{}
	for _, g := range tables {
		if len(g.lines) == 0 || titledPick && !g.titled(meta.Series) {
			continue
		}
		// One block gives a candidate grid per header line tried; its
		// first that reads is the block's table.
		block := g.lines[len(g.lines)-1]
		if seen[block] {
			continue
		}
		s, err := tableToSweep(g, read)
		if err != nil {
			continue
		}
		seen[block] = true
		if slices.ContainsFunc(got, func(o *sweep.Sweep) bool { return samePoints(o, s) }) {
			continue // a summary printing a table's numbers again is no second sweep
		}
		from, got = append(from, g), append(got, s)
	}
	switch {
	case titledPick && len(got) == 1:
		got[0].Notes = append(got[0].Notes, fmt.Sprintf("%s: the console table %q read (--series)", path, meta.Series))
		return got[0], true, nil
	case len(got) < 2:
		return nil, false, nil
	}
	names := tableNames(from)
	order := rankTables(from, got)
	names, from, got = reorder(names, order), reorder(from, order), reorder(got, order)
	list := make([]string, len(from))
	for i, g := range from {
		list[i] = fmt.Sprintf("%q (line %d, %d levels)", names[i], g.headerLine, len(got[i].Points))
	}
	return nil, true, AmbiguousSeries(inputerr.Errorf(path, "--series", from[0].headerLine, "the paste holds %d console tables that read as sweeps: %s; knee reads one curve at a time: pick one by its title with --series %q",
		len(got), strings.Join(list, ", "), names[0]), names)
}

// samePoints: a and b read the same levels with the same throughputs, in
// order.
func samePoints(a, b *sweep.Sweep) bool {
	if len(a.Points) != len(b.Points) {
		return false
	}
	for i := range a.Points {
		if a.Points[i].Level() != b.Points[i].Level() || a.Points[i].ThroughputTokS != b.Points[i].ThroughputTokS {
			return false
		}
	}
	return true
}
