package table

import (
	"regexp"
	"strings"
)

// A row's label may carry a remark in brackets: "9b continuous cohort
// (after the single-sync change)". The remark says when or why; the words
// outside it name the row. Read for its role, "change" in the remark would
// make the row a ratio's and drop a curve.

// bracketed is a remark in round brackets.
var bracketed = regexp.MustCompile(`\s*[(（][^()（）]*[)）]`)

// outsideBrackets is a label without its bracketed remarks, or the label
// when nothing is outside them.
func outsideBrackets(label string) string {
	if out := strings.TrimSpace(bracketed.ReplaceAllString(label, "")); out != "" {
		return out
	}
	return label
}
