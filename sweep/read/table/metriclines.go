package table

import (
	"regexp"
	"strings"
)

// A sweep written as a line per level may give several metrics on each
// line, not one: "concurrency 8: 206 tok/s, TTFT p50 50 ms, p99 120 ms",
// "- c=32 → 760 tok/s · 1.4 s TTFT". A perf engineer reads the lines as the
// table they stand for: the level is the row, each item after the colon a
// column named by its words and its unit. The columns are then read as any
// table's are (roles, units, refusals), so a line says no more here than
// its words do in a header. Every line of a run must list the same items
// in the same order: lines that disagree are no table.

// metricLevelLine opens with a load word and its level, then the run's
// settings, then a colon or an arrow and the items.
var metricLevelLine = regexp.MustCompile(`(?i)^\s*(?:[-*•]\s+)?\**\s*(batch(?:[ _]size)?|bs|concurrency|conc|users|clients|streams|c)\s*[=:]?\s*(\d+)\b([^:：]*?)\s*\**\s*(?:[:：]|->|→|=>)\s*(.+)$`)

// metricItem is one item: its words around one number and the unit after
// the number.
var metricItem = regexp.MustCompile(`^(.*?)(?:^|\s)\**(` + curveNumber + `)\s*\**\s*(tok/s|tokens/s|token/s|tokens/sec|tok/sec|t/s|req/s|requests/s|ms|s|sec|%)?\**(?:\s|$)(.*)$`)

// metricItemSeparators cut a line's items apart; a comma only before a
// space, as inside a number it groups thousands (1,760.5).
var metricItemSeparators = regexp.MustCompile(`\s*(?:[;|·]|,\s|\s-\s)\s*`)

// lineItems are the header and the cell of each item after a level line's
// colon; ok is false when an item holds no number, or a name nothing
// reads.
func lineItems(rest string) (headers, cells []string, ok bool) {
	for _, item := range metricItemSeparators.Split(strings.TrimSpace(strings.TrimRight(rest, ". ")), -1) {
		m := metricItem.FindStringSubmatch(strings.TrimSpace(item))
		if m == nil {
			return nil, nil, false
		}
		words := strings.Trim(strings.TrimSpace(m[1]+" "+m[4]), "*_:=()")
		unit := m[3]
		if words == "" && unit == "" {
			return nil, nil, false
		}
		h := strings.TrimSpace(words)
		if h == "" {
			h = bareUnitName(unit)
		}
		if unit != "" {
			h = strings.TrimSpace(h + " (" + unit + ")")
		}
		headers = append(headers, h)
		cells = append(cells, strings.ReplaceAll(m[2], ",", ""))
	}
	return headers, cells, len(headers) >= 2
}

// metricLine is one level line read: its load word, level, settings and
// items.
type metricLine struct {
	load, level, settings string
	headers, cells        []string
}

func readMetricLine(l string) (metricLine, bool) {
	if levelColonLine.MatchString(l) {
		return metricLine{}, false // one value: lineCurveGrids reads it
	}
	m := metricLevelLine.FindStringSubmatch(l)
	if m == nil {
		return metricLine{}, false
	}
	h, c, ok := lineItems(m[4])
	if !ok {
		return metricLine{}, false
	}
	return metricLine{load: strings.ToLower(m[1]), level: m[2], settings: strings.TrimSpace(m[3]), headers: h, cells: c}, true
}

// sameItems: two lines of one run name one load, share their settings and
// list the same items.
func (a metricLine) sameItems(b metricLine) bool {
	return a.load == b.load && a.settings == b.settings && strings.Join(a.headers, "\x00") == strings.Join(b.headers, "\x00")
}

// metricLineGrids are the runs of three lines or more that each write a
// level and several metrics (metricLevelLine), each as a grid of a row per
// line.
func metricLineGrids(path string, lines []string, titles func(int) []string) []grid {
	var out []grid
	var run []int
	var first metricLine
	flush := func() {
		if len(run) >= 3 {
			out = append(out, metricLineGrid(path, lines, run, titles(run[0])))
		}
		run = nil
	}
	for i, l := range lines {
		ml, ok := readMetricLine(l)
		if !ok {
			flush()
			continue
		}
		if len(run) > 0 && !first.sameItems(ml) {
			flush()
		}
		if len(run) == 0 {
			first = ml
		}
		run = append(run, i)
	}
	flush()
	return out
}

// metricLineGrid is the grid of the lines run: the load, then a column per
// item; the settings the lines share state the workload.
func metricLineGrid(path string, lines []string, run []int, titles []string) grid {
	first, _ := readMetricLine(lines[run[0]])
	load := first.load
	switch {
	case load == "c" || load == "conc":
		load = "concurrency"
	case load == "bs" || strings.HasPrefix(load, "batch"):
		load = "batch size"
	}
	g := grid{file: path, header: append([]string{load}, first.headers...), headerLine: run[0] + 1, title: titles}
	for _, i := range run {
		ml, _ := readMetricLine(lines[i])
		g.rows = append(g.rows, append([]string{ml.level}, ml.cells...))
		g.lines = append(g.lines, i+1)
	}
	g.context = strings.Join(lines[max(0, run[0]-6):min(len(lines), run[len(run)-1]+3)], "\n")
	if s := strings.Trim(first.settings, ",; "); s != "" {
		g.caption = s
	}
	return g
}

// bareUnitName names an item written as a value and its unit alone
// ("206 tok/s"): a token rate is the throughput, a request rate the
// requests served per second; a bare time or share names nothing.
func bareUnitName(unit string) string {
	switch strings.ToLower(unit) {
	case "tok/s", "tokens/s", "token/s", "tokens/sec", "tok/sec", "t/s":
		return "throughput"
	case "req/s", "requests/s":
		return "request throughput"
	}
	return ""
}
