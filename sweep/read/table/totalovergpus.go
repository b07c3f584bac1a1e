package table

import (
	"fmt"
	"regexp"
	"strings"
)

// "Total TPS" beside "TPS/GPU": "total" there is the node's total of the
// rate the other column gives per GPU, not vLLM's input + output, when
// the two name the same rate and the total is, on every row and within
// the rounding of the printed digits, one whole multiple of the per-GPU
// figure: the per-GPU column was divided from it by a count. Whatever
// tokens the rate counts, the total counts the same ones as the per-GPU
// rate already read as the throughput, summed over the node, so it is the
// node's throughput, and no GPU count need be taken from the text (which
// may state another: a multiple the text contradicts is no count knee
// takes, pergputotal.go).

// perGPUWords are the words that make a rate per GPU: "/GPU", "per GPU",
// "(/GPU)".
var perGPUWords = regexp.MustCompile(`(?i)[(（]?\s*(?:/\s*|\bper\s+)(?:gpu|npu|chip|device|card)s?\b\s*[)）]?`)

// totalWord is the word that makes a rate the node's.
var totalWord = regexp.MustCompile(`(?i)\btotal\b`)

// sameRateName is a rate's header with the words that make it per GPU or
// total taken out, lower-cased: "TPS/GPU" and "Total TPS" are both "tps".
func sameRateName(h string) string {
	h = perGPUWords.ReplaceAllString(stripMarkup(h), " ")
	h = totalWord.ReplaceAllString(h, " ")
	return strings.ToLower(strings.Join(strings.Fields(h), " "))
}

// numbersIn counts the rows of g whose cell in column i is a number.
func numbersIn(g grid, i int) int {
	n := 0
	for _, row := range g.rows {
		if _, ok := positiveCell(row, i); ok {
			n++
		}
	}
	return n
}

// totalOverGPUs reads, beside a per-GPU throughput and no node
// throughput, a "total" of the same rate that is a whole multiple of it
// on every row as the node's throughput.
func (r *resolved) totalOverGPUs(g grid) {
	per := kindIndex(r.cols, colThroughputPerGPU)
	if per < 0 || len(g.rows) < 2 {
		return
	}
	lone := -1
	for i, c := range r.cols {
		if c.kind != colThroughput {
			continue
		}
		if lone >= 0 || numbersIn(g, i) >= 2 {
			return
		}
		lone = i
	}
	name := sameRateName(r.cols[per].header)
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colOtherTokRate || c.flavor != "total" || name == "" || sameRateName(c.header) != name {
			continue
		}
		// The two name one rate, so a share rounded coarser than its digits
		// say ("78.0" of 623.57 ÷ 8 = 77.95, divided before the total was
		// rounded) is still the total's share.
		n := wholeMultiple(g, r.cols, i, per, withinDigits)
		if n < 2 {
			n = wholeMultiple(g, r.cols, i, per, withinShare)
		}
		if n < 2 {
			continue
		}
		c.kind, c.why, c.flavor = colThroughput, "", "aggregate"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q is %d × %q on every row: the node's total of that rate, read as the throughput, %q as its share per GPU", g.file, c.header, n, r.cols[per].header, r.cols[per].header))
		if lone >= 0 {
			// A rate printed at one level only ("decode tok/s" 51.4 at one
			// stream, "—" above) measured no sweep: the total beside it,
			// printed at every level, is the sweep's rate.
			l := &r.cols[lone]
			l.kind, l.why = colOtherTokRate, "printed at one level only: no sweep's rate"
			r.notes = append(r.notes, fmt.Sprintf("%s: %q holds a number at one level only: set aside for %q, printed at every level", g.file, l.header, c.header))
		}
		return
	}
}
