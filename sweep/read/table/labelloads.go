package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A load written inside a row's label: llama-benchy's "tg4096 (c5)", a
// test named "chat C=8", "run conc 16". One label per row, each holding
// one load marker whose number changes from row to row, is the table's
// load when no column is: the number becomes a concurrency column, and
// what is left of the label stays as the row's name.

// labelLoad finds one load marker in a label: a load word (c, conc,
// concurrency, users, clients, workers, np, parallel, bs, batch) then a
// number, "=" or ":" between them or nothing, standing apart from the
// label's other words.
var labelLoad = regexp.MustCompile(`(?i)(^|[\s(\[,;/|])(c|conc|concurrency|users?|clients?|workers?|np|parallel|bs|batch)\s*[=:]?\s*(\d+)\b`)

// labelLoads adds the concurrency column a label column holds, when the
// table has no load column.
func labelLoads(g *grid) []string {
	if loadColumn(classifyAll(g.header)) >= 0 {
		return nil
	}
	for i := range g.header {
		loads, rest, ok := labelColumnLoads(g, i)
		if !ok {
			continue
		}
		label := strings.TrimSpace(stripMarkup(g.header[i]))
		first := strings.TrimSpace(stripMarkup(cellAt(g.rows[0], i)))
		for r, row := range g.rows {
			grown := make([]string, len(g.header)+1)
			copy(grown, row)
			grown[i], grown[len(g.header)] = rest[r], loads[r]
			g.rows[r] = grown
		}
		g.header = append(g.header, fmt.Sprintf("concurrency (in %s)", label))
		notes := []string{fmt.Sprintf("%s: the load read from the labels of %q (%q: %s in flight, …): one level per row, the number after the load word", g.file, label, first, loads[0])}
		return append(notes, mergePhaseRows(g, len(g.header)-1, i)...)
	}
	return nil
}

// labelColumnLoads reads column i's labels: each non-blank one with
// exactly one load marker, and two levels or more among them. loads and
// rest are per row: the number, and the label without its marker.
func labelColumnLoads(g *grid, i int) (loads, rest []string, ok bool) {
	if classify(g.header[i]).key() != "" {
		return nil, nil, false
	}
	levels := map[string]bool{}
	for _, row := range g.rows {
		// Not cleanCell: it drops a bracketed tail, where the load is
		// ("pp256 (c1)").
		cell := strings.TrimSpace(stripMarkup(cellAt(row, i)))
		if _, isNum, _ := parseCell(cleanCell(cell)); isNum {
			return nil, nil, false
		}
		m := labelLoad.FindAllStringSubmatchIndex(cell, -1)
		if len(m) != 1 {
			return nil, nil, false
		}
		n := cell[m[0][6]:m[0][7]]
		levels[n] = true
		loads = append(loads, n)
		rest = append(rest, labelWithoutLoad(cell, m[0]))
	}
	return loads, rest, len(levels) >= 2
}

// labelWithoutLoad is a label with its load marker taken out, and the
// brackets that held only the marker: "tg4096 (c5)" → "tg4096".
func labelWithoutLoad(cell string, m []int) string {
	s := cell[:m[4]] + cell[m[7]:]
	s = strings.NewReplacer("( )", "", "()", "", "[ ]", "", "[]", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}
