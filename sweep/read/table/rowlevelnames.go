package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A report may write one row per metric and level, the level inside the
// row's name, and one column per engine or run:
//
//	| Metric                          | Rapid-MLX | Ollama |
//	| Concurrent throughput (1 users) | 165.2     | 58.7   |
//	| Concurrent throughput (2 users) | 244.5     | 59.1   |
//
// ("tok/s @ c=4", "Throughput at 8 concurrent", "TTFT p99, c=16" are the
// same). A perf engineer reads the level out of the name: each column is a
// curve of that metric over the levels. Turned, it is one row per level,
// and a column per metric and run ("Rapid-MLX throughput"); rows whose name
// holds no level (a single-stream TTFT) and columns of ratios beside the
// runs ("2.81x") are left out, by name.

var rowLevelForms = []*regexp.Regexp{
	// "Concurrent throughput (2 users)", "TTFT p99 [c=8]"
	regexp.MustCompile(`^(.*?)\s*[(\[]\s*(?:([A-Za-z_]+)\s*[=:]?\s*)?(\d+)\s*([A-Za-z_ ]*?)\s*[)\]]\s*$`),
	// "tok/s @ 4 users", "Throughput at 8 concurrent", "tok/s @ c=4"
	regexp.MustCompile(`^(.*?)\s*(?:@|\bat\b)\s*(?:([A-Za-z_]+)\s*=\s*)?(\d+)\s*([A-Za-z_ ]*?)\s*$`),
	// "TTFT p99, c=16"
	regexp.MustCompile(`^(.*?)[,;]?\s+([A-Za-z_]+)\s*=\s*(\d+)()\s*$`),
}

// rowLevel is a row name read as a metric at a level.
type rowLevel struct {
	metric, level, word string
	// bare: the name is the level alone ("4 agents"), read as a metric's
	// row only in a report whose other rows name other measurements.
	bare bool
	// inherits: the name writes no unit and takes its family's metric
	// (rowratelevels.go's ratedFamilies).
	inherits bool
}

// parseRowLevel splits a row's name into its metric and its level, when the
// name holds a level a load word names and a metric before it.
func parseRowLevel(name string) (rowLevel, bool) {
	name = strings.TrimSpace(stripMarkup(name))
	for _, rx := range rowLevelForms {
		m := rx.FindStringSubmatch(name)
		if m == nil {
			continue
		}
		word := strings.TrimSpace(m[2])
		if word == "" {
			word = strings.TrimSpace(m[4])
		}
		if word == "" || !loadKind(classify(word).kind) {
			continue
		}
		metric := withoutLoadWords(m[1])
		if metric == "" || !namesMetric(metric) {
			continue
		}
		return rowLevel{metric: metric, level: m[3], word: word}, true
	}
	return prefixRowLevel(name)
}

// rowLevelPrefix is a level written before the metric: "C4 decode tok/s",
// "c=8 output tok/s", "N16 throughput".
var rowLevelPrefix = regexp.MustCompile(`^([A-Za-z_]{1,12})\s*[=:]?\s*(\d+)\s+(\S.*?)\s*$`)

// prefixRowLevel reads a row name whose level comes first.
func prefixRowLevel(name string) (rowLevel, bool) {
	m := rowLevelPrefix.FindStringSubmatch(name)
	if m == nil || !loadKind(classify(m[1]).kind) {
		return rowLevel{}, false
	}
	metric := withoutLoadWords(m[3])
	if metric == "" || !namesMetric(metric) {
		return rowLevel{}, false
	}
	return rowLevel{metric: metric, level: m[2], word: m[1]}, true
}

// withoutLoadWords drops the load's words from a metric's name
// ("Concurrent throughput" is the throughput at a concurrency).
func withoutLoadWords(s string) string {
	var kept []string
	for _, w := range strings.Fields(s) {
		if !slices.Contains(loadWords, strings.ToLower(strings.Trim(w, ",:;"))) {
			kept = append(kept, w)
		}
	}
	return strings.Join(kept, " ")
}

// levelsInRowNames turns a table whose first column names a metric and a
// level on each row into one row per level; false when fewer than two
// rows name one metric at distinct levels.
func levelsInRowNames(g grid) (grid, string, bool) {
	if len(g.header) < 2 || len(g.rows) < 2 {
		return g, "", false
	}
	// A corner may write the rate its rows' cells hold ("Workload, tok/s"):
	// the rows still name the levels.
	if c := classify(g.header[0]); c.key() != "" && !remarkTokenRate.MatchString(g.header[0]) || loadKind(c.kind) {
		return g, "", false
	}
	parsed, metrics, levels, word, ok := rowLevels(g)
	if !ok {
		return g, "", false
	}
	values, ratios := runColumns(g, parsed)
	if len(values) == 0 {
		return g, "", false
	}
	t := g
	t.header = rowLevelsHeader(g, word, metrics, values)
	t.rows, t.lines = nil, nil
	for _, lv := range levels {
		row, line := rowAtLevel(g, parsed, lv, metrics, values)
		t.rows, t.lines = append(t.rows, row), append(t.lines, line)
	}
	return t, rowLevelsNote(g, parsed, ratios), true
}

