package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A workload label is often spelt in full on its first row and short below
// it: "1k in / 1k out", then "1k / 1k". The direction words beside the
// lengths say nothing the order does not, so both spellings are one
// workload, never a series of one row beside the rest of its curve.

// lengthDirection is a length with its direction word after it ("1k in",
// "128 output") or before it ("in 1k", "output: 128").
var lengthDirection = regexp.MustCompile(`(?i)\b(\d+(?:\.\d+)?[km]?)\s*(?:in|input|out|output)\b|\b(?:in|input|out|output)[:=]?\s*(\d+(?:\.\d+)?[km]?)\b`)

// bareLengths drops the direction words beside a label's lengths.
func bareLengths(label string) string {
	return strings.Join(strings.Fields(lengthDirection.ReplaceAllString(stripMarkup(label), "$1$2")), " ")
}

// sameLengthLabels rewrites column i's labels spelt with direction words to
// the bare spelling the column also holds ("1k in / 1k out" → "1k / 1k");
// labels with no bare twin stay as written.
func sameLengthLabels(g *grid, i int) []string {
	bare := map[string]string{}
	for _, row := range g.rows {
		if v := stripMarkup(cellAt(row, i)); v != "" && bareLengths(v) == v {
			bare[strings.ToLower(v)] = v
		}
	}
	var notes []string
	for _, row := range g.rows {
		v := stripMarkup(cellAt(row, i))
		b := bareLengths(v)
		twin, ok := bare[strings.ToLower(b)]
		if b == v || !ok || i >= len(row) {
			continue
		}
		row[i] = twin
		if note := fmt.Sprintf("%s: %q read as the workload %q written below it without the direction words", g.file, v, twin); !slices.Contains(notes, note) {
			notes = append(notes, note)
		}
	}
	return notes
}
