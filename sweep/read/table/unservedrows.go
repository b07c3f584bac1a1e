package table

import (
	"fmt"
	"strings"
)

// A level where no request completed in the benchmark's window (guidellm
// past an open loop's collapse) prints 0 for everything it measures:
// throughput, every latency, the served rate and concurrency. A latency of
// 0 is no latency a served request can have, so such a row is no point
// at 0 tok/s: it is a failed level, set aside with a note naming it, and
// the curve is the levels that served. A row of 0 throughput whose
// latencies are not all 0 is left for the other rules to judge.

// measuredKinds are the columns a level measures: all 0 when nothing
// completed.
var measuredKinds = []colKind{colThroughput, colThroughputPerGPU, colLatency, colRequestRate, colAchieved, colOtherTokRate}

// dropUnservedRows sets aside the rows where every measured cell is 0 and
// names them; the note says the sweep collapsed past its last served level
// when the unserved rows close the table.
func dropUnservedRows(g *grid, cols []column) []string {
	measured := kindIndexes(cols, measuredKinds...)
	if len(kindIndexes(cols, colThroughput, colThroughputPerGPU)) == 0 || len(kindIndexes(cols, colLatency)) == 0 {
		return nil
	}
	var rows [][]string
	var lines []int
	var unserved []string
	tail := true // every unserved row comes after every served one
	what := "throughput and every latency 0: no request completed"
	for r, row := range g.rows {
		none := noneSucceeded(row, cols)
		if none && !allZero(row, measured) {
			what = "throughput 0 and no request succeeded"
		}
		if !allZero(row, measured) && !none {
			rows, lines = append(rows, row), append(lines, g.lines[r])
			tail = tail && len(unserved) == 0
			continue
		}
		unserved = append(unserved, fmt.Sprintf("line %d%s", g.lines[r], offeredLevelWords(cols, row)))
	}
	if len(unserved) == 0 || len(rows) == 0 {
		return nil
	}
	g.rows, g.lines = rows, lines
	why := "failed levels, not points"
	if tail {
		why += ": the sweep collapsed past its last served level"
	}
	return []string{fmt.Sprintf("%s: %d level(s) served nothing (%s): %s; %s", g.file, len(unserved), what, strings.Join(unserved, ", "), why)}
}

// noneSucceeded: the row's throughput is 0 and its count of requests that
// succeeded is 0 ("Successful Requests" 0, "nan" TTFT, a completion time
// of the failures): no request completed, whatever time the failures took.
func noneSucceeded(row []string, cols []column) bool {
	req := kindIndexes(cols, colRequests)
	tput := kindIndexes(cols, colThroughput, colThroughputPerGPU)
	return len(req) == 1 && allZero(row, req) && allZero(row, tput)
}

// allZero: every cell at idx that holds a value is 0, and one does.
func allZero(row []string, idx []int) bool {
	seen := false
	for _, i := range idx {
		c := cleanCell(cellAt(row, i))
		if isBlank(c) {
			continue
		}
		cv, ok, err := parseCell(c)
		if !ok || err != nil || cv.v != 0 {
			return false
		}
		seen = true
	}
	return seen
}

// offeredLevelWords names a row's level by what was asked of it: the
// offered rate where the table has one (what ran at it served nothing, so
// its measured concurrency is 0), else its load.
func offeredLevelWords(cols []column, row []string) string {
	if i := kindIndexes(cols, colRequestedRate); len(i) > 0 && !isBlank(cleanCell(cellAt(row, i[0]))) {
		return fmt.Sprintf(" (%s %s)", cols[i[0]].header, cleanCell(cellAt(row, i[0])))
	}
	return rowLevelWords(cols, row)
}