// rowLevelsHeader names the turned table's columns: the load word, then a
// column per metric and run ("Rapid-MLX throughput"; the metric alone
// when one column holds the values).
func rowLevelsHeader(g grid, word string, metrics []string, values []int) []string {
	header := []string{word}
	for _, m := range metrics {
		for _, j := range values {
			h := m
			if len(values) > 1 {
				h = strings.TrimSpace(g.header[j]) + " " + m
			}
			header = append(header, h)
		}
	}
	return header
}

// rowAtLevel is the turned table's row at level lv, and the source line of
// its last cell.
func rowAtLevel(g grid, parsed []*rowLevel, lv string, metrics []string, values []int) ([]string, int) {
	row := []string{lv}
	line := 0
	for _, m := range metrics {
		for _, j := range values {
			cell := ""
			for r, p := range parsed {
				if p != nil && p.metric == m && p.level == lv {
					cell = leadRateOf(cellAt(g.rows[r], j))
					line = lineOf(&g, r)
				}
			}
			row = append(row, cell)
		}
	}
	return row, line
}

// rowLevels reads each row's name; ok when some metric is named at two
// distinct levels or more, all with one load word, and no metric twice at
// one level.
func rowLevels(g grid) ([]*rowLevel, []string, []string, string, bool) {
	parsed := make([]*rowLevel, len(g.rows))
	var metrics, levels []string
	word := ""
	seen := map[[2]string]bool{}
	perMetric := map[string]int{}
	rated := ratedFamilies(g)
	for r, row := range g.rows {
		p, ok := readRowLevel(row, remarkTokenRate.MatchString(g.header[0]), rated[rowFamily(cellAt(row, 0))])
		if ok && p.inherits {
			p.metric = rated[rowFamily(cellAt(row, 0))]
		}
		if !ok {
			continue
		}
		key := [2]string{p.metric, p.level}
		if seen[key] || word != "" && !sameLoadWord(word, p.word) {
			return nil, nil, nil, "", false
		}
		seen[key], word, parsed[r] = true, p.word, &p
		perMetric[p.metric]++
		if !slices.Contains(metrics, p.metric) {
			metrics = append(metrics, p.metric)
		}
		if !slices.Contains(levels, p.level) {
			levels = append(levels, p.level)
		}
	}
	if onlyBareLevels(parsed) {
		return nil, nil, nil, "", false // a column of levels: the load's own
	}
	for _, n := range perMetric {
		if n >= 2 {
			parsed, metrics, levels = dropLoneRates(parsed, metrics, perMetric)
			return parsed, metrics, levels, word, true
		}
	}
	return nil, nil, nil, "", false
}

// sameLoadWord: two rows' load words name one load ("C" and
// "concurrency").
func sameLoadWord(a, b string) bool {
	return strings.EqualFold(a, b) || classify(a).kind == colConcurrency && classify(b).kind == colConcurrency
}

// onlyBareLevels: every row names its level alone ("C1", "4 agents"): the
// first column is the load's, no report's metric names.
func onlyBareLevels(parsed []*rowLevel) bool {
	for _, p := range parsed {
		if p == nil || !p.bare {
			return false
		}
	}
	return true
}

// dropLoneRates leaves out the token rates a report names at one level
// only ("soak C1 streaming median" beside "bench_c C1 / C2 / C4"): a run
// of its own beside the sweep, no curve. The levels are those left.
func dropLoneRates(parsed []*rowLevel, metrics []string, perMetric map[string]int) ([]*rowLevel, []string, []string) {
	lone := func(m string) bool { return perMetric[m] == 1 && strings.HasSuffix(m, " tok/s") }
	metrics = slices.DeleteFunc(metrics, lone)
	var levels []string
	for i, p := range parsed {
		if p == nil {
			continue
		}
		if lone(p.metric) {
			parsed[i] = nil
			continue
		}
		if !slices.Contains(levels, p.level) {
			levels = append(levels, p.level)
		}
	}
	return parsed, metrics, levels
}

// runColumns are the columns after the first that hold a number on the rows
// naming a level, and the ones among them that hold ratios (a speedup of
// one run over another), left out.
func runColumns(g grid, parsed []*rowLevel) ([]int, []int) {
	var values, ratios []int
	for j := 1; j < len(g.header); j++ {
		var cells []string
		for r, p := range parsed {
			if p != nil {
				cells = append(cells, cellAt(g.rows[r], j))
			}
		}
		switch {
		case allRatios(cells):
			ratios = append(ratios, j)
		case numericCells(cells):
			values = append(values, j)
		}
	}
	return values, ratios
}

// numericCells: some cell holds a number and none holds text (but a
// remark after a token rate, leadRateOf).
func numericCells(cells []string) bool {
	n := 0
	for _, c := range cells {
		c = cleanCell(leadRateOf(c))
		if isBlank(c) || unsettledRate.MatchString(c) {
			continue // a range or a change is read, or left out, later
		}
		if _, ok, err := parseCell(c); err != nil || !ok {
			return false
		}
		n++
	}
	return n > 0
}

