package table

import (
	"slices"
	"strings"
)

// A column of remarks ("stationary", "complete 09:18 UTC", "POST-KNEE
// (saturated)") is text some values of which are one row's own: no curve
// of one point is a curve. Beside a label
// column that already tells the rows of one level apart ("agg KV", "agg
// RR"), it names no curve: keyed by it, every row would be a curve of one
// point. So it is left out of the series key, as a notes column is.

// dropRemarkColumns leaves out of series each unnamed column with a value
// only one row holds, while the other columns of the key still tell every
// row of one level apart.
func dropRemarkColumns(g grid, cols []column, series []int, load int) []int {
	out := slices.Clone(series)
	for _, i := range series {
		k := cols[i].kind
		// A request length is a stated setting, no remark, even where
		// one of its values is one row's own (a single 8K run beside the
		// 128K curve), so long as another recurs: lengths that never
		// recur (63488, 15872, 456 output tokens) were counted, not set;
		// nor do lengths that recur only at one level (1039 output tokens
		// at concurrency 1 under two contexts): a setting holds through a
		// curve's levels.
		if k == colSeriesLabel || k == colModel || k == colAccelerator || workloadSetting(cols[i]) && valueRecursAcrossLevels(g, i, load) || everyValueRecurs(g, i) {
			continue
		}
		rest := slices.DeleteFunc(slices.Clone(out), func(j int) bool { return j == i })
		if len(rest) > 0 && rowsApartBy(g, rest, load) {
			out = rest
		}
	}
	return out
}

// rowsApartBy: no two rows share a level and the cells of columns key.
func rowsApartBy(g grid, key []int, load int) bool {
	seen := map[string]bool{}
	for _, row := range g.rows {
		parts := []string{cellAt(row, load)}
		for _, i := range key {
			parts = append(parts, strings.ToLower(cellAt(row, i)))
		}
		k := strings.Join(parts, "\x00")
		if seen[k] {
			return false
		}
		seen[k] = true
	}
	return true
}

// valueRecursAcrossLevels: some value of column i is written at two
// different levels.
func valueRecursAcrossLevels(g grid, i, load int) bool {
	at := map[string]map[string]bool{}
	for _, row := range g.rows {
		v := strings.ToLower(strings.TrimSpace(cellAt(row, i)))
		if isBlank(v) {
			continue
		}
		if at[v] == nil {
			at[v] = map[string]bool{}
		}
		at[v][cellAt(row, load)] = true
		if len(at[v]) > 1 {
			return true
		}
	}
	return false
}
