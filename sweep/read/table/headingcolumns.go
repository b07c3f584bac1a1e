package table

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// A table under a heading or caption that names one metric ("Output
// throughput (tok/s)", "p50 TTFT, ms:") often names its value columns by
// engine or run alone ("Concurrency | vLLM | SGLang"): the heading says what
// every such column holds, as it does for tables joined one per metric
// (splittables.go). Each column that says nothing of its own and holds
// numbers takes the heading's metric into its header ("vLLM Output
// throughput (tok/s)"); several of them are then several curves, which the
// series pass names.

// nameColumnsByHeading renames the columns of g that hold its heading's
// metric; the note says which. Nothing changes when the heading names no
// metric, the table has no load column, or a column already holds that
// metric under its own name.
func nameColumnsByHeading(g *grid) []string {
	if len(g.rows) == 0 {
		return nil
	}
	cols := classifyAll(g.header)
	if loadColumn(cols) < 0 && !promptsColumn(cols) {
		return nil
	}
	metric, from := columnsMetric(*g)
	trusted := from == "the table's title names" || from == quotedCellFrom
	if metric == "" {
		// Nothing states a unit: a word and the columns' physics may
		// (speedcolumns.go), where the physics alone does not already
		// (physicsrate.go, which says more of how they move).
		strict := *g
		named := speedColumns(*g, cols, namelessColumns(*g, cols, "throughput"))
		if named == nil || nameColumnsByPhysics(&strict) != nil {
			return nil
		}
		metric, trusted = "tok/s", true
		from = fmt.Sprintf("by their physics: the text names %q, and each rises with the load by less at every step, as a node's output rate does", speedText(*g))
	}
	if classify(metric).kind == colRequests {
		// "Concurrency, with 300-token requests": the requests' length, a
		// workload the title states, is no metric of the columns.
		return nil
	}
	named := namelessColumns(*g, cols, classify(metric).key())
	if isTokenRate(wordset(headerTokens(metric))) {
		// A column whose every cell writes a time ("5.33 s" under "p50")
		// holds a latency, whatever rate the title names.
		named = slices.DeleteFunc(named, func(i int) bool { return cellsTimeUnits(*g, i) != "" })
	}
	if len(named) == 0 || !metricReaches(*g, named, from, trusted) {
		return nil
	}
	var was []string
	g.header = slices.Clone(g.header) // the parsed table is read again when tables join
	for _, i := range named {
		was = append(was, fmt.Sprintf("%q", g.header[i]))
		g.header[i] = strings.TrimSpace(g.header[i]) + " " + metric
	}
	return []string{fmt.Sprintf("%s:%d: columns %s name no metric: they hold the %q %s", g.file, g.headerLine, strings.Join(was, ", "), metric, from)}
}

// metricReaches: what names the metric says it of the columns named: a
// title is trusted; prose must state it within them or for the whole
// table; a quoted cell must be one of theirs ("single 89.5 tok/s" quoting
// a column that names its own rate, "C_total (tok/s)", says nothing of
// the columns that name none, "Mean Len", an acceptance length).
func metricReaches(g grid, named []int, from string, trusted bool) bool {
	if from == quotedCellFrom {
		return quotedCellRate(g, named...)
	}
	return trusted || proseRateWithin(g, named) || proseRateBlanket(g)
}

// promptsColumn: a column is vLLM's --num-prompts, which the roles pass
// may read as the load (steploads.go): the rows are levels as much as a
// load column's are.
func promptsColumn(cols []column) bool {
	for _, c := range cols {
		if c.kind == colPrompts && numPromptsFlag.MatchString(strings.TrimSpace(stripMarkup(c.header))) {
			return true
		}
	}
	return false
}

// columnsMetric is the metric the text around g names for its columns,
// and where it is said: the table's title, the section's title above a
// sub-heading naming none, else the prose beside the table. "" when none.
func columnsMetric(g grid) (string, string) {
	metric, from := headingMetric(g), "the table's title names"
	if metric == "" && g.caption != "" && len(g.title) > 0 && classify(g.title[len(g.title)-1]).kind == colThroughput && !namesMetric(g.caption) {
		// "## Throughput (aggregate tokens per second)" over "Greedy
		// (temperature 0):": the caption names the condition, the heading
		// the metric (only a heading that reads as the node's rate: "2.
		// 吞吐饱和点与延迟崩溃点" names two things and a column of none)
		metric = g.title[len(g.title)-1]
	}
	if metric == "" {
		metric = outerRateHeading(g)
	}
	if metric == "" {
		metric, from = proseRateUnit(g), "the prose beside the table states"
	}
	if metric == "" && quotedCellRate(g) {
		metric, from = "tok/s", quotedCellFrom
	}
	return metric, from
}

// quotedCellFrom says where the metric was read when the text after the
// table quotes one of its cells with a token rate's unit.
const quotedCellFrom = "the text after the table quotes a cell as"

// quotedCellRate: the text after the document's last table states a token
// rate ("the `c=4 ctx=0 = 449.5 tok/s` reading") that one of g's cells
// holds as written: the writer names the unit of the table's numbers.
func quotedCellRate(g grid, only ...int) bool {
	rates := proseRates(g.below)
	if len(rates) == 0 {
		return false
	}
	for _, row := range g.rows {
		for j, cell := range row {
			if j == 0 || len(only) > 0 && !slices.Contains(only, j) {
				continue
			}
			cv, ok, err := parseCell(cleanCell(cell))
			if err == nil && ok && cv.unit == nil && slices.Contains(rates, cv.v) {
				return true
			}
		}
	}
	return false
}

