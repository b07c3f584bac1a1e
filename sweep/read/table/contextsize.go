package table

import "fmt"

// A load column whose every value is a context size (a multiple of 1024,
// 2048 tokens or more: llama-server's -c of 4,096 per slot scaled with -np,
// vLLM's max-model-len) is a length setting, not the load: no sweep offers
// thousands of requests in flight at every level and never fewer. Only
// beside another load column, which then is the load: a table whose one
// load column holds such values keeps it and says so through the analysis.

// minContextSize is the smallest value read as a context size.
const minContextSize = 2048

// contextSizedLoads turns load columns of context sizes into settings when
// another load column is left.
func (r *resolved) contextSizedLoads(g grid) {
	var sized, others []int
	for i, c := range r.cols {
		if !loadCandidate(c) || c.kind == colRequestedRate {
			continue
		}
		if contextSized(g, i) {
			sized = append(sized, i)
		} else {
			others = append(others, i)
		}
	}
	if len(sized) == 0 || len(others) == 0 {
		return
	}
	for _, i := range sized {
		c := &r.cols[i]
		c.kind, c.flavor = colWorkload, ""
		c.why = "context sizes (multiples of 1024 tokens): a length setting, not the load"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q is not read as the load: its values are context sizes", g.file, c.header))
	}
}

// contextSized: every non-blank cell of column i is a whole multiple of
// 1024 of at least minContextSize (two cells at least).
func contextSized(g grid, i int) bool {
	return everyNumberCell(g, i, func(v cellValue) bool {
		return v.v >= minContextSize && v.v == float64(int64(v.v)) && int64(v.v)%1024 == 0
	})
}
