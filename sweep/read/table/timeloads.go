package table

import "fmt"

// A load is a count of requests in flight, or requests a second: never a
// time. A column read as the load by its words whose cells write a time
// ("首token inflight" over "7 ms", "10 ms": the first token's time in the
// in-flight batching mode) measures a latency the words did not name, and
// is no load, whatever word of load its header holds. Nor is a column
// whose cells write a memory size, a power, a temperature or a clock.

// timeValuedLoads sets aside every load column whose numbers all write a
// time unit.
func (r *resolved) timeValuedLoads(g grid) {
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colConcurrency && c.kind != colPerGPU && c.kind != colRequestedRate {
			continue
		}
		if example, ok := everyCellATime(g, i); ok {
			c.kind, c.why = colIgnore, fmt.Sprintf("its cells are times (%q): a latency, not a load", example)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q not read as a load: its cells are times (%q)", g.file, c.header, example))
			continue
		}
		// A memory size, a power, a temperature or a clock ("worker
		// margin" over "~4.1 GiB": the word is a load's, the cells are not).
		if quantityColumn(g, i) {
			example := stripMarkup(firstFilled(g, i))
			c.kind, c.why = colIgnore, fmt.Sprintf("its cells are physical quantities (%q): a reading, not a load", example)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q not read as a load: its cells are physical quantities (%q), not requests", g.file, c.header, example))
		}
	}
}

// everyCellATime: every number of column i writes a time unit, one at least;
// example is the first.
func everyCellATime(g grid, i int) (string, bool) {
	example := ""
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok {
			continue
		}
		if cv.unit == nil || cv.unit.dim != dimTime {
			return "", false
		}
		if example == "" {
			example = cellAt(row, i)
		}
	}
	return example, example != ""
}
