package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// A summary table of metric rows (a release note's "launch vs today", a
// registry entry's key-value block) may write a whole sweep in one row:
//
//	| Decode aggregate, context 0, C1 / C2 / C4 / C8 | 39.4 / 61.3 / 87.4 / 117.3 tok/s |
//	| Decode aggregate (512-token probes)            | c1 14.8 · c4 38.2 · c8 56.7 tok/s |
//
// The row's label names the metric and, in the first form, the levels, in
// the order the value cell lists its values; in the second, the value cell
// pairs each level with its value. A perf engineer reads either as the
// table it stands for: a row per level. Rows at the same levels whose
// labels differ in a setting ("context 0", "context 32k") are curves of one
// sweep; each value column (launch, today) is a curve of its own. Rows at
// other levels are another sweep, read as a table of its own. Only when no
// table of the page reads as it is.

// levelList is three lettered levels or more with slashes between: "C1 /
// C2 / C4 / C8", "bs1/bs8/bs32".
var levelList = regexp.MustCompile(`(?i)(?:^|[^\w.])((?:c|conc|bs|batch|np)\s*=?\s*\d+(?:\s*/\s*(?:c|conc|bs|batch|np)?\s*=?\s*\d+){2,})\b`)

// wordLevelList is two bare levels or more with slashes between, closed by
// the load's word: "1/2/4/8 clients", "2 / 4 streams together". Two levels
// are no sweep alone; rows that continue one another make one
// (mergeContinuedRows).
var wordLevelList = regexp.MustCompile(`(?i)(?:^|[^\w.])(\d+(?:\s*/\s*\d+)+)\s*(?:streams?|clients?|users?|concurrent(?:\s+(?:requests|streams|users))?|sessions?)\b`)

// labelRateUnit is a token rate's unit a label writes for its values
// ("Decode, prose, 1/2/4/8 clients (tok/s)").
var labelRateUnit = regexp.MustCompile(`(?i)[(（]?\b(tok/s|tokens/s|tokens/sec|tok/sec|t/s)[)）]?`)

// digitRun is a level's number in a list.
var digitRun = regexp.MustCompile(`\d+`)

// listUnit is the unit a list of values may end with, and the word naming
// the node's side after it ("121.6 / 166.6 tok/s aggregate").
var listUnit = regexp.MustCompile(`(?i)\s*(tok/s|tokens/s|tokens/sec|tok/sec|t/s)(?:\s+(?:aggregate|agg|total|combined))?$`)

// listValue is one value of a slash list: a number, thousands with commas.
var listValue = regexp.MustCompile(`^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$`)

// rowCurve is one curve a row writes: its levels and values, the words
// that name it (the label without the levels), the value column's header,
// and the unit the cell wrote.
type rowCurve struct {
	levels, values []string
	load           string
	lead, column   string
	unit           string
	line           int
}

// rowCurveSweep reads the curves the tables' rows write, when no table
// reads as it is; ok is false when no row writes one, or when they do not
// read (the tables' own refusal then stands). Rows at another set of levels
// write another sweep (another workload of the same comparison): the first
// is read, as a collector takes a page's first table, and a note names the
// others with the --series that reads each.
func rowCurveSweep(path string, tables []grid, meta Meta) (*sweep.Sweep, error, bool) {
	grids := rowCurveGrids(tables)
	if len(grids) == 0 {
		return nil, nil, false
	}
	pick := grids[0]
	if meta.Series != "" {
		for _, g := range grids {
			if g.titled(meta.Series) {
				pick, meta.Series = g, ""
				break
			}
		}
	}
	s, err := onlySweep(path, []grid{pick}, meta, meta.Series)
	if err != nil && len(CurveNames(err)) == 0 {
		return nil, nil, false
	}
	if err == nil {
		for _, g := range grids {
			if g.headerLine != pick.headerLine || g.header[len(g.header)-1] != pick.header[len(pick.header)-1] {
				s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: the row %q writes another sweep; --series %q reads it", path, g.headerLine, g.title[len(g.title)-1], g.title[len(g.title)-1]))
			}
		}
	}
	return s, err, true
}

// rowCurveGrids are the curves the rows of tables write, as grids of a row
// per level: one grid per table and set of levels.
func rowCurveGrids(tables []grid) []grid {
	var out []grid
	for _, g := range tables {
		var order []string
		groups := map[string][]rowCurve{}
		for r, row := range g.rows {
			for _, c := range curvesOfRow(g, row) {
				c.line = lineOf(&g, r)
				key := c.load + ":" + strings.Join(c.levels, ",")
				if groups[key] == nil {
					order = append(order, key)
				}
				groups[key] = append(groups[key], c)
			}
		}
		for _, key := range mergeContinuedRows(groups, order) {
			if len(groups[key][0].levels) < minCellLevels {
				continue // two levels that no other row continues: no sweep
			}
			if rg, ok := gridOfRowCurves(g, groups[key]); ok {
				out = append(out, rg)
			}
		}
	}
	return out
}

