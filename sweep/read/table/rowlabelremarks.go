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

// otherDimensionLabel: a label's bracket states a unit no curve of rates holds ("GPU
// temp (°C)", "Memory (GiB)", "Power (W)"): the row is a measure of
// another kind, never a curve, whatever the text names the table's values.
func otherDimensionLabel(label string) bool {
	for _, b := range bracketed.FindAllString(stripMarkup(label), -1) {
		if d, _ := headerDimension(strings.ToLower(b)); d >= dimTemperature {
			return true
		}
	}
	return false
}
