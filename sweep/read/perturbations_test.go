package read

import (
	"fmt"
	"math/rand"
	"regexp"
	"strconv"
	"strings"
)

// perturbation is one rewrite a perf engineer reads the same way as the
// original table: applied to every table of a file, it says whether it
// changed anything (an entry it does not apply to is not counted).
type perturbation struct {
	name  string
	apply func(p *perturbable, rng *rand.Rand) bool
}

var perturbations = []perturbation{
	{"identity (re-rendered)", eachTable(func(tb *textTable, _ *rand.Rand) bool { return true })},
	{"reverse rows", eachTable(reverseRows)},
	{"shuffle columns", eachTable(shuffleColumns)},
	{"+ GPU temp (°C) column", eachTable(extraColumn("GPU temp (°C)", func(i int) string { return strconv.Itoa(61 + i*7%17) }))},
	{"+ memory (GiB) column", eachTable(extraColumn("Memory (GiB)", func(i int) string { return fmt.Sprintf("%.1f", 71.3+0.4*float64(i)) }))},
	{"+ model column", eachTable(extraColumn("Model", func(int) string { return "Qwen3-8B" }))},
	{"+ success % column", eachTable(extraColumn("Success", func(i int) string { return []string{"100%", "100%", "99.8%"}[i%3] }))},
	{"load → Users", eachTable(renameLoad("Users"))},
	{"load → Parallel requests", eachTable(renameLoad("Parallel requests"))},
	{"load → 并发", eachTable(renameLoad("并发"))},
	{"load → Nebenläufigkeit", eachTable(renameLoad("Nebenläufigkeit"))},
	{"load → Concurrencia", eachTable(renameLoad("Concurrencia"))},
	{"tok/s → en", eachTable(renameThroughput("Output throughput (tokens/s)", "Throughput (tokens/s)"))},
	{"tok/s → zh", eachTable(renameThroughput("输出吞吐量 (tok/s)", "吞吐量 (tok/s)"))},
	{"tok/s → de", eachTable(renameThroughput("Ausgabe-Durchsatz (Token/s)", "Durchsatz (Token/s)"))},
	{"tok/s → es", eachTable(renameThroughput("Rendimiento de salida (tokens/s)", "Rendimiento (tokens/s)"))},
	{"TTFT → en", eachTable(renameTTFT("Time to first token"))},
	{"TTFT → zh", eachTable(renameTTFT("首字延迟"))},
	{"TTFT → de", eachTable(renameTTFT("Zeit bis zum ersten Token"))},
	{"unit header → cells", eachTable(unitIntoCells)},
	{"unit cells → header", eachTable(unitIntoHeader)},
	{"prose above", proseAbove},
	{"prose below", proseBelow},
	{"bold best row", eachTable(boldBest)},
	{"thousands separators", eachTable(thousands)},
}

func eachTable(f func(tb *textTable, rng *rand.Rand) bool) func(p *perturbable, rng *rand.Rand) bool {
	return func(p *perturbable, rng *rand.Rand) bool {
		changed := false
		for i := range p.tables {
			if f(&p.tables[i], rng) {
				changed = true
			}
		}
		return changed
	}
}

func reverseRows(tb *textTable, _ *rand.Rand) bool {
	for i, j := 0, len(tb.rows)-1; i < j; i, j = i+1, j-1 {
		tb.rows[i], tb.rows[j] = tb.rows[j], tb.rows[i]
	}
	return len(tb.rows) > 1
}

// shuffleColumns reorders the columns; a transposed table keeps its
// metric names first and reorders its levels.
func shuffleColumns(tb *textTable, rng *rand.Rand) bool {
	n, keep := len(tb.header), 0
	if tb.transposed {
		keep = 1
	}
	if n-keep < 2 {
		return false
	}
	perm := shuffled(n, keep, rng)
	for isIdentity(perm) {
		perm = shuffled(n, keep, rng)
	}
	pick := func(cells []string) []string {
		out := make([]string, n)
		for i, j := range perm {
			out[i] = cells[j]
		}
		return out
	}
	tb.header = pick(tb.header)
	for i := range tb.rows {
		tb.rows[i] = pick(tb.rows[i])
	}
	return true
}

// shuffled is a permutation of n that keeps the first keep in place.
func shuffled(n, keep int, rng *rand.Rand) []int {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	rest := perm[keep:]
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return perm
}

func isIdentity(perm []int) bool {
	for i, j := range perm {
		if i != j {
			return false
		}
	}
	return true
}

func extraColumn(header string, value func(row int) string) func(tb *textTable, rng *rand.Rand) bool {
	return func(tb *textTable, rng *rand.Rand) bool {
		if tb.transposed {
			row := []string{header}
			for i := 1; i < len(tb.header); i++ {
				row = append(row, value(i-1))
			}
			at := rng.Intn(len(tb.rows) + 1)
			tb.rows = append(tb.rows[:at:at], append([][]string{row}, tb.rows[at:]...)...)
			return true
		}
		at := rng.Intn(len(tb.header) + 1)
		tb.header = insertCell(tb.header, at, header)
		for i := range tb.rows {
			tb.rows[i] = insertCell(tb.rows[i], at, value(i))
		}
		return true
	}
}

func insertCell(cells []string, at int, v string) []string {
	out := append([]string(nil), cells[:at]...)
	out = append(out, v)
	return append(out, cells[at:]...)
}

var loadHeader = regexp.MustCompile(`(?i)^(concurrency|concurrent|conc|max concurrency|concurrent requests|users|clients|并发|并发数)$`)

