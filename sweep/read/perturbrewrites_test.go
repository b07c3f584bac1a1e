package read

import (
	"fmt"
	"math"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
)

// roundTwoPerturbations are the rewrites of the second round (issue 26):
// what surrounds a table in a document, how its headers are written, what
// a cell carries beside its value, and rows that are not levels.
var roundTwoPerturbations = []perturbation{
	{"in a fenced code block", wrapEach([]string{"```"}, []string{"```"}, "")},
	{"quoted in a comment (> )", wrapEach([]string{">"}, nil, "> ")},
	{"indented in a list item", wrapEach([]string{"- Results:", ""}, nil, "   ")},
	{"two small tables before", linesBefore(smallTablesAbove)},
	{"heading and numbers before", linesBefore(headingAbove)},
	{"notes list after", notesBelow},
	{"two-row header", eachTable(groupHeaderRow)},
	{"header arrows (⬆/⬇)", eachTable(headerArrows)},
	{"abbreviated headers", eachTable(abbreviated)},
	{"load header names a unit only", func(p *perturbable, rng *rand.Rand) bool {
		return eachTable(renameLoad([]string{"# users", "users", "# clients"}[rng.Intn(3)]))(p, rng)
	}},
	{"mixed-language headers", eachTable(mixedLanguage)},
	{"cells value ± spread", eachTable(metricCells(func(v string, i int) string { return v + " ± " + spreadOf(v) }))},
	{"cells value range", eachTable(metricCells(rangeAround))},
	{"cells (+N%) after value", eachTable(metricCells(func(v string, i int) string { return fmt.Sprintf("%s (+%d%%)", v, 3+i*5%11) }))},
	{"footnote marks", eachTable(metricCells(func(v string, i int) string { return v + []string{"", "*", "†", "¹"}[i%4] }))},
	{"unit in first cell only", eachTable(unitFirstCell)},
	{"+ ✅/❌ column", eachTable(extraColumn("OK", func(i int) string { return []string{"✅", "✅", "❌"}[i%3] }))},
	{"best marked with emoji", eachTable(emojiBest)},
	{"header repeated mid-table", eachTable(headerMidTable)},
	{"dashes row mid-table", eachTable(dashesMidTable)},
	{"warm-up first row", eachTable(warmupRow)},
}

func wrapEach(before, after []string, indent string) func(p *perturbable, _ *rand.Rand) bool {
	return func(p *perturbable, _ *rand.Rand) bool {
		if p.csv || len(p.tables) == 0 {
			return false
		}
		for i := range p.tables {
			p.tables[i].before = append(append([]string(nil), before...), p.tables[i].before...)
			p.tables[i].after = append(p.tables[i].after, after...)
			p.tables[i].indent = indent + p.tables[i].indent
		}
		return true
	}
}

var smallTablesAbove = []string{
	"## Hardware",
	"",
	"| Item | Value |",
	"| --- | --- |",
	"| GPU | 8× H100 80GB SXM |",
	"| CPU cores | 96 |",
	"| RAM (GiB) | 1024 |",
	"",
	"## Settings",
	"",
	"| Setting | Value |",
	"| --- | --- |",
	"| max-model-len | 8192 |",
	"| tensor-parallel-size | 8 |",
	"| gpu-memory-utilization | 0.92 |",
	"",
	"## Results",
	"",
}

var headingAbove = []string{
	"python3 benchmarks/benchmark_serving.py --model Qwen/Qwen2.5-7B-Instruct --dataset-name random --random-input-len 1024 --random-output-len 128",
	"",
	"### Results (2× A100, 1024 in / 128 out)",
	"",
	"Each of the 5 levels ran 3 times with 200 prompts; we took the median, which varied by under 4%.",
	"",
}

// linesBefore writes lines before the file's first table.
func linesBefore(lines []string) func(p *perturbable, _ *rand.Rand) bool {
	return func(p *perturbable, _ *rand.Rand) bool {
		if p.csv || len(p.tables) == 0 {
			return false
		}
		p.tables[0].before = append(append([]string(nil), lines...), p.tables[0].before...)
		return true
	}
}

func notesBelow(p *perturbable, _ *rand.Rand) bool {
	if p.csv || len(p.tables) == 0 {
		return false
	}
	last := &p.tables[len(p.tables)-1]
	last.after = append(last.after, "", "Notes:", "- 3 runs per level, 120 s each, 10 s warm-up", "- 2 of 600 requests timed out at 64", "- GPU at 95% utilisation above 32", "")
	return true
}

// groupHeaderRow writes a group row above the header ("Throughput" over
// the token rates, "Latency" over the times) as the markdown header, the
// names below it as the first row, as GitHub tables write two-row headers:
// a group once over the run of columns it spans (blank after it, as a
// merged cell), a column in no group blank before the first group and
// named again after it.
func groupHeaderRow(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed || tb.csv {
		return false
	}
	group := make([]string, len(tb.header))
	named, last := false, ""
	for c, h := range tb.header {
		g := ""
		switch {
		case throughputWords.MatchString(h):
			g = "Throughput"
		case metricWords.MatchString(h):
			g = "Latency"
		}
		switch {
		case g != "" && g == last:
		case g != "":
			group[c], named = g, true
		case named:
			group[c] = h
		}
		last = g
	}
	if !named {
		return false
	}
	tb.rows = append([][]string{tb.header}, tb.rows...)
	tb.header = group
	return true
}

func headerArrows(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed {
		return false
	}
	changed := false
	for c, h := range tb.header {
		switch {
		case throughputWords.MatchString(h):
			tb.header[c], changed = h+" ⬆", true
		case metricWords.MatchString(h):
			tb.header[c], changed = h+" ⬇", true
		}
	}
	return changed
}

