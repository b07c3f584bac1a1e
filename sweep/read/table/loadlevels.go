package table

import (
	"strconv"
	"strings"
)

// canBeSweep: the table could hold a sweep whatever its headers say: a
// column of load levels (loadLevelsColumn) and a rate, named by its header
// or written in its cells ("140.7 tok/s"). A table of settings or targets
// ("Card | VRAM | Goal") has no load levels, so a refusal about it must
// not stand for a text whose later table has them.
func canBeSweep(g grid) bool {
	load := loadLevelsColumn(g)
	if load < 0 {
		return false
	}
	for i, h := range g.header {
		if i == load {
			continue
		}
		switch classify(h).kind {
		case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser, colRequestRate:
			return true
		}
		if _, ok := cellsRateUnit(g, i); ok {
			return true
		}
	}
	return false
}

// loadLevelsColumn is the first column whose cells are all bare positive
// whole numbers with at least three distinct values: a load is counted
// (streams, users, requests in flight), so a cell with a unit (a memory
// size, a rate), a fraction or a percent is no level; -1 when none is.
func loadLevelsColumn(g grid) int {
	for i, h := range g.header {
		if rowNumberHeader(h) {
			continue
		}
		if distinctWholeNumbers(g, i) >= 3 {
			return i
		}
	}
	return -1
}

// distinctWholeNumbers counts column i's distinct values when every cell
// is a bare positive whole number (bold marks aside), else 0.
func distinctWholeNumbers(g grid, i int) int {
	seen := map[int]bool{}
	for _, row := range g.rows {
		cell := strings.Trim(strings.TrimSpace(cellAt(row, i)), "*_ ")
		n, err := strconv.Atoi(cell)
		if err != nil || n <= 0 {
			return 0
		}
		seen[n] = true
	}
	return len(seen)
}
