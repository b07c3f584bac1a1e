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
	read, title, titledPick := pickedConsoleTable(tables, meta)
	from, got, err := consoleSweeps(tables, read, title, titledPick)
	switch {
	case err != nil:
		return nil, true, err
	case titledPick && len(got) == 1:
		note := fmt.Sprintf("%s: the console table %q read (--series)", path, title)
		if read.Series != "" {
			note = fmt.Sprintf("%s: the curve %q of the console table %q read (--series)", path, read.Series, title)
		}
		got[0].Notes = append(got[0].Notes, note)
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

// consoleSweeps reads each table of the paste that reads as a sweep on its
// own (only the one titled, when --series picks one), once per block and
// never a table that repeats another's numbers. err is the picked table's
// refusal of the curves it draws.
func consoleSweeps(tables []grid, read Meta, title string, titledPick bool) ([]grid, []*sweep.Sweep, error) {
	var from []grid
	var got []*sweep.Sweep
	seen := map[int]bool{}
	for _, g := range tables {
		if len(g.lines) == 0 || titledPick && !g.titled(title) {
			continue
		}
		// One block gives a candidate grid per header line tried; its
		// first that reads is the block's table.
		block := g.lines[len(g.lines)-1]
		if seen[block] {
			continue
		}
		s, err := tableToSweep(g, read)
		if err != nil && titledPick && drawnCurves(g, err) {
			// The picked table draws its curves (corner "ctx \ conc"):
			// they are named with its title, which keeps the pick on
			// it, and it is never joined with the paste's other tables.
			return nil, nil, titledCurves(g, title, err)
		}
		if err != nil {
			continue
		}
		seen[block] = true
		if slices.ContainsFunc(got, func(o *sweep.Sweep) bool { return samePoints(o, s) }) {
			continue // a summary printing a table's numbers again is no second sweep
		}
		from, got = append(from, g), append(got, s)
	}
	return from, got, nil
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

// pickedConsoleTable is the table --series names by its title, and perhaps
// a curve drawn in it ("Aggregate Throughput (tok/s) / 0"): the meta to read
// that table with (its Series the curve, or none), the title, and whether
// the pick names a table at all.
func pickedConsoleTable(tables []grid, meta Meta) (Meta, string, bool) {
	read := meta
	for _, g := range tables {
		if t, curve, ok := consolePick(g, meta.Series); ok {
			read.Series = curve
			return read, t, true
		}
	}
	return read, "", false
}

// consolePick reads --series as a console table's title (the whole pick),
// or its title, " / ", and a curve the table draws; ok is false when pick
// names no title of g.
func consolePick(g grid, pick string) (title, curve string, ok bool) {
	if pick == "" {
		return "", "", false
	}
	if g.titled(pick) {
		return pick, "", true
	}
	// Each " / " in pick may end the title: "A / B / 0" tries "A", then "A / B".
	for i := strings.Index(pick, " / "); i > 0; {
		if g.titled(pick[:i]) {
			return pick[:i], pick[i+3:], true
		}
		j := strings.Index(pick[i+3:], " / ")
		if j < 0 {
			break
		}
		i += 3 + j
	}
	return "", "", false
}

// titledCurves is the refusal of a picked console table's curves, each
// named after the table's title so that --series picks it back.
func titledCurves(g grid, title string, err error) error {
	names := CurveNames(err)
	picks := make([]string, len(names))
	for i, n := range names {
		picks[i] = title + " / " + n
	}
	return AmbiguousSeries(inputerr.Errorf(g.file, "--series", g.headerLine, "the console table %q draws %d curves (%s); knee reads one curve at a time: pick one with --series %q", title, len(names), strings.Join(names, ", "), picks[0]), picks)
}
