package table

import "fmt"

// constantLoads: a load column that holds one value on every row is no
// load of a sweep, whatever its header says ("threads 8" on each row of a
// llama-bench table, "max_concurrency 64" beside rows of other models): a
// sweep's load changes from level to level. It is read as a setting (a
// series when it varies, which it does not), so the table's load comes from
// another column or is refused by name. Only beside a load column that
// changes (settingBeside): a table of one level whose rows are curves
// keeps its load.
func (r *resolved) constantLoads(g grid) {
	constant := map[int]string{}
	var varying []int
	for i, c := range r.cols {
		if !loadCandidate(c) {
			continue
		}
		if v, ok := constantColumn(g, i); ok {
			constant[i] = v
		} else if distinctLoadValues(g, c, i) >= 2 {
			varying = append(varying, i)
		}
	}
	for i := range r.cols {
		c := &r.cols[i]
		v, ok := constant[i]
		if !ok || !r.settingBeside(i, varying) {
			continue
		}
		c.kind, c.flavor = colWorkload, ""
		c.why = fmt.Sprintf("%s on every row: a setting, not the load of a sweep", v)
		r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: it is %s on every row", g.file, c.header, v))
	}
}

// settingBeside: constant column i is a setting beside one of the varying
// load columns. Not when i names no flavor and the varying one is the
// configured level: then i is the concurrency measured at each level
// (guidellm's "Concurrency" of 1.00 at every concurrent@N: the server
// serialised them), which concurrencyFlavors reads as achieved.
func (r *resolved) settingBeside(i int, varying []int) bool {
	for _, v := range varying {
		if r.cols[i].flavor == "" && r.cols[v].flavor == "configured" {
			continue
		}
		return true
	}
	return false
}

// constantColumn: column i holds one number on every row (two rows at
// least, none blank or other), and that number as written.
func constantColumn(g grid, i int) (string, bool) {
	first, n := "", 0
	var v0 float64
	for _, row := range g.rows {
		cell := cleanCell(cellAt(row, i))
		v, ok, err := parseCell(cell)
		if err != nil || !ok {
			return "", false
		}
		if n == 0 {
			first, v0 = cell, v.v
		} else if v.v != v0 {
			return "", false
		}
		n++
	}
	return first, n >= 2
}

// loadCandidate: a column that may be the load of a sweep.
func loadCandidate(c column) bool {
	switch c.kind {
	case colConcurrency:
		return c.flavor != "measured"
	case colPerGPU, colRequestedRate:
		return true
	case colRequestRate:
		return c.flavor == "requested"
	}
	return false
}

// distinctNumbers counts the different numbers column i holds ("inf" and
// text are none).
func distinctNumbers(g grid, i int) int {
	seen := map[float64]bool{}
	for _, row := range g.rows {
		if v, ok, err := parseCell(cleanCell(cellAt(row, i))); err == nil && ok {
			seen[v.v] = true
		}
	}
	return len(seen)
}

// distinctLoadValues counts the distinct numbers column i holds read as the
// load reads them: "c=16", "P8", "×4" are the levels 16, 8 and 4.
func distinctLoadValues(g grid, c column, i int) int {
	seen := map[float64]bool{}
	for _, row := range g.rows {
		if _, v, ok, err := cellNumber(c, cellAt(row, i)); err == nil && ok {
			seen[v.v] = true
		}
	}
	return len(seen)
}