// mergeContinuedRows joins the groups too short to be a sweep alone ("2 /
// 4 streams", then "8 / 16 streams") when their levels do not overlap and
// each gives one curve per value column: the rows continue one sweep. The
// order returned names the joined group where its first part stood.
func mergeContinuedRows(groups map[string][]rowCurve, order []string) []string {
	var short []string
	for _, k := range order {
		if len(groups[k][0].levels) < minCellLevels {
			short = append(short, k)
		}
	}
	if len(short) < 2 {
		return order
	}
	joined := slices.Clone(groups[short[0]])
	for i := range joined {
		joined[i].levels, joined[i].values = slices.Clone(joined[i].levels), slices.Clone(joined[i].values)
	}
	for _, k := range short[1:] {
		if !continueCurves(joined, groups[k]) {
			return order
		}
	}
	key := "joined:" + strings.Join(short, "|")
	groups[key] = joined
	var out []string
	for _, k := range order {
		switch {
		case k == short[0]:
			out = append(out, key)
		case !slices.Contains(short, k):
			out = append(out, k)
		}
	}
	return out
}

// continueCurves extends each curve of joined by the curve of next in the
// same value column; false when a column differs, a level repeats, or the
// load or the unit changes.
func continueCurves(joined, next []rowCurve) bool {
	if len(next) != len(joined) {
		return false
	}
	for i, c := range next {
		j := &joined[i]
		if c.column != j.column || c.load != j.load || c.unit != "" && j.unit != "" && c.unit != j.unit {
			return false
		}
		if slices.ContainsFunc(c.levels, func(l string) bool { return slices.Contains(j.levels, l) }) {
			return false
		}
		j.levels, j.values = append(j.levels, c.levels...), append(j.values, c.values...)
		j.lead = sharedLead([]rowCurve{*j, c})
		if j.unit == "" {
			j.unit = c.unit
		}
	}
	return true
}

// curvesOfRow reads a row whose first cell is a label: the levels listed in
// the label with a list of values in each value cell, or each value cell a
// curve of its own ("c1 14.8 · c4 38.2").
func curvesOfRow(g grid, row []string) []rowCurve {
	if len(row) < 2 {
		return nil
	}
	label := stripMarkup(row[0])
	if levels, load, lead, ok := labelLevelList(label); ok {
		return labelListCurves(g, row, levels, load, lead)
	}
	var out []rowCurve
	for j := 1; j < len(row); j++ {
		cell := stripMarkup(row[j])
		unit := strings.TrimSpace(listUnit.FindString(cell))
		if unit == "" {
			// "193 tok/s @16 streams": the unit written with one item.
			if m := labelRateUnit.FindStringSubmatch(cell); m != nil {
				unit = m[1]
			}
		}
		c, ok := parseInlineCurve(cell, 3)
		if !ok || c.lead != "" {
			continue
		}
		out = append(out, rowCurve{levels: c.levels, values: c.values, load: c.load, lead: label, column: cellAt(g.header, j), unit: unit})
	}
	return out
}

// labelLevelList is the levels a row's label lists ("C1 / C2 / C4", "1/2/4/8
// clients"), the load they set, and the label's other words.
func labelLevelList(label string) (levels []string, load, lead string, ok bool) {
	if m := levelList.FindStringSubmatchIndex(label); m != nil {
		list := label[m[2]:m[3]]
		lead = strings.Join(strings.Fields(label[:m[2]]+" "+label[m[3]:]), " ")
		return digitRun.FindAllString(list, -1), levelLoad(strings.TrimLeft(list, " ")[:1]), lead, true
	}
	if m := wordLevelList.FindStringSubmatchIndex(label); m != nil {
		// The load's word goes with its levels: the rest names the curve.
		lead = strings.Join(strings.Fields(label[:m[2]]+" "+label[m[1]:]), " ")
		return digitRun.FindAllString(label[m[2]:m[3]], -1), "concurrency", lead, true
	}
	return nil, "", "", false
}

// labelListCurves reads each value cell of a row whose label lists its
// levels as a curve at those levels. A unit the label writes ("(tok/s)")
// is the values' when the cells write none, and leaves the curve's words.
func labelListCurves(g grid, row []string, levels []string, load, lead string) []rowCurve {
	labelUnit := ""
	if m := labelRateUnit.FindStringSubmatch(lead); m != nil {
		labelUnit = m[1]
		lead = strings.Join(strings.Fields(labelRateUnit.ReplaceAllString(lead, " ")), " ")
	}
	var out []rowCurve
	for j := 1; j < len(row); j++ {
		values, unit, ok := slashValues(stripMarkup(row[j]), len(levels))
		if !ok {
			continue
		}
		if unit == "" {
			unit = labelUnit
		}
		out = append(out, rowCurve{levels: levels, values: values, load: load, lead: lead, column: cellAt(g.header, j), unit: unit})
	}
	return out
}

