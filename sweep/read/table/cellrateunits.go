package table

import (
	"fmt"
	"slices"
	"strings"
)

// A rate's unit may be written in every cell rather than once in the header
// ("Output" over "128 tok/s", "Per-user speed" over "41 tok/s"). The header's
// words alone then name no rate, or the wrong one ("per-user" reads as the
// users, a load): the unit the cells share is what the column measures, so
// it joins the header before any column is read, as if written there.

// nameCellRateUnits appends to each header that states no unit the rate unit
// every number of its column writes, where the header's words do not read
// as a rate of that kind already; the notes name the columns.
func nameCellRateUnits(g *grid) []string {
	var notes []string
	for i, h := range g.header {
		u, ok := cellsRateUnit(*g, i)
		if !ok || headerStatesUnit(h) || readsAsRate(classify(h).kind, u.dim) && classify(h).flavor == classify(fmt.Sprintf("%s (%s)", h, u.name)).flavor {
			// Read as that rate already, the unit changing nothing; a
			// "Request Rate" with no unit is the offered rate a sweep
			// sets, with "req/s" in its cells as in its header, the
			// rate the table decides (requestRateFlavor).
			continue
		}
		once := !everyNumberWritesUnit(*g, i)
		if _, _, level := levelHeaders([]string{h}); level && once {
			// "동시 1개" over "74 token/s", then 80, 80: a column per
			// level, the unit written once for the row of the first
			// setup, not for the column (levelCellsUnit reads it so).
			continue
		}
		if notes == nil {
			// The caller's grid keeps its headers: they name the table
			// among others (othertables.go).
			g.header = slices.Clone(g.header)
		}
		where := "in every cell"
		if once {
			where = "in its first cell, for the column"
		}
		g.header[i] = fmt.Sprintf("%s (%s)", h, u.name)
		notes = append(notes, fmt.Sprintf("%s: %q writes its unit %s: read as %q", g.file, h, where, g.header[i]))
		if once {
			// The unit written once, in the first row: for that row's
			// other setups as well.
			notes = append(notes, nameSiblingRateUnits(g, i, h, u)...)
		}
	}
	return notes
}

// nameSiblingRateUnits gives the unit column i's cells write to the columns
// of bare numbers whose header names nothing and begins as column i's did
// (header h): "8B + tenant" beside "8B alone" over "254 tok/s", the same
// measure of another setup, its unit written once for the row.
//
// A table that is only its load and such setups ("并发数 | vLLM BF16 |
// SGLang 无CG | SGLang 有CG" over "1 | 52.5 tok/s | 48.6 | 50.3") holds one
// measure in every column after the load, whatever the setups' names.
func nameSiblingRateUnits(g *grid, i int, h string, u unit) []string {
	first := strings.Fields(strings.ToLower(stripMarkup(h)))
	sibling := func(j int) bool {
		return j != i && classify(g.header[j]).key() == "" && bareNumbers(*g, j) && sameMagnitude(*g, i, j)
	}
	onlySetups := i == 1 && loadKind(classify(g.header[0]).kind) && len(g.header) > 2
	for j := 2; onlySetups && j < len(g.header); j++ {
		onlySetups = sibling(j)
	}
	if len(first) < 2 && !onlySetups {
		return nil
	}
	var notes []string
	for j, o := range g.header {
		w := strings.Fields(strings.ToLower(stripMarkup(o)))
		if !sibling(j) || !onlySetups && (len(w) < 2 || w[0] != first[0]) {
			continue
		}
		g.header[j] = fmt.Sprintf("%s (%s)", o, u.name)
		notes = append(notes, fmt.Sprintf("%s: %q beside %q holds the same measure of another setup: read as %q", g.file, o, h, g.header[j]))
	}
	return notes
}

// bareNumbers: every filled cell of column i is a number with no unit.
func bareNumbers(g grid, i int) bool {
	return everyFilledCell(g, i, cleanCell, func(c string) bool {
		cv, ok, err := parseCell(c)
		return ok && err == nil && cv.unit == nil
	})
}

