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

// proseValue finds the one value of dimension want in a prose cell; ok is
// false when the cell is not such prose (the cell's own error stands).
func proseValue(cell string, want dimension) (cellValue, bool, error) {
	low := strings.ToLower(cell)
	if want == dimNone || strings.Contains(cell, "±") || saysFailed(low) {
		return cellValue{}, false, nil
	}
	for _, m := range sharedUnitPair.FindAllStringSubmatch(cell, -1) {
		if u, ok := parseUnit(m[1]); ok && u.dim == want {
			return cellValue{}, false, fmt.Errorf("%q holds two values sharing one unit (%s): knee reads a value out of prose only when the cell holds one", cell, strings.TrimSpace(m[0]))
		}
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
