package table

import "strings"

// A configuration is often written in several columns that say one thing:
// "precision | model_id | effective_dtype" holds "W8A16 |
// …-quantized.w8a16 | w8a16" on every row of that curve. Each column splits
// the rows as the first does, so the curves are told apart by the first
// alone: naming them by all five ("W8A16 / RedHatAI/… / w8a16 / auto /
// compressed-tensors") says nothing more and makes --series hard to write.

// dropEchoColumns keeps of the series columns only those that split the
// rows further than the columns kept before them: a column whose value
// follows from a kept one's ("auto" for both W8A16 and W4A16) tells no
// rows apart that it does not.
func dropEchoColumns(g grid, series []int) []int {
	var kept []int
	for _, j := range series {
		echo := false
		for _, i := range kept {
			echo = echo || determines(g, i, j)
		}
		if !echo {
			kept = append(kept, j)
		}
	}
	return kept
}

// determines: each value of column i comes with one value of column j.
func determines(g grid, i, j int) bool {
	ij := map[string]string{}
	for _, row := range g.rows {
		a, b := cellAt(row, i), cellAt(row, j)
		if v, ok := ij[a]; ok && v != b {
			return false
		}
		ij[a] = b
	}
	return true
}

// namingColumns are the series columns that name the curves: those
// dropEchoColumns keeps, unless pick names a curve only by all of them
// ("1x8 / T3K / performance", as knee once named it), which it still reads.
func namingColumns(g grid, series []int, pick string) []int {
	kept := dropEchoColumns(g, series)
	if pick == "" || len(kept) == len(series) || picksAny(g, kept, pick) || !picksAny(g, series, pick) {
		return kept
	}
	return series
}

// picksAny: pick names some row's series by columns cols.
func picksAny(g grid, cols []int, pick string) bool {
	for _, row := range g.rows {
		parts := make([]string, len(cols))
		for j, i := range cols {
			parts[j] = cellAt(row, i)
		}
		if rowMatches(row, cols, strings.Join(parts, " / "), pick) {
			return true
		}
	}
	return false
}
