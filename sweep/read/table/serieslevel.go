package table

// seriesLevel is the column whose values are the rows' levels when telling
// curves apart: the load column, unless that is a concurrency the run
// measured (sglang's "Concurrency: 514.76" under "Traffic request rate:
// 32") beside an offered rate set on every row. Two arms run at one
// offered rate then reach different concurrencies; read by those, their
// rows never share a level, and two curves would pass for one.
func seriesLevel(g grid, cols []column) int {
	load := loadColumn(cols)
	if load < 0 || cols[load].kind != colConcurrency || cols[load].flavor == "configured" {
		return load
	}
	for i, c := range cols {
		if c.kind == colRequestedRate && everyFiniteRate(g, i) {
			return i
		}
	}
	return load
}

// everyFiniteRate: each row of column i offers a finite rate.
func everyFiniteRate(g grid, i int) bool {
	for _, row := range g.rows {
		v := cleanCell(cellAt(row, i))
		if isBlank(v) || infiniteRate(v) {
			return false
		}
		if _, ok, err := parseCell(v); !ok || err != nil {
			return false
		}
	}
	return len(g.rows) > 0
}
