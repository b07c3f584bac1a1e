package table

// A box-drawn console table (rich's, which guidellm 0.1 prints) wraps a
// cell too wide for its column onto the box's next line: the row goes on
// with its other cells blank ("│ │ │ 1596.4 │ │"). Such a line is no row of
// its own: its text ends the cells above it. A line is a continuation when
// its first cell (the row's name) is blank, each of its cells sits under a
// filled cell, and some filled cell above has nothing under it: a row whose
// name is written once per group fills every cell.

// joinWrappedRows joins each continuation line of g's rows into the row
// above it, which keeps its own source line.
func joinWrappedRows(g *grid) {
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		if n := len(rows); n > 0 && continues(rows[n-1], row) {
			rows[n-1] = joinCells(rows[n-1], row)
			continue
		}
		rows = append(rows, row)
		lines = append(lines, g.lines[r])
	}
	g.rows, g.lines = rows, lines
}

// continues: row goes on the cells of above (see the file comment).
func continues(above, row []string) bool {
	if len(row) < 2 || len(row) != len(above) || row[0] != "" {
		return false
	}
	filled, partial := 0, false
	for j := 1; j < len(row); j++ {
		switch {
		case row[j] != "" && above[j] == "":
			return false
		case row[j] != "":
			filled++
		case above[j] != "":
			partial = true
		}
	}
	return filled > 0 && partial
}

func joinCells(above, row []string) []string {
	out := append([]string(nil), above...)
	for j, c := range row {
		if c != "" {
			out[j] += " " + c
		}
	}
	return out
}