// cellsRateUnit is the one token or request rate unit every number of
// column i writes, or its first number alone ("254 tok/s", then 317, 327:
// the unit written once for the column, as a header would); ok false when
// a number writes another, or a later one writes it and an earlier none.
func cellsRateUnit(g grid, i int) (unit, bool) {
	var u unit
	n, bare := 0, 0
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok {
			continue
		}
		if cv.unit == nil && n > 0 && bare == n-1 {
			bare, n = bare+1, n+1
			continue
		}
		if cv.unit == nil || cv.unit.dim != dimTokRate && cv.unit.dim != dimReqRate || n > 0 && (cv.unit.name != u.name || bare > 0) {
			return unit{}, false
		}
		u, n = *cv.unit, n+1
	}
	return u, n > bare && (bare == 0 || n >= 2)
}

// headerStatesUnit: a word of the header is a unit of a measured dimension.
func headerStatesUnit(h string) bool {
	for _, w := range headerTokens(h) {
		if u, ok := units[w]; ok && u.dim != dimNone {
			return true
		}
	}
	return false
}

// readsAsRate: the header's words already read as a rate of the unit's
// dimension, so its column needs no help (and its notes keep its header).
func readsAsRate(k colKind, d dimension) bool {
	switch k {
	case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
		return d == dimTokRate
	case colRequestRate, colRequestedRate:
		return d == dimReqRate
	}
	return false
}

// levelCellsUnit is the rate unit the numbers of a transposed table's level
// columns write ("101 t/s" under "1 Strom"; or only the first, "48 tok/s |
// 177 | 602", the unit written once for the row), where neither the corner
// nor the text above names the metric its rows of series hold: the unit is
// what they measure. "" when no number writes a unit, or one writes a unit
// of another kind or name.
func levelCellsUnit(g grid) string {
	name := ""
	for i := 1; i < len(g.header); i++ {
		n, conflict := someCellsRateUnit(g, i)
		if conflict || n != "" && name != "" && n != name {
			return ""
		}
		if n != "" {
			name = n
		}
	}
	return name
}

// someCellsRateUnit is the one rate unit the numbers of column i write
// (those that write one); conflict when one writes another unit, of a rate
// or not.
func someCellsRateUnit(g grid, i int) (string, bool) {
	name := ""
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok || cv.unit == nil {
			continue
		}
		if cv.unit.dim != dimTokRate && cv.unit.dim != dimReqRate || name != "" && cv.unit.name != name {
			return "", true
		}
		name = cv.unit.name
	}
	return name, false
}

// hasNumber: some cell of column i is a number.
func hasNumber(g grid, i int) bool {
	for _, row := range g.rows {
		if _, ok, err := parseCell(cleanCell(cellAt(row, i))); err == nil && ok {
			return true
		}
	}
	return false
}

// everyNumberWritesUnit: every number of column i writes a unit.
func everyNumberWritesUnit(g grid, i int) bool {
	for _, row := range g.rows {
		if cv, ok, err := parseCell(cleanCell(cellAt(row, i))); ok && err == nil && cv.unit == nil {
			return false
		}
	}
	return true
}

// sameMagnitude: the largest values of columns i and j lie within 4× of
// each other, as one measure's on two setups do (a prompt size beside a
// prefill speed does not).
func sameMagnitude(g grid, i, j int) bool {
	a, b := columnMax(g, i), columnMax(g, j)
	return a > 0 && b > 0 && a <= 4*b && b <= 4*a
}

// columnMax is the largest number of column i, 0 when none.
func columnMax(g grid, i int) float64 {
	m := 0.0
	for _, row := range g.rows {
		if cv, ok, err := parseCell(cleanCell(cellAt(row, i))); ok && err == nil && cv.v > m {
			m = cv.v
		}
	}
	return m
}
