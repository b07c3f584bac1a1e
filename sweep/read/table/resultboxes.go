package table

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Benchmark scripts that draw their report in double-line boxes print one
// result box per level, its title naming the level, its sections the
// metric and its lines "Statistic: value" pairs:
//
//	╔════════════════════════════════════════╗
//	║ RESULTS: 10 Concurrent Users ║
//	╠════════════════════════════════════════╣
//	║ TIME TO FIRST TOKEN (TTFT) ║
//	║ Avg: 3525.5 ms | P50: 4072.0 ms ║
//	╟────────────────────────────────────────╢
//	║ THROUGHPUT ║
//	║ Aggregate: 216.1 tok/s ║
//	╚════════════════════════════════════════╝
//
// Each box whose title names one level (headingLevel) and that holds
// values becomes a row: the level in a column named by the title's load
// words, each value in a column named by its section and its key
// ("TIME TO FIRST TOKEN (TTFT) Avg"), a statistic written after the value
// ("30.8 tok/s (p50)") joined to the key. Boxes that name no level (a
// banner, a warm-up) are no rows.

// boxValue is one "Key: value" pair of a box line ("|" separates pairs).
var boxValue = regexp.MustCompile(`^([A-Za-z][^:]{0,60}?):\s*(\S.*?)\s*$`)

// valueStat is a statistic written after a value: "30.8 tok/s (avg)".
var valueStat = regexp.MustCompile(`^(.*?)\s*\((avg|mean|p\d+|median|max|min)\)$`)

// succeededOf is a count of successes out of those sent: "50/50 successful".
var succeededOf = regexp.MustCompile(`(?i)^(\d+)\s*/\s*\d+\s+(?:successful|succeeded|ok)$`)

// resultBox is one box being read.
type resultBox struct {
	title   string
	line    int
	section string
	keys    []string
	values  map[string]string
}

// resultBoxesGrid reads the text's result boxes into a grid; false when
// fewer than two boxes name a level and hold values.
func resultBoxesGrid(path, text string) (grid, bool) {
	var boxes []resultBox
	var cur *resultBox
	for i, raw := range strings.Split(text, "\n") {
		l := strings.TrimSpace(raw)
		switch {
		case strings.HasPrefix(l, "╔"):
			cur = &resultBox{values: map[string]string{}}
		case strings.HasPrefix(l, "╚"):
			if cur != nil {
				boxes = append(boxes, *cur)
			}
			cur = nil
		case cur != nil && strings.HasPrefix(l, "║"):
			cur.take(strings.TrimSpace(strings.Trim(l, "║")), i+1)
		}
	}
	return boxesGrid(path, boxes)
}

// take reads one line inside a box: its title first, then section names
// and value pairs.
func (b *resultBox) take(content string, line int) {
	if content == "" {
		return
	}
	if b.title == "" {
		b.title, b.line = content, line
		return
	}
	if !strings.Contains(content, ":") {
		b.section = content
		return
	}
	for _, pair := range strings.Split(content, "|") {
		m := boxValue.FindStringSubmatch(strings.TrimSpace(pair))
		if m == nil {
			continue
		}
		key, value := strings.TrimSpace(m[1]), m[2]
		if s := valueStat.FindStringSubmatch(value); s != nil {
			key, value = key+" "+s[2], s[1]
		}
		if s := succeededOf.FindStringSubmatch(value); s != nil {
			key, value = "Successful "+strings.ToLower(key), s[1]
		}
		if b.section != "" {
			key = b.section + " " + key
		}
		if _, seen := b.values[key]; !seen {
			b.keys = append(b.keys, key)
		}
		b.values[key] = value
	}
}

// boxesGrid lays the boxes that name a level out as rows.
func boxesGrid(path string, boxes []resultBox) (grid, bool) {
	g := grid{file: path}
	col := map[string]int{}
	var rows []map[int]string
	for _, b := range boxes {
		name, level, ok := headingLevel([]string{b.title})
		if !ok || len(b.values) == 0 {
			continue
		}
		if len(g.header) == 0 {
			g.header, g.headerLine = []string{boxLoadName(name, b.title)}, b.line
		}
		row := map[int]string{0: level}
		for _, k := range b.keys {
			j, seen := col[k]
			if !seen {
				j = len(g.header)
				col[k] = j
				g.header = append(g.header, k)
			}
			row[j] = b.values[k]
		}
		rows = append(rows, row)
		g.lines = append(g.lines, b.line)
	}
	if len(rows) < 2 {
		return g, false
	}
	for _, r := range rows {
		row := make([]string, len(g.header))
		for j, v := range r {
			row[j] = v
		}
		g.rows = append(g.rows, row)
	}
	return g, true
}

// boxLoadName names the level's column by the title's load words only: a
// title "RESULTS: 10 Concurrent Users" is the level 10 of "Concurrent
// Users"; the box's own label before a colon or a dash ("RESULTS:",
// "Results —") names the box, not the load. name is the title without its number, which headingLevel
// found to read as a load.
func boxLoadName(name, title string) string {
	h := stripMarkup(title)
	at := headingNumber.FindStringIndex(h)
	if at == nil {
		return strings.Join(strings.Fields(name), " ")
	}
	before, after := h[:at[0]], strings.TrimSpace(h[at[1]:])
	kind := classify(name).kind
	if after != "" && classify(after).kind == kind {
		return strings.Join(strings.Fields(after), " ")
	}
	before = strings.TrimRight(before, " \t:：=-–—")
	if i := strings.LastIndexAny(before, ":：—–|"); i >= 0 {
		_, size := utf8.DecodeRuneInString(before[i:])
		if words := strings.TrimSpace(before[i+size:]); words != "" && classify(words).kind == kind {
			return strings.Join(strings.Fields(words), " ")
		}
	}
	return strings.Join(strings.Fields(name), " ")
}