func renameLoad(to string) func(tb *textTable, _ *rand.Rand) bool {
	return func(tb *textTable, _ *rand.Rand) bool {
		changed := false
		for _, h := range tb.labels() {
			if loadHeader.MatchString(*h) && *h != to {
				*h, changed = to, true
			}
		}
		return changed
	}
}

var throughputHeader = regexp.MustCompile(`(?i)^(output |out |输出)?(tok/s|tps|throughput \(tok/s\)|throughput \(tokens/s\)|吞吐 \(tok/s\))$`)

func renameThroughput(output, plain string) func(tb *textTable, _ *rand.Rand) bool {
	return func(tb *textTable, _ *rand.Rand) bool {
		changed := false
		for _, h := range tb.labels() {
			m := throughputHeader.FindStringSubmatch(*h)
			if m == nil {
				continue
			}
			*h, changed = plain, true
			if m[1] != "" {
				*h = output
			}
		}
		return changed
	}
}

var ttftWord = regexp.MustCompile(`\bTTFT\b`)

func renameTTFT(to string) func(tb *textTable, _ *rand.Rand) bool {
	return func(tb *textTable, _ *rand.Rand) bool {
		changed := false
		for _, h := range tb.labels() {
			if ttftWord.MatchString(*h) {
				*h, changed = ttftWord.ReplaceAllString(*h, to), true
			}
		}
		return changed
	}
}

var (
	numberCell = regexp.MustCompile(`^-?\d+(\.\d+)?$`)
	headerUnit = regexp.MustCompile(`^(.*\S)\s+(?:\((tok/s|tokens/s|ms|s|req/s|t/s)\)|(tok/s|ms|req/s))$`)
	cellUnit   = regexp.MustCompile(`^(-?\d[\d,]*(?:\.\d+)?)\s*(ms|s|tok/s|tokens/s|req/s|t/s)$`)
)

// numericColumn: every cell of column c is a plain number or empty, and at
// least one is a number.
func numericColumn(tb *textTable, c int) bool {
	any := false
	for _, r := range tb.rows {
		if r[c] == "" {
			continue
		}
		if !numberCell.MatchString(r[c]) {
			return false
		}
		any = true
	}
	return any
}

func unitIntoCells(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed {
		return false // a column per level: no column holds one metric
	}
	changed := false
	for c, h := range tb.header {
		m := headerUnit.FindStringSubmatch(h)
		if m == nil || !numericColumn(tb, c) {
			continue
		}
		unit := m[2] + m[3]
		tb.header[c], changed = m[1], true
		for _, r := range tb.rows {
			if r[c] != "" {
				r[c] += " " + unit
			}
		}
	}
	return changed
}

func unitIntoHeader(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed {
		return false // a column per level: no column holds one metric
	}
	changed := false
	for c := range tb.header {
		unit, ok := oneCellUnit(tb, c)
		if !ok {
			continue
		}
		tb.header[c], changed = tb.header[c]+" ("+unit+")", true
		for _, r := range tb.rows {
			if m := cellUnit.FindStringSubmatch(r[c]); m != nil {
				r[c] = m[1]
			}
		}
	}
	return changed
}

// oneCellUnit: every filled cell of column c writes the same unit.
func oneCellUnit(tb *textTable, c int) (string, bool) {
	unit := ""
	for _, r := range tb.rows {
		if r[c] == "" {
			continue
		}
		m := cellUnit.FindStringSubmatch(r[c])
		if m == nil || unit != "" && m[2] != unit {
			return "", false
		}
		unit = m[2]
	}
	return unit, unit != ""
}

var proseHeader = []string{
	"## Benchmark results",
	"",
	"$ python3 benchmarks/benchmark_serving.py --backend vllm --model Qwen/Qwen2.5-7B-Instruct --dataset-name random --random-input-len 1024 --random-output-len 128 --seed 42",
	"",
}

func proseAbove(p *perturbable, _ *rand.Rand) bool {
	if p.csv {
		return false
	}
	shift := len(proseHeader)
	p.lines = append(append([]string(nil), proseHeader...), p.lines...)
	for i := range p.tables {
		p.tables[i].start += shift
		p.tables[i].end += shift
	}
	return true
}

func proseBelow(p *perturbable, _ *rand.Rand) bool {
	if p.csv {
		return false
	}
	p.lines = append(p.lines, "", "Note: each level ran for 300 s after 2 warm-up requests on 8× H100 80GB; figures are the median of 3 runs (±4%).", "")
	return true
}

var throughputWords = regexp.MustCompile(`(?i)tok/s|tokens/s|token/s|\btps\b|\bt/s\b|吞吐|throughput`)

func boldBest(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed {
		return false // a column per level: no column holds one metric
	}
	for c, h := range tb.header {
		if !throughputWords.MatchString(h) || !numericColumn(tb, c) {
			continue
		}
		best, at := -1.0, -1
		for i, r := range tb.rows {
			if v, err := strconv.ParseFloat(r[c], 64); err == nil && v > best {
				best, at = v, i
			}
		}
		tb.rows[at][c] = "**" + tb.rows[at][c] + "**"
		return true
	}
	return false
}

var bigNumber = regexp.MustCompile(`^(\d{4,})(\.\d+)?$`)

func thousands(tb *textTable, _ *rand.Rand) bool {
	changed := false
	for _, r := range tb.rows {
		for c, v := range r {
			m := bigNumber.FindStringSubmatch(v)
			if m == nil {
				continue
			}
			r[c], changed = groupThousands(m[1])+m[2], true
		}
	}
	return changed
}

func groupThousands(digits string) string {
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}
