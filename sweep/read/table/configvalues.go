package table

import (
	"regexp"
	"strings"
)

// A column of text whose cells name serving configurations ("TP4",
// "TP4+CP2 fused", "tp=8 fp8", "DP2 EP8") names the curve of each row
// whatever its header says ("path", "run", "arm"): a perf engineer reads
// rows of two parallel layouts or two precisions as two curves, never as
// one sweep, even when their loads do not repeat (a TP4 curve at 22–24
// beside a TP4+CP2 curve at 44–46, each around its own capacity).

// configColumn: every filled cell of column i names a configuration, and
// the column holds at least two of them.
func configColumn(g grid, i int) bool {
	filled := 0
	for _, row := range g.rows {
		c := cellAt(row, i)
		if isBlank(c) {
			continue
		}
		if !namesConfiguration(c) {
			return false
		}
		filled++
	}
	return filled > 0 && distinctValues(g, i) > 1
}

// namesConfiguration: a word of the cell is a parallel layout (tp4, pp2,
// dp8, ep16, cp2, sp2; tp=4 and tp-4 too) or a weight precision.
func namesConfiguration(cell string) bool {
	for _, w := range configSplit.Split(strings.ToLower(cleanCell(cell)), -1) {
		if parallelLayout.MatchString(w) || precisionWord.MatchString(w) {
			return true
		}
	}
	return false
}

var (
	configSplit    = regexp.MustCompile(`[^a-z0-9=_-]+`)
	parallelLayout = regexp.MustCompile(`^(tp|pp|dp|ep|cp|sp)[=_-]?\d{1,3}$`)
	precisionWord  = regexp.MustCompile(`^(fp8|fp16|bf16|fp32|int8|int4|w8a8|w4a16|w4a8|nvfp4|mxfp4|mxfp8|awq|gptq)$`)
)
