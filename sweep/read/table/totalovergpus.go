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

// totalOverGPUs reads, beside a per-GPU throughput and no node
// throughput, a "total" of the same rate that is a whole multiple of it
// on every row as the node's throughput.
func (r *resolved) totalOverGPUs(g grid) {
	per := kindIndex(r.cols, colThroughputPerGPU)
	if per < 0 || r.has(colThroughput) || len(g.rows) < 2 {
		return
	}
	name := sameRateName(r.cols[per].header)
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colOtherTokRate || c.flavor != "total" || name == "" || sameRateName(c.header) != name {
			continue
		}
		n := wholeMultiple(g, r.cols, i, per, withinDigits)
		if n < 2 {
			continue
		}
		c.kind, c.why, c.flavor = colThroughput, "", "aggregate"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q is %d × %q on every row: the node's total of that rate, read as the throughput, %q as its share per GPU", g.file, c.header, n, r.cols[per].header, r.cols[per].header))
		return
	}
}
