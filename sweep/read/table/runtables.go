package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Benchmark clients that print one summary table per run, its metrics
// down the first column, are pasted one table per level, each under the
// command line that ran it: genai-perf's and AIPerf's console table
// ("NVIDIA GenAI-Perf | LLM Metrics": Statistic | avg | min | … rows of
// Time To First Token, Output Token Throughput (per sec)), evalscope's
// "Benchmarking summary" (Key | Value rows, "Number of concurrency").
// Each such table is one row of the sweep: its metrics' mean (the avg or
// Value column) as the row's cells, its level from a row of its own that
// names the concurrency, else from the command line above it with the
// tool's own flag (--concurrency, --parallel, --max-concurrency,
// --num-concurrent-requests). genai-perf itself logs the perf_analyzer
// command its wrapper runs ("Running Perf Analyzer : 'perf_analyzer …
// --concurrency-range 10'"), so a script's log of genai-perf runs carries
// each table's level there: perf_analyzer's --concurrency-range with one
// value is one closed-loop level (a start:end:step range names none). A
// table without a level leaves the paste to the other readers.

// runToolCommand is a command line of the clients that print such tables,
// or of vLLM's and SGLang's benchmarks (benchCommand).
var runToolCommand = regexp.MustCompile(`\bgenai-perf\s+profile\b|\baiperf\s+profile\b|\bevalscope\s+perf\b|\btoken_benchmark_ray\.py\b|\bprofile_restful_api\.py\b|\bperf_analyzer\s+-`)

// runLoadFlags are the flags these tools take a closed-loop level from.
var runLoadFlags = []string{"max-concurrency", "concurrency", "parallel", "num-concurrent-requests", "concurrency-range"}

// runMeanColumns name the column of a run table that holds each metric's
// mean or single value.
var runMeanColumns = map[string]bool{"avg": true, "mean": true, "average": true, "value": true}

// runTable is one run's table, folded: its metrics' mean by name.
type runTable struct {
	line    int
	metrics []string
	values  map[string]string
}

// runTablesGrid folds a paste of two or more run tables into one grid of
// a row per table; false when fewer than two tables are run tables, or
// when a run table holding a throughput has no level.
func runTablesGrid(path string, data []byte, tables []grid) (grid, bool) {
	segs := betweenTables(strings.Split(string(data), "\n"), tables)
	var runs []runTable
	var pres, echoes [][]string
	for t, g := range tables {
		if r, ok := foldRunTable(g, trailingPairs(segs[t+1])); ok {
			runs = append(runs, r)
			pres = append(pres, withoutEchoes(segs[t], false))
			echoes = append(echoes, withoutEchoes(segs[t+1], true))
		}
	}
	if len(runs) < 2 {
		return grid{}, false
	}
	notes, ok := levelRuns(path, runs, pres, echoes)
	if !ok || !distinctLevels(runs) {
		return grid{}, false
	}
	return runsGrid(path, runs, notes), true
}

// distinctLevels: no two runs hold one level. Two tables at one level are
// two runs of something else (two engines, two builds) that the tables'
// names must tell apart, never repeats to fold into one curve.
func distinctLevels(runs []runTable) bool {
	seen := map[string]bool{}
	for _, r := range runs {
		level := ""
		for _, m := range r.metrics {
			if classify(m).kind == colConcurrency {
				level = r.values[m]
				break
			}
		}
		if seen[level] {
			return false
		}
		seen[level] = true
	}
	return true
}

// cliEcho is the line AIPerf prints under its table, echoing the command
// that ran it ("CLI Command: aiperf profile … --concurrency 8"): it
// belongs to the table above it, not to the one below.
var cliEcho = regexp.MustCompile(`^\s*CLI Command:`)

// betweenTables are the source lines before the first table, between each
// two, and after the last: len(tables)+1 segments.
func betweenTables(lines []string, tables []grid) [][]string {
	segs := make([][]string, 0, len(tables)+1)
	from := 0
	for _, g := range tables {
		start, end := tableSpan(g)
		lo := min(from, len(lines))
		segs = append(segs, lines[lo:max(min(start-1, len(lines)), lo)])
		from = end
	}
	return append(segs, lines[min(from, len(lines)):])
}