var abbreviations = []struct {
	rx *regexp.Regexp
	to string
}{
	{regexp.MustCompile(`(?i)^(concurrency|max concurrency|concurrent requests)$`), "Conc."},
	{regexp.MustCompile(`(?i)^output (tok/s|throughput \(tok/s\)|throughput \(tokens/s\)|tokens/s)$`), "OTPS"},
	{regexp.MustCompile(`(?i)^throughput \((tok/s|tokens/s)\)$`), "Thrpt (tok/s)"},
}

func abbreviated(tb *textTable, _ *rand.Rand) bool {
	changed := false
	for _, h := range tb.labels() {
		for _, a := range abbreviations {
			if a.rx.MatchString(*h) {
				*h, changed = a.to, true
				break
			}
		}
	}
	return changed
}

var englishBeside = []struct {
	rx   *regexp.Regexp
	word string
}{
	{regexp.MustCompile(`(?i)^concurrency$`), "并发 "},
	{regexp.MustCompile(`(?i)throughput`), "吞吐量 "},
	{regexp.MustCompile(`\bTTFT\b`), "首字延迟 "},
}

// mixedLanguage writes a Chinese word before an English header.
func mixedLanguage(tb *textTable, _ *rand.Rand) bool {
	changed := false
	for _, h := range tb.labels() {
		for _, e := range englishBeside {
			if e.rx.MatchString(*h) {
				*h, changed = e.word+*h, true
				break
			}
		}
	}
	return changed
}

// metricCells rewrites every plain number of each measured column (a rate
// or a latency, as metricWords or throughputWords name them).
func metricCells(f func(v string, i int) string) func(tb *textTable, _ *rand.Rand) bool {
	return func(tb *textTable, _ *rand.Rand) bool {
		if tb.transposed {
			return false
		}
		changed := false
		for c, h := range tb.header {
			if !numericColumn(tb, c) || !(metricWords.MatchString(h) || throughputWords.MatchString(h)) {
				continue
			}
			for i, r := range tb.rows {
				if r[c] != "" {
					r[c], changed = f(r[c], i), true
				}
			}
		}
		return changed
	}
}

// decimals: how many digits a number cell writes after its point.
func decimals(v string) int {
	if _, frac, ok := strings.Cut(v, "."); ok {
		return len(frac)
	}
	return 0
}

// spreadOf is about 4% of v, written with v's decimals (at least one unit
// of its last digit).
func spreadOf(v string) string {
	x, _ := strconv.ParseFloat(v, 64)
	d := decimals(v)
	unit := math.Pow(10, -float64(d))
	s := math.Max(unit, math.Round(math.Abs(x)*0.04/unit)*unit)
	return strconv.FormatFloat(s, 'f', d, 64)
}

// rangeAround writes v as a range centred on it ("1200–1300").
func rangeAround(v string, _ int) string {
	x, _ := strconv.ParseFloat(v, 64)
	s, _ := strconv.ParseFloat(spreadOf(v), 64)
	d := decimals(v)
	return strconv.FormatFloat(x-s, 'f', d, 64) + "–" + strconv.FormatFloat(x+s, 'f', d, 64)
}

// unitFirstCell writes a header's unit into the first cell as well, as a
// table typed by hand does.
func unitFirstCell(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed || len(tb.rows) < 2 {
		return false
	}
	changed := false
	for c, h := range tb.header {
		m := headerUnit.FindStringSubmatch(h)
		if m == nil || !numericColumn(tb, c) || tb.rows[0][c] == "" {
			continue
		}
		tb.rows[0][c], changed = tb.rows[0][c]+" "+m[2]+m[3], true
	}
	return changed
}

func emojiBest(tb *textTable, _ *rand.Rand) bool {
	c := throughputColumn(tb)
	if c < 0 {
		return false
	}
	best, at := math.Inf(-1), -1
	for i, r := range tb.rows {
		if v, err := strconv.ParseFloat(r[c], 64); err == nil && v > best {
			best, at = v, i
		}
	}
	tb.rows[at][c] += " 🏆"
	return true
}

func headerMidTable(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed || len(tb.rows) < 4 {
		return false
	}
	at := len(tb.rows) / 2
	tb.rows = append(tb.rows[:at:at], append([][]string{append([]string(nil), tb.header...)}, tb.rows[at:]...)...)
	return true
}

func dashesMidTable(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed || tb.csv || len(tb.rows) < 4 {
		return false
	}
	row := make([]string, len(tb.header))
	for i := range row {
		row[i] = "---"
	}
	at := len(tb.rows) / 2
	tb.rows = append(tb.rows[:at:at], append([][]string{row}, tb.rows[at:]...)...)
	return true
}

// warmupRow writes a warm-up row first: its load cell says so, its
// measures are the first row's halved.
func warmupRow(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed || len(tb.rows) < 2 {
		return false
	}
	load := -1
	for c, h := range tb.header {
		if loadHeader.MatchString(h) && numericColumn(tb, c) {
			load = c
			break
		}
	}
	if load < 0 {
		return false
	}
	row := make([]string, len(tb.header))
	for c, v := range tb.rows[0] {
		if x, err := strconv.ParseFloat(v, 64); err == nil {
			row[c] = strconv.FormatFloat(x/2, 'f', decimals(v), 64)
		} else {
			row[c] = v
		}
	}
	row[load] = "warm-up"
	tb.rows = append([][]string{row}, tb.rows...)
	return true
}
