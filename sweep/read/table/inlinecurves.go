package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A curve is often written as text rather than as a table: a sentence
// ("Full TP8 concurrency curve (tok/s): c1=15.7 / c4=57 / c16=225 /
// c64=604") or a summary table's cell ("383 at C1, 1,386 at C8, 3,741 at
// C32"). A perf engineer reads it as the table it stands for: each item
// pairs a load level, written with the letter that makes it one (c1, C8,
// bs16, c=4) or followed by its unit (8 users), with a value, and the words
// around the items (the sentence's lead, the column's header) name the
// value. Bare numbers ("383 at 8") name no load and are no curve.

// curveNumber is a value in a curve: thousands separated by commas.
const curveNumber = `\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`

// curveLevel is a load level: a letter and its number, or a number and its
// unit.
const curveLevel = `(?:(c|conc|bs|b|batch|n|np)\s*=?\s*(\d+)|(\d+)\s*(users?|streams?|clients?|concurrent))`

// levelThenValue: "c1=15.7", "C8: 1,386", "bs16 = 2202 tok/s".
var levelThenValue = regexp.MustCompile(`(?i)(?:^|[^\w.])` + curveLevel + `\s*[=:]\s*(` + curveNumber + `)(?:\s*(?:tok/s|tokens/s|t/s))?`)

// levelSpaceValue: "c1 14.8", "C8 1,386 tok/s", "C=4 255.5": the level's
// letter run into its number, or set to it, a space, the value.
var levelSpaceValue = regexp.MustCompile(`(?i)(?:^|[^\w.])(c|conc|bs|b|batch|n|np)(?:=)?(\d+)\s+(` + curveNumber + `)(?:\s*(?:tok/s|tokens/s|t/s))?`)

// valueAtLevel: "1,386 at C8", "15.7 tok/s @ c1"; a range ("313–338 at
// C1", several configurations' values) is kept as written, and the reading
// of that curve refuses it as no number.
var valueAtLevel = regexp.MustCompile(`(?i)((?:` + curveNumber + `)(?:\s*[–-]\s*(?:` + curveNumber + `))?)(?:\s*(?:tok/s|tokens/s|t/s))?\s*(?:\bat\b|@)\s*` + curveLevel + `\b`)

// valueAtBareLevel: "20 @1 · 35 @2 · 193 tok/s @16 streams": the levels
// bare, the load's word written once, after the last (checked by
// parseInlineCurve). The two empty groups keep valueAtLevel's numbering.
var valueAtBareLevel = regexp.MustCompile(`(?i)(` + curveNumber + `)(?:\s*(?:tok/s|tokens/s|t/s))?\s*@\s*()()(\d+)(?:\s*(users?|streams?|clients?|concurrent))?\b`)

// cleanRunTail is what may follow a curve's last item besides separators:
// the run's count of errors when it had none ("193 tok/s @16 streams, 0
// errors").
var cleanRunTail = regexp.MustCompile(`(?i)^[\s,;(]*(?:0|no|zero)\s+(?:errors?|failures?|failed requests?)\)?[\s.]*$`)

// curveGap is what may stand between two items of a curve.
var curveGap = regexp.MustCompile("^[\\s/,;|·、，；`→]*$")

// inlineCurve is a curve read out of text: its levels and values in the
// order written, the load's header ("concurrency" or "batch size"), and the
// text before the first item.
type inlineCurve struct {
	levels, values []string
	load, lead     string
}

// parseInlineCurve reads s as a curve of at least min items, written in one
// form throughout, with nothing but separators between the items and after
// the last one; ok is false otherwise.
func parseInlineCurve(s string, min int) (inlineCurve, bool) {
	for _, form := range []struct {
		re         *regexp.Regexp
		level, val int
	}{{levelThenValue, 1, 5}, {valueAtLevel, 2, 1}, {levelSpaceValue, 1, 3}} {
		if c, ok := curveOfForm(s, form.re, form.level, form.val); ok && len(c.levels) >= min {
			return c, true
		}
	}
	if c, ok := curveOfForm(s, valueAtBareLevel, 2, 1); ok && len(c.levels) >= min && loadWordLast(s) {
		return c, true
	}
	return inlineCurve{}, false
}

// loadWordLast: the last "@ level" of s names the load's word, which the
// bare levels before it share.
func loadWordLast(s string) bool {
	ms := valueAtBareLevel.FindAllStringSubmatchIndex(s, -1)
	return len(ms) > 0 && group(s, ms[len(ms)-1], 5) != ""
}

