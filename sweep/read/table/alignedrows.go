package table

import "strconv"

// Where a console table's columns lie depends on how the tool measured its
// text: tabulate and rich pad a Chinese or Japanese character as two
// columns, pandas (by default) and many scripts as one. Placing cells by
// their position under the header then shifts every cell after a wide
// character into its neighbour's column, a wrong reading. A row with as
// many cells as the header has them in the header's order, however they
// were padded, so only a row with blanks is placed by position.

// placeRow gives a row's tokens their columns: in order when there is one
// per column, else by where they lie (assign).
func placeRow(tokens, cols []span) []string {
	if len(tokens) != len(cols) {
		return assign(tokens, cols)
	}
	cells := make([]string, len(tokens))
	for i, t := range tokens {
		cells[i] = t.text
	}
	return cells
}

// dropFrameIndex drops pandas' index from the rows of a printed frame: a
// first cell before every row's header cells (the header has none over
// it), counting 0, 1, 2 … or 1, 2, 3 … in row order.
func dropFrameIndex(rows [][]span, headerCells int) [][]span {
	if len(rows) == 0 {
		return rows
	}
	from := -1
	for i, r := range rows {
		if len(r) != headerCells+1 {
			return rows
		}
		n, err := strconv.Atoi(r[0].text)
		if i == 0 && err == nil && (n == 0 || n == 1) {
			from = n
		}
		if err != nil || n != from+i {
			return rows
		}
	}
	out := make([][]span, len(rows))
	for i, r := range rows {
		out[i] = r[1:]
	}
	return out
}
