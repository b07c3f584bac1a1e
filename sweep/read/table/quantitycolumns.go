package table

import (
	"regexp"
	"strings"
)

// A column of numbers written with a physical unit knee does not read
// ("10.26 GB/s" of disk bandwidth, "350 W", "71 °C", "38 GiB") measured
// something during each run: it moves with the load and names no curve.
// Such columns are never series candidates, unless every value recurs: a
// cap set per curve ("Power cap": 250W, 260W …), not a reading.

// quantityCell is a number with a bandwidth, power, temperature, memory or
// clock unit, and perhaps a remark or more readings after it ("9.29 GB/s
// （持续25s）", a script's GPU telemetry "2842 MHz, 45 | 2850 MHz, 37").
var quantityCell = regexp.MustCompile(`(?i)^[~≈]?\d[\d.,]*\s*(?:[kmgt]i?b/s|[kmgt]bps|[kmgt]i?b|w|watts?|°c|℃|[kmg]hz)(?:$|[\s(（,;|])`)

// dropQuantityColumns leaves out of cand the columns whose every filled
// cell is such a quantity.
func dropQuantityColumns(g grid, cand []int) []int {
	var out []int
	for _, i := range cand {
		if !quantityColumn(g, i) && !clockColumn(g, i) || setQuantity(g, i) { // nor when a run started
			out = append(out, i)
		}
	}
	return out
}

// setQuantity: quantity column i is a setting, not a measurement: each of
// its values (two or more) recurs on several rows ("250W" on each of a
// power cap's three levels once a wide table is melted), where a reading
// taken during each run differs from run to run.
func setQuantity(g grid, i int) bool {
	return quantityColumn(g, i) && distinctValues(g, i) > 1 && everyValueRecurs(g, i)
}

// quantityColumn: column i holds quantities with a unit, in two rows or more.
func quantityColumn(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		if !quantityCell.MatchString(c) {
			return false
		}
		n++
	}
	return n >= 2
}

// unreadWordColumns are the columns knee does not read whose cells are
// words ("KV config": BF16, INT4, INT4 + BDR): whatever their header's
// words say ("KV" names a cache, not a curve), rows of one level that differ
// in them are several curves, never repeats to merge.
// A load candidate --column set aside ("n_threads" beside "concurrency")
// is a setting of each run too: rows of one level that differ in it are
// curves of their own.
func unreadWordColumns(g grid, cols []column) []int {
	var out []int
	for i, c := range cols {
		if c.kind == colIgnore && (c.why == whyNotRead && textColumn(g, i) || strings.HasPrefix(c.why, "--column concurrency picks")) && !clockColumn(g, i) {
			out = append(out, i)
		}
	}
	return out
}

// clockCell is a time of day or a date and time ("09:00", "2026-08-28
// 10:05:13"): when a run started, not which run it is.
var clockCell = regexp.MustCompile(`^(?:\d{4}-\d{2}-\d{2}[T ])?\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?$`)

// clockColumn: every cell of column i that is not blank is a clock time.
func clockColumn(g grid, i int) bool {
	n := 0
	for _, row := range g.rows {
		c := strings.TrimSpace(cleanCell(cellAt(row, i)))
		if isBlank(c) {
			continue
		}
		if !clockCell.MatchString(c) {
			return false
		}
		n++
	}
	return n > 0
}
