package table

import "strings"

// A curve's settings stay put while its load moves. A column that, inside
// every curve the other keys name, changes at each row as the load does
// (a `batch_size` of 1, 2, 4, 8 beside a `concurrency` of 8, 16, 32, 64
// for 8 processes) is the load written another way, not a curve of its
// own: keyed by it, every curve would be one row.

// dropLoadFaces leaves out of series each key whose header names a load
// (a batch, a count of users) that tracks the load within the groups the
// other keys make: in every group, each row has its own load and its own
// value of the key, and some group has two rows or more. A key named
// otherwise may track it too (8 processes, each at a batch of 1, 2, 4):
// that one is a setting of the curve, and the load's factor is the batch.
func dropLoadFaces(g grid, load int, series []int) []int {
	if load < 0 || len(series) < 2 {
		return series
	}
	out := append([]int(nil), series...)
	for _, i := range series {
		var rest []int
		for _, j := range out {
			if j != i {
				rest = append(rest, j)
			}
		}
		if len(rest) > 0 && loadKind(classify(g.header[i]).kind) && tracksLoad(g, load, i, rest) {
			out = rest
		}
	}
	return out
}

// tracksLoad: within each group of rows by rest, the load and column i
// each differ on every row, and some group holds two rows or more.
func tracksLoad(g grid, load, i int, rest []int) bool {
	type seen struct{ loads, values map[string]bool }
	groups := map[string]*seen{}
	multi := false
	for _, row := range g.rows {
		var key []string
		for _, j := range rest {
			key = append(key, cellAt(row, j))
		}
		k := strings.Join(key, "\x00")
		s := groups[k]
		if s == nil {
			s = &seen{map[string]bool{}, map[string]bool{}}
			groups[k] = s
		}
		lv, v := strings.TrimSpace(cellAt(row, load)), strings.TrimSpace(cellAt(row, i))
		if s.loads[lv] || s.values[v] {
			return false
		}
		s.loads[lv], s.values[v] = true, true
		multi = multi || len(s.loads) > 1
	}
	return multi
}