// withoutEchoes keeps a segment's command echoes (echoes) or its other
// lines (!echoes).
func withoutEchoes(seg []string, echoes bool) []string {
	var out []string
	for _, l := range seg {
		if cliEcho.MatchString(l) == echoes {
			out = append(out, l)
		}
	}
	return out
}

// levelRuns gives each run table without a level of its own the one its
// command line above sets, else the one its tool echoes under it, else,
// when none has one, the values of a shell loop above the first; false
// when a run is left without a level.
func levelRuns(path string, runs []runTable, pres, echoes [][]string) ([]string, bool) {
	var notes []string
	loop, loopWhy, looped := loopLevels(pres[0])
	looped = looped && len(loop) == len(runs)
	for i := range runs {
		r := &runs[i]
		if r.hasLevel() {
			looped = false
			continue
		}
		level, why, ok := runCommandLevel(pres[i])
		if !ok {
			level, why, ok = runCommandLevel(echoes[i])
			why = strings.Replace(why, "the command line above it", "the command line its tool echoes under it", 1)
		}
		if !ok && looped {
			level, why, ok = loop[i], loopWhy, true
		}
		if !ok {
			return nil, false
		}
		r.put("Concurrency", strconv.Itoa(level))
		notes = append(notes, fmt.Sprintf("%s:%d: the table prints no level; read as concurrency %d: %s", path, r.line, level, why))
	}
	return notes, true
}

// tableSpan is the first and last source line of g.
func tableSpan(g grid) (start, end int) {
	start, end = g.headerLine, g.headerLine
	if len(g.lines) > 0 {
		end = g.lines[len(g.lines)-1]
	}
	return start, end
}

// trailingPairs are the `key: value` lines right under a table, up to the
// first other line: older genai-perf prints its rates there ("Output token
// throughput (per sec): 86.98") rather than in the table.
func trailingPairs(seg []string) [][2]string {
	var out [][2]string
	for _, l := range seg {
		if strings.TrimSpace(l) == "" || isRule(l) || closesBox(l) {
			if len(out) > 0 {
				break
			}
			continue
		}
		k, v, ok := kvLineOf(l)
		if !ok {
			break
		}
		out = append(out, [2]string{k, v})
	}
	return out
}

// foldRunTable reads g as a run table: a row (the header or the first)
// naming the mean column, then rows of a metric name and its values, and
// the `key: value` lines under it (trailing), one of them a throughput.
// False for any other table.
func foldRunTable(g grid, trailing [][2]string) (runTable, bool) {
	rows := append([][]string{g.header}, g.rows...)
	for i, names := range rows[:min(2, len(rows))] {
		mean := runMeanColumn(names)
		if mean < 1 {
			continue
		}
		r := runTable{line: g.headerLine, values: map[string]string{}}
		for _, row := range rows[i+1:] {
			// A cell rich cut to its column's width ("1,024…") holds
			// no number to read: the metric is left out of the run.
			if len(row) <= mean || isBlank(row[0]) || isBlank(row[mean]) || strings.HasSuffix(strings.TrimSpace(row[mean]), "…") {
				continue
			}
			if _, err := strconv.ParseFloat(strings.TrimSpace(row[0]), 64); err == nil {
				return runTable{}, false // a number in the name column: a table of levels
			}
			r.put(statNamed(names[mean], row[0]), strings.TrimSpace(row[mean]))
			r.putPercentiles(names, row, mean)
		}
		for _, kv := range trailing {
			r.put(kv[0], kv[1])
		}
		return r, len(r.metrics) >= 3 && r.has(colThroughput)
	}
	return runTable{}, false
}

// statNamed is the metric's column name: the statistic the mean column
// names ("avg") before the metric, so that the reading says which it is;
// a Value column names none.
func statNamed(stat, metric string) string {
	stat, metric = strings.TrimSpace(stat), strings.TrimSpace(metric)
	if strings.EqualFold(stat, "value") {
		return metric
	}
	return stat + " " + metric
}

