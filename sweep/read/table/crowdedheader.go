package table

import "strings"

// A script that pads its numbers wider than its names may print the header
// with one space between names where the rows get two or more ("out_tok/s
// tpot_ms_mean tpot_ms_p99 ttft_ms_p99 req/s" over "3255.3  18.58  19.15
// 1644.4  3.18"): split at wide gaps, the header holds one cell over four
// columns of numbers, and the metrics in it would read as one. Where every
// row has as many cells as the header has words, and a header cell's words
// stand over as many cells of the rows, each word heads its cell.

// splitCrowdedHeader is head with each cell of several words split over
// the row cells under it; head as it is unless every row and the header's
// words agree.
func splitCrowdedHeader(head []span, rows [][]span) []span {
	if len(rows) == 0 || len(rows[0]) <= len(head) {
		return head
	}
	n, words := len(rows[0]), 0
	for _, r := range rows {
		if len(r) != n {
			return head
		}
	}
	for _, h := range head {
		words += len(strings.Fields(h.text))
	}
	if words != n {
		return head
	}
	out := make([]span, 0, n)
	for _, h := range head {
		ws := strings.Fields(h.text)
		under := rows[0][len(out) : len(out)+len(ws)]
		if len(ws) > 1 && !underCell(h, under) {
			return head
		}
		for j, w := range ws {
			if len(ws) == 1 {
				out = append(out, h)
				continue
			}
			out = append(out, span{w, under[j].start, under[j].end})
		}
	}
	return out
}

// underCell: the row cells lie under header cell h, from its start to
// its end (a gap's width of slack each side).
func underCell(h span, cells []span) bool {
	const slack = 2
	return cells[0].end > h.start-slack && cells[len(cells)-1].start < h.end+slack
}
