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

// configColumn: column i holds at least two values, each of which names a
// configuration, or each of which spans rows while one names a
// configuration ("baseline" beside "TP2 EP4", each a block of rows).
func configColumn(g grid, i int) bool {
	if distinctValues(g, i) < 2 {
		return false
	}
	all, some := true, false
	for _, v := range distinctCells(g, i) {
		named := namesConfiguration(v)
		all, some = all && named, some || named
	}
	return all || some && everyValueRecurs(g, i)
}

// namesConfiguration: the cell names a parallel layout (tp4, pp2, dp8,
// ep16, cp2, sp2; tp=4, tp_4, and inside a joined name, tp4_cp2) or a
// weight precision.
func namesConfiguration(cell string) bool {
	c := strings.ToLower(cleanCell(cell))
	return parallelLayout.MatchString(c) || precisionWord.MatchString(c)
}

var (
	parallelLayout = regexp.MustCompile(`(^|[^a-z0-9])(tp|pp|dp|ep|cp|sp)[=_-]?\d{1,3}($|[^a-z0-9])`)
	precisionWord  = regexp.MustCompile(`(^|[^a-z0-9])(fp8|fp16|bf16|fp32|int8|int4|w8a8|w4a16|w4a8|nvfp4|mxfp4|mxfp8|awq|gptq)($|[^a-z0-9])`)
)
