package table

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// resolved is a table's columns once headers, units and the user's --column
// and --unit choices are combined, with the notes a reader must see.
type resolved struct {
	cols  []column
	notes []string
	// seriesPicked: --series chose among column-name series; seriesName is
	// the series it chose and seriesRest what is left of --series for the
	// row series ("EP=4 / DeepSeek-R1 FP8": seriesrest.go).
	seriesPicked           bool
	seriesName, seriesRest string
	// picked are the --column choices by kind, as HeaderKey spells the
	// header: a column that only a later pass gives the picked kind
	// (measured concurrency becomes achieved_concurrency) still loses to it.
	picked map[string]string
}

// resolveColumns decides what every column holds. It never guesses: two
// columns that could hold one value are refused with the flag that picks
// one, and a unit comes from the header, a units row, the cells or --unit.
//
// The header's words (roles.go) and the user's --column choices start it;
// then the passes run in this order, each in its file and each using only
// what the passes before it decided (TestPassesCallNoLaterPass):
//
//	units        pass_units.go        what unit each column is in
//	families     pass_families.go     one statistic of each metric, totals against means
//	roles        pass_roles.go        which column is the load, which a measurement, by the physics
//	consistency  pass_consistency.go  the reading checked against itself
//	series       pass_series.go       several curves named in the headers
//	ambiguity    pass_ambiguity.go    two columns left for one value: the refusal Decide settles
func resolveColumns(g grid, unitsRow []string, unitsLine int, meta Meta) (*resolved, error) {
	r := &resolved{cols: classifyCurves(g.header)}
	for _, pass := range r.passes(g, unitsRow, unitsLine, meta) {
		if err := pass(); err != nil {
			return nil, err
		}
	}
	if err := r.curvesApart(g); err != nil {
		return nil, err
	}
	r.noteWeakLoad(g.file)
	r.noteContextUnits(g.file)
	r.noteUnread(g.file)
	return r, nil
}

// passes are the user's --column choices, then the passes in their order.
func (r *resolved) passes(g grid, unitsRow []string, unitsLine int, meta Meta) []func() error {
	return []func() error{
		func() error { return r.applyColumnFlags(g, meta.Columns) },
		func() error { return r.unitsPass(g, unitsRow, unitsLine, meta.Units) },
		func() error { return r.familiesPass(g) },
		func() error { return r.rolesPass(g) },
		func() error { return r.consistencyPass(g) },
		func() error { return r.seriesPass(g, meta.Series) },
		func() error { return r.ambiguityPass(g) },
	}
}

// applyColumnFlags gives each --column KIND=HEADER its column and leaves the
// other columns of that kind unread.
func (r *resolved) applyColumnFlags(g grid, flags map[string]string) error {
	kinds := columnKinds()
	r.picked = map[string]string{}
	for k, h := range flags {
		r.picked[k] = HeaderKey(h)
	}
	names := make([]string, 0, len(flags))
	for k := range flags {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, kind := range names {
		want := HeaderKey(flags[kind])
		j := -1
		for i, h := range g.header {
			if HeaderKey(h) == want {
				j = i
				break
			}
		}
		if j < 0 {
			// Among several tables the flag may name another's column (a
			// refusal names the header of the table it came from): this
			// table has nothing to pick, and the other's reading answers.
			return &nothingToPick{inputerr.Errorf(g.file, "--column", g.headerLine, "%s=%q names no column of this table; its headers: %s", kind, flags[kind], quoteAll(g.header))}
		}
		tmpl := kinds[kind]
		for i := range r.cols {
			if i != j && r.cols[i].key() == kind {
				r.cols[i].kind, r.cols[i].why = colIgnore, fmt.Sprintf("--column %s picks %q", kind, r.cols[j].header)
			}
		}
		r.cols[j] = flaggedColumn(tmpl, r.cols[j].header)
	}
	return nil
}

// flaggedColumn is the column --column makes of header: the kind's
// template, with the unit its header states (ms, tok/s when it states none).
func flaggedColumn(tmpl column, header string) column {
	c := column{kind: tmpl.kind, metric: tmpl.metric, stat: tmpl.stat, header: header}
	t := headerTokens(c.header)
	switch c.kind {
	case colLatency, colDuration:
		c.timeUnits = timeUnitsNamed(t)
		c.unit, c.stated = timeUnitFromTokens(t)
		if !c.stated {
			c.unit = units["ms"]
		}
	case colThroughput, colThroughputPerGPU:
		c.unit, c.stated = tokRateUnitFromTokens(t)
		if !c.stated {
			c.unit = units["tok/s"]
		}
	case colConcurrency:
		c.flavor = "configured"
	}
	if _, perMinute := perMinuteTokens(HeaderKey(header), t); perMinute {
		c = perMinuteUnit(c)
	}
	if c.stated {
		c.unitFrom = "header"
	}
	return c
}

// offersRate: a column is the offered request rate, by its kind or its
// words. A bare served rate beside measured concurrency is no offered one
// (requestRates), so it does not stand in for the level.
func (r *resolved) offersRate() bool {
	for _, c := range r.cols {
		if c.kind == colRequestedRate || c.kind == colRequestRate && c.flavor == "requested" {
			return true
		}
	}
	return false
}

func (r *resolved) has(k colKind) bool {
	for _, c := range r.cols {
		if c.kind == k {
			return true
		}
	}
	return false
}

// noteUnread lists the columns knee did not read and why, so nothing is
// dropped silently.
func (r *resolved) noteUnread(file string) {
	var parts []string
	for _, c := range r.cols {
		if c.key() != "" || c.header == "" {
			continue
		}
		why := c.why
		if why == "" {
			why = "not a column knee reads"
		}
		parts = append(parts, fmt.Sprintf("%q (%s)", c.header, why))
	}
	if len(parts) > 0 {
		r.notes = append(r.notes, fmt.Sprintf("%s: columns not read: %s", file, strings.Join(parts, ", ")))
	}
}

func quoteAll(hs []string) string {
	q := make([]string, len(hs))
	for i, h := range hs {
		q[i] = fmt.Sprintf("%q", h)
	}
	return strings.Join(q, ", ")
}

// noteWeakLoad says when the load was read from a one-letter header (N, P,
// B), so that a reader sees which column became the level.
func (r *resolved) noteWeakLoad(file string) {
	for _, c := range r.cols {
		if c.kind != colConcurrency || c.flavor != "weak" {
			continue
		}
		why := "the load a one-letter header names in llama.cpp and Ollama sweeps: parallel slots, batch"
		if loneLevel(wordset(headerTokens(c.header))) {
			why = "a column named level alone holds the levels a sweep steps through"
		}
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the concurrency (%s); --column concurrency=HEADER picks another", file, c.header, why))
	}
}
