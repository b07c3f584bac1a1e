package table

import (
	"regexp"
	"slices"
	"strings"
)

// guidellm's live progress panel, as people paste it once the run ends,
// prints two lines per benchmark (one per level), each a list of values
// that write their unit or name after the number:
//
//	│ [16:38:55]   100% concurrent@1  (complete)   Req:    0.2 req/s,    3.99s Lat,     1.0 Conc,       8 Comp,  …  │
//	│                                              Tok:   32.9 gen/s,  101.7 tot/s, 572.0ms TTFT,   26.9ms ITL,  …  │
//
// Each benchmark becomes a row: its name ("concurrent@1", "constant@2.5",
// "synchronous") is the row's label, which profilerows.go reads as its
// level, and each value a column named by guidellm's abbreviation spelled
// out (panelNames).

// panelReq is a benchmark's first line: time, progress, name, state, the
// request values.
var panelReq = regexp.MustCompile(`^(?:\[[\d:]+\]\s+)?(?:\d+%\s+)?([a-z_]+(?:@[\d.]+)?)\s*(?:\([a-z ]+\))?\s+Req:\s*(.+)$`)

// panelTok is its second line: the token values.
var panelTok = regexp.MustCompile(`^Tok:\s*(.+)$`)

// panelValue is one value: the number, a unit written onto it ("3.99s",
// "572.0ms") or a rate unit after it ("0.2 req/s"), then its name.
var panelValue = regexp.MustCompile(`^(\d[\d,]*(?:\.\d+)?)(ms|s)?\s*(\S*)$`)

// panelNames spells out the panel's abbreviations as the headers the role
// table knows; the unit stays the panel's own. "Inc" (requests still in
// flight when the benchmark's time ran out, cancelled) is neither a success
// nor a failure, and is not read.
var panelNames = map[string]string{
	"req/s": "Request rate (req/s)", "lat": "Mean request latency", "conc": "Mean concurrency (measured)",
	"comp": "Completed requests", "err": "Failed requests",
	"gen/s": "Output token throughput (tok/s)", "tot/s": "Total token throughput (tok/s)",
	"ttft": "Mean TTFT", "itl": "Mean ITL", "prompt": "Mean input tokens", "gen": "Mean output tokens",
}

// looksGuidellmPanel: the window holds a benchmark's two panel lines.
func looksGuidellmPanel(window []byte) bool {
	rows := panelRows(string(window))
	return len(rows) > 0
}

// panelRow is one benchmark of the panel: its name, its line, its values
// by header.
type panelRow struct {
	name   string
	line   int
	values map[string]string
}

// panelRows reads the panel's benchmarks, each with both its lines.
func panelRows(text string) []panelRow {
	var rows []panelRow
	var cur *panelRow
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(strings.Trim(strings.TrimSpace(raw), "│┃|"))
		if m := panelReq.FindStringSubmatch(line); m != nil {
			rows = append(rows, panelRow{name: m[1], line: i + 1, values: map[string]string{}})
			cur = &rows[len(rows)-1]
			cur.add(m[2])
			continue
		}
		if m := panelTok.FindStringSubmatch(line); m != nil && cur != nil {
			cur.add(m[1])
			cur = nil
		}
	}
	out := rows[:0]
	for _, r := range rows {
		if len(r.values) > 0 {
			out = append(out, r)
		}
	}
	return out
}

// add reads a line's comma-separated values into the row; a value the
// panel names in no way knee knows is left out.
func (r *panelRow) add(list string) {
	for _, item := range strings.Split(list, ",") {
		m := panelValue.FindStringSubmatch(strings.TrimSpace(item))
		if m == nil {
			continue
		}
		name, ok := panelNames[strings.ToLower(m[3])]
		if !ok {
			continue
		}
		if m[2] != "" {
			name += " (" + m[2] + ")"
		}
		r.values[name] = m[1]
	}
}

// panelGrid is the panel as a table: a row per benchmark, a column per
// value in the order first seen; false when there is no benchmark.
func panelGrid(path, text string) (grid, bool) {
	rows := panelRows(text)
	if len(rows) == 0 {
		return grid{}, false
	}
	g := grid{file: path, header: []string{"Benchmark"}, headerLine: rows[0].line}
	col := map[string]int{}
	for _, r := range rows {
		for _, h := range panelOrder(r.values) {
			if _, seen := col[h]; !seen {
				col[h] = len(g.header)
				g.header = append(g.header, h)
			}
		}
	}
	for _, r := range rows {
		row := make([]string, len(g.header))
		row[0] = r.name
		for h, v := range r.values {
			row[col[h]] = v
		}
		g.rows = append(g.rows, row)
		g.lines = append(g.lines, r.line)
	}
	return g, true
}

// panelOrder is a row's headers sorted, so the columns come out in the
// same order on every run.
func panelOrder(values map[string]string) []string {
	var hs []string
	for h := range values {
		hs = append(hs, h)
	}
	slices.Sort(hs)
	return hs
}