// curveOfForm reads s with one item form: at groups level (the lettered
// level; the unit-named one follows two groups later) and val.
func curveOfForm(s string, re *regexp.Regexp, level, val int) (inlineCurve, bool) {
	ms := re.FindAllStringSubmatchIndex(s, -1)
	if len(ms) < 2 {
		return inlineCurve{}, false
	}
	var c inlineCurve
	seen, prev := map[string]bool{}, -1
	for _, m := range ms {
		start := itemStart(m, level, val)
		if prev < 0 {
			c.lead = strings.TrimSpace(s[:start])
		} else if !curveGap.MatchString(s[prev:start]) {
			return inlineCurve{}, false
		}
		prev = m[1]
		lv, load := group(s, m, level+1), levelLoad(group(s, m, level))
		if lv == "" {
			lv, load = group(s, m, level+2), "concurrency"
		}
		if lv == "" || seen[lv] || c.load != "" && load != c.load {
			return inlineCurve{}, false
		}
		seen[lv] = true
		c.load = load
		c.levels = append(c.levels, lv)
		c.values = append(c.values, strings.ReplaceAll(group(s, m, val), ",", ""))
	}
	// A remark in brackets after the last item ("(per-stream 57 -> 23)")
	// is about the curve, no item of it.
	tail := strings.TrimRight(listRemark.ReplaceAllString(strings.TrimRight(s[prev:], ".。 "), ""), ".。 ")
	if !curveGap.MatchString(tail) && !cleanRunTail.MatchString(tail) {
		return inlineCurve{}, false
	}
	return c, true
}

// group is submatch k of m in s ("" when it did not take part).
func group(s string, m []int, k int) string {
	if 2*k+1 >= len(m) || m[2*k] < 0 {
		return ""
	}
	return s[m[2*k]:m[2*k+1]]
}

// itemStart is where an item begins: its first group's start (the match
// may begin a character earlier, at the boundary before the level).
func itemStart(m []int, groups ...int) int {
	start := m[1]
	for _, g := range append(groups, groups[0]+2) {
		if 2*g < len(m) && m[2*g] >= 0 && m[2*g] < start {
			start = m[2*g]
		}
	}
	return start
}

// levelLoad is the load a level's letter names: b, bs and batch a batch,
// the others the requests in flight.
func levelLoad(letter string) string {
	switch strings.ToLower(letter) {
	case "b", "bs", "batch":
		return "batch size"
	}
	return "concurrency"
}

// curveLead is the words before a curve in prose, without the marks that
// lead into the items ("(tok/s): `").
func curveLead(lead string) string {
	return strings.TrimSpace(strings.TrimRight(stripMarkup(lead), " :：`*_-—=("))
}

// meltCurveCells turns the one column whose header names a metric and
// whose cells each write a curve ("383 at C1, 1,386 at C8") into rows per
// level, the load in a column of its own, when the table has no load
// column: each row's curve is then that row's series.
func meltCurveCells(g *grid) []string {
	if l := loadColumn(classifyAll(g.header)); l >= 0 && numericColumn(*g, l) {
		return nil // the table has its levels in a column
	}
	col, curves := -1, map[int]inlineCurve(nil)
	for i, h := range g.header {
		cs, ok := curveColumn(*g, i)
		if !ok || classify(h).key() == "" {
			continue
		}
		if col >= 0 {
			return nil // two columns of curves: which holds the load's values?
		}
		col, curves = i, cs
	}
	if col < 0 {
		return nil
	}
	load := ""
	for _, c := range curves {
		if load != "" && c.load != load {
			return nil // a batch in one row, requests in flight in another
		}
		load = c.load
	}
	header := append([]string{load}, g.header...)
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		c, ok := curves[r]
		if !ok {
			continue
		}
		for j, lv := range c.levels {
			out := append([]string{lv}, row...)
			for len(out) < len(header) {
				out = append(out, "")
			}
			out[col+1] = c.values[j]
			rows, lines = append(rows, out), append(lines, g.lines[r])
		}
	}
	g.header, g.rows, g.lines = header, rows, lines
	return []string{fmt.Sprintf("%s: each cell under %q writes a curve (a value at each level, as in %q): read as a row per level, the level as the %s", g.file, g.header[col+1], firstCurveCell(curves), load)}
}

// curveColumn reads every non-empty cell of column i as a curve of two
// items or more, by row; ok when at least one row holds one, none holds
// anything else, and the column holds three levels or more in all.
func curveColumn(g grid, i int) (map[int]inlineCurve, bool) {
	out := map[int]inlineCurve{}
	levels := map[string]bool{}
	for r, row := range g.rows {
		cell := strings.TrimSpace(stripMarkup(cellAt(row, i)))
		if cell == "" || cell == "-" || cell == "—" {
			continue
		}
		c, ok := parseInlineCurve(cell, 2)
		if !ok || c.lead != "" {
			return nil, false
		}
		out[r] = c
		for _, lv := range c.levels {
			levels[lv] = true
		}
	}
	return out, len(out) > 0 && len(levels) >= 3
}

// firstCurveCell is the first row's curve as written back, for the note.
func firstCurveCell(curves map[int]inlineCurve) string {
	first := -1
	for r := range curves {
		if first < 0 || r < first {
			first = r
		}
	}
	c := curves[first]
	return c.values[0] + " at " + c.levels[0] + ", …"
}
