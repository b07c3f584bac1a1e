package table

import (
	"fmt"
	"strconv"
)

// A column of the tensor-parallel size ("TP", "tp_size") that holds one
// value on every row states the GPU count as "TP=8" above the table does:
// one replica over that many GPUs. A data- or pipeline-parallel column
// beside it multiplies the count, and a TP that varies names the series,
// so neither states one.

// tpColumnGPUs is the one tensor-parallel size a column holds on every
// row, and the column's header; 0 when there is none, it varies, or
// another parallelism column multiplies it.
func tpColumnGPUs(g grid) (int, string) {
	tp := -1
	for i, h := range g.header {
		w := wordset(headerTokens(h))
		switch {
		case w.has("dp", "pp", "data", "pipeline", "replicas", "nodes"):
			return 0, ""
		case w.has("tp") || w.has("tensor") && w.has("parallel", "parallelism"):
			if tp >= 0 {
				return 0, ""
			}
			tp = i
		}
	}
	if tp < 0 || len(g.rows) == 0 {
		return 0, ""
	}
	n := 0
	for _, row := range g.rows {
		v, err := strconv.Atoi(cleanCell(cellAt(row, tp)))
		if err != nil || v <= 0 || n > 0 && v != n {
			return 0, ""
		}
		n = v
	}
	return n, fmt.Sprintf("%s = %d on every row", g.header[tp], n)
}
