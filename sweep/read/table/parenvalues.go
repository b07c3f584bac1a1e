package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A header that names two quantities, one in brackets ("8B QPS (offered
// tok/s)"), over cells that write two numbers the same way ("2 (256)"),
// gives each row a value and, in brackets, the same setting restated in
// another unit (the offered request rate and the token rate it offers).
// The brackets of a header usually hold the unit of its values ("TTFT
// (ms)"); here they name a quantity of their own, which the cells' own
// brackets hold. The first value is read under the first name; the
// restatement is left unread, since a token rate offered is no rate served.

var (
	parenHeader = regexp.MustCompile(`^(.*\S)\s*\(([^()]+)\)\s*$`)
	parenCell   = regexp.MustCompile(`^([\d.,]+)\s*\(\s*[\d.,]+\s*\)$`)
)

// splitParenValues reads such columns by their first name and value.
func splitParenValues(g *grid) []string {
	var notes []string
	for i, h := range g.header {
		m := parenHeader.FindStringSubmatch(strings.TrimSpace(stripMarkup(h)))
		if m == nil {
			continue
		}
		if !everyFilledCell(*g, i, markupFree, parenCell.MatchString) {
			continue
		}
		name := m[1]
		if unit, inner, ok := bracketsSayParens(m[2]); ok {
			// "(aggregate tok/s, per-request in parens)": the bracket
			// names the values' unit and what the cells' brackets hold.
			name, m[2] = m[1]+" ("+unit+")", inner
		} else if first, second := classify(m[1]), classify(m[2]); first.key() == "" || second.key() == "" || first.key() == second.key() {
			continue
		}
		for _, row := range g.rows {
			if c := markupFree(cellAt(row, i)); i < len(row) && !isBlank(c) {
				row[i] = parenCell.FindStringSubmatch(c)[1]
			}
		}
		g.header[i] = name
		notes = append(notes, fmt.Sprintf("%s: %q holds a value and, in brackets, its %s: read as %q; the bracketed values not read", g.file, h, m[2], name))
	}
	return notes
}

// parensSay is a header's bracket naming its values' unit, then what the
// cells' own brackets hold: "aggregate tok/s, per-request in parens".
var parensSay = regexp.MustCompile(`(?i)^(.*?\S)\s*[,;]\s*(.*?\S)\s+in\s+(?:parens|parentheses|brackets)$`)

// bracketsSayParens splits such a bracket into the unit and what the
// cells' brackets hold; ok false for any other.
func bracketsSayParens(b string) (unit, inner string, ok bool) {
	m := parensSay.FindStringSubmatch(strings.TrimSpace(b))
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// markupFree is a cell without its markup, its brackets kept (cleanCell
// drops a bracketed remark).
func markupFree(c string) string { return strings.TrimSpace(stripMarkup(c)) }
