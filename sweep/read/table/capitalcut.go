package table

import (
	"unicode"
	"unicode/utf8"
)

// A flattened header's words can often be cut into columns in several
// ways that all read the same: "Concurrent requests Aggregate output
// tok/s" over rows of two numbers is "Concurrent | requests Aggregate
// output tok/s", "Concurrent requests | Aggregate output tok/s" or
// "Concurrent requests Aggregate | output tok/s", and every one is the
// concurrency then the throughput. Where every cut knee accepts gives
// each column the same reading, what knee reads is settled whatever the
// cut, and only the names are left to choose. Those come from the way a
// header cell is written: a cell starts with a capital (or a digit or a
// sign), and a lower-case word inside a header continues the cell before
// it. The cut whose every column starts so names them; where none or
// several do, the header stays refused as before. Capitals never decide
// what a column is, only what it is called.

// maxAgreeingCuts bounds the cuts collected: more than this many readings
// of one header is no header to name.
const maxAgreeingCuts = 64

// capitalCut is the one cut among found (each accepted) whose columns all
// start with a capital, when every cut reads each column the same.
func capitalCut(found [][]string) ([]string, bool) {
	if len(found) < 2 || len(found) > maxAgreeingCuts {
		return nil, false
	}
	for _, cols := range found[1:] {
		if !sameReading(found[0], cols) {
			return nil, false
		}
	}
	var pick []string
	n := 0
	for _, cols := range found {
		if allStartCapital(cols) {
			pick, n = cols, n+1
		}
	}
	return pick, n == 1
}

// sameReading: two cuts give every column the same kind, metric and
// statistic.
func sameReading(a, b []string) bool {
	for i := range a {
		ca, cb := classify(a[i]), classify(b[i])
		if ca.kind != cb.kind || ca.metric != cb.metric || ca.stat != cb.stat || ca.flavor != cb.flavor {
			return false
		}
	}
	return true
}

// allStartCapital: every column's first letter is upper case, or it starts
// with a digit or a sign rather than a letter.
func allStartCapital(cols []string) bool {
	for _, c := range cols {
		r, _ := utf8.DecodeRuneInString(c)
		if unicode.IsLetter(r) && !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}
