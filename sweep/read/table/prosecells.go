package table

import (
	"fmt"
	"regexp"
	"strings"
)

// A decision table or a report writes its values inside sentences: "79.6
// tok/s fresh matched; 75.3 prior operational", "PASS, exact, cold". Such a
// cell is read only when it holds exactly one number written with a unit
// of the column's kind (a time under a latency, a token rate under a
// throughput): that number is the value, the rest is the author's remark.
// Two such numbers ("1,382 tok/s @8k; 1,315 tok/s @64k") are two values,
// and the cell is refused naming them; a cell that says the level failed,
// or writes a spread (±), is never read this way.

// unitedNumber is a number and the unit right after it, inside prose.
var unitedNumber = regexp.MustCompile(`(?:^|[^\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?([a-zA-Zµ]+(?:/[a-zA-Z]+)?)`)

// sharedUnitPair is two numbers around a slash with one unit after the
// second: "126 / 141 ms" under "Mean TTFT selective/control" is both
// curves' values, the unit written once; the 141 ms alone is not the cell.
var sharedUnitPair = regexp.MustCompile(`(?:^|[^\w.,])\d[\d.,]*\s*[/／]\s*\d[\d.,]*\s?([a-zA-Zµ]+(?:/[a-zA-Z]+)?)`)

// spanUnitPair is a range or a change with one unit after its second
// value: "141–146 tok/s", "32 → 32.4 tok/s". The 146 tok/s alone is
// neither the cell's value nor a measurement of its own.
var spanUnitPair = regexp.MustCompile(`(?:^|[^\w.,])\d[\d.,]*\s*(?:[–—~〜-]|→|->)\s*\d[\d.,]*\s?([a-zA-Zµ]+(?:/[a-zA-Z]+)?)`)

// sharedUnitIn is the first pair of values the cell writes sharing one
// unit of want's dimension ("126 / 141 ms"), or "".
func sharedUnitIn(cell string, want dimension) string {
	for _, m := range sharedUnitPair.FindAllStringSubmatch(cell, -1) {
		if u, ok := parseUnit(m[1]); ok && u.dim == want {
			return strings.TrimSpace(m[0])
		}
	}
	return ""
}

// spansValues: the cell writes a range or a change of values in want's
// unit.
func spansValues(cell string, want dimension) bool {
	for _, m := range spanUnitPair.FindAllStringSubmatch(cell, -1) {
		if u, ok := parseUnit(m[1]); ok && u.dim == want {
			return true
		}
	}
	return false
}

// proseValue finds the one value of dimension want in a prose cell; ok is
// false when the cell is not such prose (the cell's own error stands).
func proseValue(cell string, want dimension) (cellValue, bool, error) {
	if want == dimNone || strings.Contains(cell, "±") || saysFailed(strings.ToLower(cell)) || spansValues(cell, want) {
		// A range or a change ("141–146 tok/s"): the cell's own error stands.
		return cellValue{}, false, nil
	}
	if pair := sharedUnitIn(cell, want); pair != "" {
		return cellValue{}, false, fmt.Errorf("%q holds two values sharing one unit (%s): knee reads a value out of prose only when the cell holds one", cell, pair)
	}
	var found []string
	for _, m := range unitedNumber.FindAllStringSubmatch(cell, -1) {
		if u, ok := parseUnit(m[2]); ok && u.dim == want {
			found = append(found, m[1]+" "+m[2])
		}
	}
	switch len(found) {
	case 0:
		return cellValue{}, false, nil
	case 1:
		cv, ok, err := parseCell(found[0])
		return cv, ok && err == nil, nil
	}
	return cellValue{}, false, fmt.Errorf("%q holds %d values in %s (%s): knee reads a value out of prose only when the cell holds one", cell, len(found), want, strings.Join(found, ", "))
}

func saysFailed(low string) bool {
	for _, w := range failedWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}