// namelessColumns are the columns of g that name something (an engine, a
// run) but no metric, and hold numbers that are not row numbers; none when
// a column already holds the metric of key under its own name.
func namelessColumns(g grid, cols []column, key string) []int {
	var named []int
	arms := settingArms(g.header, cols)
	load := loadColumn(cols)
	for i, c := range cols {
		if c.key() == key && (key != "" || c.kind == colOtherTokRate) {
			return nil // the table names the metric itself (a total rate has no key of its own)
		}
		if (saysNothing(c) || armName(c) || arms[i]) && namelessValues(g, i, key, load) {
			named = append(named, i)
		}
	}
	return dropFlatOutliers(g, named)
}

// namelessValues: column i's header names something but no setting, and
// its cells are measurements: numbers, not row numbers, none negative, none
// writing another measure's unit, not a setting crossed with the load.
func namelessValues(g grid, i int, key string, load int) bool {
	return namesSomething(g.header[i]) && !settingHeader(g.header[i]) && numericColumn(g, i) && !countsRows(g, i) &&
		!holdsNegative(g, i) && !(key == "throughput" && cellsMeasureOtherwise(g, i)) && !crossedSetting(g, i, load)
}

// crossedSetting: column i writes each of its values at every level of the
// load column ("Depth" 4,096 then 8,192, each at concurrency 1, 2, 4): a
// setting crossed with the load, never a measure, which moves with it.
func crossedSetting(g grid, i, load int) bool {
	return load >= 0 && load != i && settingAtEveryLevel(g, i, load)
}

// numericColumn: column i holds a number in some row and text in none; a
// cell that says its level did not run ("**CRASH**", "OOM") is no text, as
// a blank is none: the column still holds measurements at the others.
func numericColumn(g grid, i int) bool {
	number := false
	for _, row := range g.rows {
		c := cellAt(row, i)
		if isBlank(c) || failedCell(c) {
			continue
		}
		if _, ok, err := parseCell(cleanCell(c)); err != nil || !ok {
			return false
		}
		number = true
	}
	return number
}

// holdsNegative: column i has a number below zero. A rate, a latency or a
// count never is; a column beside the curves that is ("-78.11": one
// chip's throughput less another's) is a difference between them, no curve.
func holdsNegative(g grid, i int) bool {
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err == nil && ok && cv.v < 0 {
			return true
		}
	}
	return false
}

// armName: a header read as a series label for a word it holds ("server"
// of "llama-server") that also names the arm ("llama"): over numbers, it
// is one arm's column, as its siblings "mlx_lm.server" and "vLLM" are, not
// a column of labels. A bare label word ("Engine", "Server") is not.
func armName(c column) bool {
	if c.kind != colSeriesLabel {
		return false
	}
	words := strings.FieldsFunc(strings.ToLower(stripMarkup(c.header)), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for _, w := range words {
		if !slices.Contains(seriesWords, w) {
			return true
		}
	}
	return false
}

// namesSomething: a header with a letter in it, the name of an engine or a
// run; "#" or "" names no series.
func namesSomething(h string) bool {
	for _, r := range h {
		if unicode.IsLetter(r) {
			return true
		}
	}
	return false
}

// countsRows: column i numbers the rows 1, 2, 3 …: an index, not a value.
func countsRows(g grid, i int) bool {
	for r, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok || cv.unit != nil || cv.v != float64(r+1) {
			return false
		}
	}
	return len(g.rows) > 1
}

// settingArms are the columns named by a server setting and its value
// ("cap 4 | cap 12 | cap 16") beside a load column that names no value
// ("Streams"): each is one curve, run with that setting, of the metric the
// heading names ("Aggregate tok/s at each max_running_requests cap"), not
// a load of its own. Two or more, with one name and distinct values.
func settingArms(header []string, cols []column) map[int]bool {
	arms := map[int]bool{}
	bare, name := false, ""
	values := map[string]bool{}
	for i, h := range header {
		if !loadKind(cols[i].kind) {
			continue
		}
		n, level, _, ok := namedLevelHeader(h)
		switch {
		case !ok:
			bare = bare || !headingNumber.MatchString(h)
		case name == "" || sameLoadName(n, name):
			name, values[level], arms[i] = n, true, true
		}
	}
	if !bare || len(arms) < 2 || len(values) < len(arms) {
		return nil
	}
	return arms
}

// cellsMeasureOtherwise: the cells of column i say they are no token rate
// the text names: one writes a unit of another dimension ("6.55초", a
// time), or
// every value is zero (a count of errors that never happened; no node
// serves at zero tokens per second at every level).
func cellsMeasureOtherwise(g grid, i int) bool {
	zeros, n := 0, 0
	for _, row := range g.rows {
		cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
		if err != nil || !ok {
			continue
		}
		if cv.unit != nil && cv.unit.dim != dimNone && cv.unit.dim != dimTokRate {
			return true
		}
		n++
		if cv.v == 0 {
			zeros++
		}
	}
	return n > 0 && zeros == n
}