// runMeanColumn is the index of the mean or value column named in row; -1
// for none.
func runMeanColumn(row []string) int {
	for j, h := range row {
		if j > 0 && runMeanColumns[strings.ToLower(strings.TrimSpace(h))] {
			return j
		}
	}
	return -1
}

// putPercentiles adds a latency row's percentiles ("p99", "p50" columns of
// genai-perf's and AIPerf's tables): statistics over the run's requests,
// the TTFT p99 a knee is judged by, not over repeats. A rate's cells there
// are "N/A" and stay out.
func (r *runTable) putPercentiles(names, row []string, mean int) {
	if classify(row[0]).kind != colLatency {
		return
	}
	for j, h := range names {
		h = strings.ToLower(strings.TrimSpace(h))
		if j == 0 || j == mean || j >= len(row) || !percentileWord(h) && h != "median" {
			continue
		}
		if _, ok, err := parseCell(cleanCell(row[j])); ok && err == nil {
			r.put(statNamed(h, row[0]), strings.TrimSpace(row[j]))
		}
	}
}

func (r *runTable) put(metric, value string) {
	if _, seen := r.values[metric]; !seen {
		r.metrics = append(r.metrics, metric)
	}
	r.values[metric] = value
}

// has says whether a metric of the table is read as kind.
func (r runTable) has(kind colKind) bool {
	for _, m := range r.metrics {
		if classify(m).kind == kind {
			return true
		}
	}
	return false
}

// hasLevel: the table names its own concurrency.
func (r runTable) hasLevel() bool {
	return r.has(colConcurrency)
}

// runCommandLevel is the closed-loop level the last command line of a run
// tool in pre sets with a single value, and why.
func runCommandLevel(pre []string) (level int, why string, ok bool) {
	cmd := ""
	for _, l := range joinContinued(pre) {
		if runToolCommand.MatchString(l) || benchCommand.MatchString(l) {
			cmd = l
		}
	}
	if cmd == "" {
		return 0, "", false
	}
	fields := strings.Fields(cmd)
	for _, name := range runLoadFlags {
		if v, ok := singleFlagValue(fields, name); ok {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return 0, "", false
			}
			return n, fmt.Sprintf("the command line above it says --%s %d", name, n), true
		}
	}
	return 0, "", false
}

// singleFlagValue is the value of --name (or --name=value, _ for -) when
// the command gives exactly one: `--parallel 1 8 32` runs three levels
// and sets none. A value that ends the shell command (`$c;`) is read
// without its separator.
func singleFlagValue(fields []string, name string) (string, bool) {
	for i, tok := range fields {
		key, val, hasVal := strings.Cut(strings.TrimPrefix(tok, "--"), "=")
		if !strings.HasPrefix(tok, "--") || strings.ReplaceAll(key, "_", "-") != name {
			continue
		}
		if !hasVal {
			if i+1 >= len(fields) || strings.HasPrefix(fields[i+1], "-") {
				return "", false
			}
			val = fields[i+1]
			if i+2 < len(fields) && !strings.HasSuffix(val, ";") && isWholeNumber(fields[i+2]) {
				return "", false // several values
			}
		}
		return strings.Trim(strings.TrimSuffix(val, ";"), `"'`), true
	}
	return "", false
}

// isWholeNumber: s is written as a whole number.
func isWholeNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

// runsGrid is the grid of the runs: the metrics in the order first seen,
// a row per run at its table's line.
func runsGrid(path string, runs []runTable, notes []string) grid {
	g := grid{file: path, headerLine: runs[0].line, notes: notes}
	col := map[string]int{}
	for _, r := range runs {
		for _, m := range r.metrics {
			if _, seen := col[m]; !seen {
				col[m] = len(g.header)
				g.header = append(g.header, m)
			}
		}
	}
	for _, r := range runs {
		row := make([]string, len(g.header))
		for m, v := range r.values {
			row[col[m]] = v
		}
		g.rows = append(g.rows, row)
		g.lines = append(g.lines, r.line)
	}
	return g
}
