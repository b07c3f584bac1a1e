package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A comparison may label each value inside its cell, one line per system:
//
//	| 並發請求數 | 總吞吐量 tokens/sec |
//	| 5 | Router: 333.11<br>VLLM: 375.47 |
//
// Every cell of the column names the same systems in the same order, each
// before its value: a perf engineer reads one column per system ("Router
// 總吞吐量 tokens/sec", "VLLM 總吞吐量 tokens/sec"), which the series pass
// then offers as curves, as curvepaircells.go reads names written once in
// the header.

// cellLabelValue is one "Name: value" of a labelled cell.
var cellLabelValue = regexp.MustCompile(`([^\s:：<>;,|][^:：<>;|]{0,30}?)\s*[:：]\s*(-?\d[\d.,]*(?:\s*[A-Za-z%/]+)?)`)

// cellLabelGap is what may stand between a labelled cell's values.
var cellLabelGap = regexp.MustCompile(`^(?:\s|<br\s*/?>|[;,/|])*$`)

// splitLabelledCells splits every column whose cells each name the same
// systems before their values.
func splitLabelledCells(g *grid) []string {
	var notes []string
	for i := 0; i < len(g.header); i++ {
		names, ok := labelledColumn(*g, i)
		if !ok {
			continue
		}
		whole := g.header[i]
		split := make([]string, len(names))
		for j, n := range names {
			split[j] = n + " " + whole
		}
		replaceColumn(g, i, split, func(raw string) []string {
			_, v, _ := labelledValues(strings.TrimSpace(raw))
			return v
		})
		notes = append(notes, fmt.Sprintf("%s: %q labels one value per system in each cell: read as %s", g.file, stripMarkup(whole), quoteAll(split)))
		i += len(names) - 1
	}
	return notes
}

// labelledColumn is the names every filled cell of column i labels, in
// order; false unless there are two or more, the same in every cell, each
// naming a system rather than a metric, a statistic or a side of one value.
func labelledColumn(g grid, i int) ([]string, bool) {
	var names []string
	filled := 0
	for _, row := range g.rows {
		c := strings.TrimSpace(cellAt(row, i))
		if isBlank(cleanCell(c)) {
			continue
		}
		n, _, ok := labelledValues(c)
		if !ok || names != nil && strings.Join(n, "\x00") != strings.Join(names, "\x00") {
			return nil, false
		}
		names = n
		filled++
	}
	if filled < 2 || len(names) < 2 {
		return nil, false
	}
	seen := map[string]bool{}
	for _, n := range names {
		low := strings.ToLower(n)
		if seen[low] || curvePairNotNames.has(low) || !namesSystem(classify(n)) || statOnly(low) {
			return nil, false
		}
		seen[low] = true
	}
	return names, true
}

// labelledValues reads a cell as "Name: value" pairs and nothing else
// between them but line breaks and separators.
func labelledValues(c string) (names, values []string, ok bool) {
	at := 0
	for _, m := range cellLabelValue.FindAllStringSubmatchIndex(c, -1) {
		if !cellLabelGap.MatchString(c[at:m[0]]) {
			return nil, nil, false
		}
		names = append(names, strings.TrimSpace(stripMarkup(c[m[2]:m[3]])))
		values = append(values, strings.TrimSpace(c[m[4]:m[5]]))
		at = m[1]
	}
	if !cellLabelGap.MatchString(c[at:]) || len(names) < 2 {
		return nil, nil, false
	}
	return names, values, true
}

// namesSystem: a label that names what ran (an engine, a router, a model,
// an accelerator), never a quantity.
func namesSystem(c column) bool {
	switch c.kind {
	case colSeriesLabel, colModel, colAccelerator:
		return true
	}
	return saysNothing(c)
}
