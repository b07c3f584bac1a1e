package table

import (
	"fmt"
	"strings"
)

// A table often ends with a row that sums up the others ("Average",
// "Total", "平均"): a perf engineer reads it as no level. It is known by its
// load cell, which names the summary where a level would stand (or stands
// blank beside a first cell that names it); the row is set aside with a
// note rather than refused as a load that is not a number.

// summaryWords name a row that sums up the table, lower case.
var summaryWords = map[string]bool{
	"average": true, "avg": true, "avg.": true, "mean": true, "total": true, "totals": true, "sum": true, "overall": true,
	"平均": true, "平均值": true, "均值": true, "合计": true, "合計": true, "总计": true, "總計": true, "汇总": true,
	"durchschnitt": true, "gesamt": true, "summe": true, "promedio": true, "moyenne": true, "média": true, "media": true,
	"среднее": true, "итого": true, "всего": true, "평균": true, "합계": true,
}

// summaryCell: the cell names a summary row ("**Average**", "Total:").
func summaryCell(cell string) bool {
	c := strings.ToLower(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(cleanCell(cell)), ":")))
	return summaryWords[c]
}

// summaryKeyColumn is the column whose cell tells a summary row: the load
// column, else (an offered rate the roles pass has yet to tell from a
// served one) a first column of numbers in every other row; -1 for none.
func summaryKeyColumn(g grid) int {
	if load := loadColumn(classifyAll(g.header)); load >= 0 {
		return load
	}
	numbers := 0
	for _, row := range g.rows {
		c := cellAt(row, 0)
		if summaryCell(c) {
			continue
		}
		if _, ok, err := parseCell(cleanCell(c)); !ok || err != nil {
			return -1
		}
		numbers++
	}
	if numbers == 0 {
		return -1
	}
	return 0
}

// dropSummaryRows sets aside the rows whose load cell names a summary, or
// is blank where the first cell does.
func dropSummaryRows(g *grid) []string {
	load := summaryKeyColumn(*g)
	if load < 0 || len(g.lines) != len(g.rows) {
		return nil
	}
	var notes []string
	var rows [][]string
	var lines []int
	for r, row := range g.rows {
		lc := cellAt(row, load)
		summary := summaryCell(lc) || isBlank(cleanCell(lc)) && load != 0 && summaryCell(cellAt(row, 0))
		if !summary {
			rows, lines = append(rows, row), append(lines, g.lines[r])
			continue
		}
		notes = append(notes, fmt.Sprintf("%s:%d: the row sums up the table (%q), no level: not read", g.file, g.lines[r], strings.TrimSpace(cleanCell(cellAt(row, 0)))))
	}
	if len(notes) == 0 {
		return nil
	}
	g.rows, g.lines = rows, lines
	return notes
}