// slashValues reads a cell as n values with slashes between, the last one
// possibly followed by its unit ("39.4 / 61.3 / 87.4 tok/s").
func slashValues(cell string, n int) ([]string, string, bool) {
	// A remark in brackets after the list ("(C4 per stream 9.2-10.2)")
	// is no value of it.
	cell = strings.TrimSpace(listRemark.ReplaceAllString(cell, ""))
	unit := strings.TrimSpace(listUnit.FindString(cell))
	cell = listUnit.ReplaceAllString(cell, "")
	parts := strings.Split(cell, "/")
	if len(parts) != n {
		return nil, "", false
	}
	values := make([]string, n)
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if !listValue.MatchString(p) {
			return nil, "", false
		}
		values[i] = strings.ReplaceAll(p, ",", "")
	}
	return values, unit, true
}

// gridOfRowCurves lays the curves of one table at one set of levels out as
// a grid: the load, the curve (when there are several), the metric. The
// metric's header is what the curves' labels share, with the unit a cell
// wrote; it must name a throughput, since the value is read as one.
func gridOfRowCurves(g grid, cs []rowCurve) (grid, bool) {
	leads, columns := map[string]bool{}, map[string]bool{}
	unit := ""
	for _, c := range cs {
		leads[c.lead], columns[c.column] = true, true
		if c.unit != "" {
			unit = c.unit
		}
	}
	shared := sharedLead(cs)
	if unit == "" && aggregateLead(shared) && tableWritesTokenRates(g) {
		// "C1 / C2 / C4 aggregate" with no unit, in a table whose other
		// rows write tok/s: the aggregate over streams of an LLM server
		// is its token rate, as for unitless pairs (unitlesspairs.go).
		unit = assumedPairUnit
	}
	metric, ok := rowCurveMetric(shared, unit)
	if !ok {
		return grid{}, false
	}
	out := grid{file: g.file, headerLine: cs[0].line, title: append(append([]string(nil), g.title...), metric), caption: g.caption, context: g.context, above: g.above}
	out.header = []string{cs[0].load, metric}
	several := len(leads) > 1 || len(columns) > 1
	if several {
		out.header = []string{cs[0].load, "curve", metric}
	}
	for _, c := range cs {
		name := rowCurveName(c, shared, len(leads) > 1, len(columns) > 1)
		for i, lv := range c.levels {
			row := []string{lv, c.values[i]}
			if several {
				row = []string{lv, name, c.values[i]}
			}
			out.rows, out.lines = append(out.rows, row), append(out.lines, c.line)
		}
	}
	out.notes = []string{fmt.Sprintf("%s:%d: a row writes the sweep (%q: %s at %s): read as a row per level", g.file, cs[0].line, strings.TrimSpace(cs[0].lead), strings.Join(cs[0].values, " / "), strings.Join(cs[0].levels, " / "))}
	return out, true
}

// listRemark is a remark in brackets (rowlabelremarks.go's bracketed)
// closing a list's cell.
var listRemark = regexp.MustCompile(bracketed.String() + `\s*$`)

// aggregateLead: the words naming a row's curve end with an aggregate word.
func aggregateLead(lead string) bool {
	return endsAggregate(strings.TrimRight(lead, " ,;:"))
}

// tableWritesTokenRates: some cell or label of g writes a token rate's unit.
func tableWritesTokenRates(g grid) bool {
	for _, row := range g.rows {
		for _, c := range row {
			if labelRateUnit.MatchString(stripMarkup(c)) {
				return true
			}
		}
	}
	return false
}

// rowCurveMetric is the metric's header: the curves' shared words with the
// unit a cell wrote. Words in brackets describe the workload ("512-token
// probes, temp 1.0"): when the header with them names no token rate, the
// header without them may.
func rowCurveMetric(shared, unit string) (string, bool) {
	for _, words := range []string{shared, strings.Join(strings.Fields(aside.ReplaceAllString(shared, " ")), " ")} {
		metric := strings.TrimRight(words, " ,;:-—")
		if unit != "" && !strings.Contains(strings.ToLower(metric), strings.ToLower(unit)) {
			metric += " (" + unit + ")"
		}
		if classify(metric).kind == colThroughput {
			return metric, true
		}
	}
	return "", false
}

// aside is words in brackets.
var aside = regexp.MustCompile(`\([^()]*\)`)

// sharedLead is the words the curves' labels begin with in common, cut at
// a word's end.
func sharedLead(cs []rowCurve) string {
	shared := cs[0].lead
	for _, c := range cs[1:] {
		n := 0
		for n < len(shared) && n < len(c.lead) && shared[n] == c.lead[n] {
			n++
		}
		shared = shared[:n]
	}
	if len(cs) > 1 && shared != cs[0].lead {
		// Cut where a clause ends ("Decode aggregate, | context 0"), else
		// where a word does.
		if i := strings.LastIndexAny(shared, ",;"); i >= 0 {
			shared = shared[:i]
		} else if i := strings.LastIndex(shared, " "); i >= 0 {
			shared = shared[:i]
		}
	}
	return strings.TrimSpace(shared)
}

// rowCurveName names a curve by what sets it apart: its label's own words, its
// value column's header, or both.
func rowCurveName(c rowCurve, shared string, byLabel, byColumn bool) string {
	own := strings.Trim(strings.TrimPrefix(c.lead, shared), " ,;:-—")
	switch {
	case byLabel && byColumn:
		return stripMarkup(c.column) + " / " + own
	case byLabel:
		return own
	}
	return stripMarkup(c.column)
}