func rowLevelsNote(g grid, parsed []*rowLevel, ratios []int) string {
	var first string
	var left []string
	for r, p := range parsed {
		switch {
		case p != nil && first == "":
			first = cellAt(g.rows[r], 0)
		case p == nil:
			left = append(left, strings.TrimSpace(stripMarkup(cellAt(g.rows[r], 0))))
		}
	}
	note := fmt.Sprintf("%s:%d: the rows name their metric and level (%q): read as one row per level, a column per metric and run", g.file, g.headerLine, strings.TrimSpace(stripMarkup(first)))
	if len(left) > 0 {
		note += fmt.Sprintf("; rows naming no level not read: %s", andQuoted(left))
	}
	if len(ratios) > 0 {
		note += fmt.Sprintf("; %s not read (ratios between the runs)", andQuoted(pick(g.header, ratios)))
	}
	return note
}

// rowLevelByCells reads a name whose level comes first and whose words
// name no unit ("C1 short-answer aggregate") where the row's own cells
// write a token rate ("49.05 tok/s"): the cell states what the name
// leaves out, as a header's unit would. The name must still say what of
// the rate it is: a load word and a number alone name nothing.
func rowLevelByCells(row []string) (rowLevel, bool) {
	m := rowLevelPrefix.FindStringSubmatch(strings.TrimSpace(stripMarkup(cellAt(row, 0))))
	if m == nil || !loadKind(classify(m[1]).kind) || !cellsWriteTokenRate(row[1:]) {
		return rowLevel{}, false
	}
	metric := withoutLoadWords(m[3])
	if metric == "" {
		return rowLevel{}, false
	}
	return rowLevel{metric: metric + " tok/s", level: m[2], word: m[1]}, true
}

// cellsWriteTokenRate: a cell of the row is a number written with a token
// rate's unit, or writes that unit after values it does not settle on
// ("141–146 tok/s", "32 → 32.4 tok/s"): the row still names a rate, and
// its cell is read, or left out, as any such cell is.
func cellsWriteTokenRate(cells []string) bool {
	for _, c := range cells {
		cv, ok, err := parseCell(cleanCell(leadRateOf(c)))
		if err == nil && ok && cv.unit != nil && cv.unit.dim == dimTokRate || unsettledRate.MatchString(stripMarkup(c)) {
			return true
		}
	}
	return false
}

// unsettledRate is a range or a change of values before a token rate's
// unit: "141–146 tok/s", "32 → 32.4 tok/s".
var unsettledRate = regexp.MustCompile(`^\s*[~≈]?\d[\d,.]*\s*(?:[–—-]|→|->)\s*\d[\d,.]*\s*(?:` + tokenRateUnits + `)(?:$|[\s,;(])`)

// commaLevel is a row name that gives its metric, then after a comma its
// level with the load's word, and a remark in brackets: "decode, 4
// concurrent", "Decode, 6 streams (tok/s total)", "decode, single stream".
var commaLevel = regexp.MustCompile(`(?i)^(.*?\S)\s*[,;:]\s*(\d+|single|one)\s+([\p{L}_-]+)\s*(?:[(\[]\s*([^)\]]*?)\s*[)\]])?\s*$`)

// remarkTokenRate is a token rate's unit in a remark ("tok/s total").
var remarkTokenRate = regexp.MustCompile(`(?i)\btok(?:ens)?\s*/\s*s(?:ec)?\b|\btokens per second\b|\bt/s\b`)

// perOneWords say a rate is one stream's.
var perOneWords = regexp.MustCompile(`(?i)\bper[ -]?(?:stream|user|request|req|seq|sequence)\b`)

// commaRowLevel reads such a name: the metric is the words before the
// comma, with the unit the bracket or the row's cells write; the remark's
// other words are dropped. A rate the bracket calls one stream's is the
// node's at one stream and stays one stream's above it. All such levels
// count one load (streams, concurrent requests, agents alike), which the
// rows' words name as "concurrency".
func commaRowLevel(row []string) (rowLevel, bool) {
	m := commaLevel.FindStringSubmatch(strings.TrimSpace(stripMarkup(cellAt(row, 0))))
	if m == nil {
		return rowLevel{}, false
	}
	level, word := strings.ToLower(m[2]), strings.ToLower(m[3])
	if level == "single" || level == "one" {
		level = "1"
	}
	if classify(word).kind != colConcurrency {
		word += "s" // "1 stream", "single stream": streams
	}
	if classify(word).kind != colConcurrency {
		return rowLevel{}, false
	}
	// "DSpark concurrency, 8 streams": the load's words name the level,
	// not the metric; the rate is DSpark's.
	metric, remark := withoutLoadWords(strings.TrimSpace(m[1])), m[4]
	switch {
	case perOneWords.MatchString(remark) && level != "1":
		metric += " per stream"
	case cellsWriteTokenRate(row[1:]) || remarkTokenRate.MatchString(remark):
		metric += " tok/s"
	}
	if !namesMetric(metric) {
		return rowLevel{}, false
	}
	return rowLevel{metric: metric, level: level, word: "concurrency"}, true
}
