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

// basePerturbations are the rewrites other than renames.
var basePerturbations = []perturbation{
	{"identity (re-rendered)", eachTable(func(tb *textTable, _ *rand.Rand) bool { return true })},
	{"reverse rows", eachTable(reverseRows)},
	{"shuffle columns", eachTable(shuffleColumns)},
	{"+ GPU temp (°C) column", eachTable(extraColumn("GPU temp (°C)", func(i int) string { return strconv.Itoa(61 + i*7%17) }))},
	{"+ memory (GiB) column", eachTable(extraColumn("Memory (GiB)", func(i int) string { return fmt.Sprintf("%.1f", 71.3+0.4*float64(i)) }))},
	{"+ model column", eachTable(extraColumn("Model", func(int) string { return "Qwen3-8B" }))},
	{"+ success % column", eachTable(extraColumn("Success", func(i int) string { return []string{"100%", "100%", "99.8%"}[i%3] }))},
	{"+ row number column first", eachTable(rowNumbers)},
	{"+ date column", eachTable(extraColumn("Date", func(int) string { return "2026-03-14" }))},
	{"+ requests column", eachTable(unlessHeld(runFacts, extraColumn("Requests", func(int) string { return "200" })))},
	{"+ duration (s) column", eachTable(unlessHeld(runFacts, extraColumn("Duration (s)", func(i int) string { return strconv.Itoa(120 + 17*i) })))},
	{"+ error rate column", eachTable(extraColumn("Error rate", func(int) string { return "0.0%" }))},
	{"+ total tok/s beside output", eachTable(totalBesideOutput)},
	{"p50 → median", eachTable(renameStat(`(?i)\bp50\b`, "median"))},
	{"p99 → 99th percentile", eachTable(renameStat(`(?i)\bp99\b`, "99th percentile"))},
	{"mean → avg", eachTable(renameStat(`(?i)\bmean\b`, "avg"))},
	{"median → P50", eachTable(renameStat(`(?i)\bmedian\b`, "P50"))},
	{"TTFT ms → s", eachTable(millisToSeconds)},
	{"unit header → cells", eachTable(unitIntoCells)},
	{"unit cells → header", eachTable(unitIntoHeader)},
	{"prose above", proseAbove},
	{"prose below", proseBelow},
	{"no outer pipes", noOuterPipes},
	{"as pandas print(df)", asAligned("pandas")},
	{"as console columns", asAligned("dashes")},
	{"bold best row", eachTable(boldBest)},
	{"bold headers", eachTable(boldHeaders)},
	{"numbers as `code`", eachTable(codeNumbers)},
	{"+ status column (✅)", eachTable(extraColumn("Status", func(int) string { return "✅ PASS" }))},
	{"+ Δ vs previous row column", eachTable(deltaColumn)},
	{"+ average row", eachTable(averageRow)},
	{"load cells c=N", eachTable(loadCells("c=%s"))},
	{"load cells N users", eachTable(loadCells("%s users"))},
	{"load cells N 并发", eachTable(loadCells("%s 并发"))},
	{"TTFT ms → cells in s", eachTable(millisToSecondCells)},
	{"thousands separators", eachTable(thousands)},
}

// loadNames are other names of a concurrency column, in many languages.
var loadNames = []string{
	"Users", "Parallel requests", "并发", "Nebenläufigkeit", "Concurrencia", "In-flight requests", "同時実行数", "동시 요청 수", "Параллельность", "Requêtes simultanées", "Clients", "VUs", "Concurrent sessions", "Streams", "并发请求数", "并发用户数", "gleichzeitige Anfragen", "Usuarios concurrentes", "Utenti simultanei", "Eşzamanlılık", "Współbieżność", "Đồng thời", "Concorrência",
}

// throughputNames are other names of an output token rate column: with
// the word output, and without it for a header that has none.
var throughputNames = [][2]string{
	{"Output throughput (tokens/s)", "Throughput (tokens/s)"},
	{"输出吞吐量 (tok/s)", "吞吐量 (tok/s)"},
	{"Ausgabe-Durchsatz (Token/s)", "Durchsatz (Token/s)"},
	{"Rendimiento de salida (tokens/s)", "Rendimiento (tokens/s)"},
	{"出力スループット (tok/s)", "スループット (tok/s)"},
	{"출력 처리량 (tok/s)", "처리량 (tok/s)"},
	{"Выходная пропускная способность (токен/с)", "Пропускная способность (токен/с)"},
	{"Débit de sortie (tokens/s)", "Débit (tokens/s)"},
	{"Output tokens/sec", "Throughput (tokens/sec)"},
	{"Gen throughput (tok/s)", "Throughput (tok/s)"},
	{"Output token throughput", "Token throughput"},
	{"Decode tok/s", "tok/s"},
	{"Generation speed (tokens per second)", "Speed (tokens per second)"},
	{"Output throughput [tok/s]", "Throughput [tok/s]"},
	{"Output throughput, tok/s", "Throughput, tok/s"},
	{"Ausgabe-Tokens/s", "Tokens/s"},
	{"Przepustowość wyjściowa (tok/s)", "Przepustowość (tok/s)"},
	{"Çıkış verimi (tok/s)", "Verim (tok/s)"},
	{"Thông lượng đầu ra (tok/s)", "Thông lượng (tok/s)"},
	{"Vazão de saída (tok/s)", "Vazão (tok/s)"},
	{"Throughput in uscita (tok/s)", "Throughput (tok/s)"},
}

// ttftNames are other names of TTFT, in many languages.
var ttftNames = []string{
	"First token latency", "Time to first token", "首字延迟", "Zeit bis zum ersten Token", "Tiempo hasta el primer token", "最初のトークンまでの時間", "첫 토큰 지연", "Время до первого токена", "Latency to first token", "首Token延迟", "Czas do pierwszego tokenu", "İlk token süresi", "Thời gian đến token đầu tiên", "Tempo até o primeiro token", "Tempo al primo token", "ttft",
}

// unitStyles write a header's unit other than in parentheses.
var unitStyles = []string{"[%s]", ", %s", "in %s", "/ %s"}

// perturbationSet is every rewrite: with each name as a perturbation of
// its own (all), or, for the renames, one perturbation per kind that picks
// a name per entry (the seeded rng), so that every language is met at a
// fraction of the reads.
func perturbationSet(all bool) []perturbation {
	out := append(append([]perturbation(nil), basePerturbations...), roundTwoPerturbations...)
	if all {
		for _, n := range loadNames {
			out = append(out, perturbation{"load → " + n, eachTable(renameLoad(n))})
		}
		for _, n := range throughputNames {
			out = append(out, perturbation{"tok/s → " + n[0], eachTable(renameThroughput(n[0], n[1]))})
		}
		for _, n := range ttftNames {
			out = append(out, perturbation{"TTFT → " + n, eachTable(renameTTFT(n))})
		}
		for _, n := range unitStyles {
			out = append(out, perturbation{"unit (x) → " + fmt.Sprintf(n, "x"), eachTable(unitStyle(n))})
		}
		return out
	}
	pick := func(n int, rng *rand.Rand) int { return rng.Intn(n) }
	return append(out,
		perturbation{"load → another name", func(p *perturbable, rng *rand.Rand) bool {
			return eachTable(renameLoad(loadNames[pick(len(loadNames), rng)]))(p, rng)
		}},
		perturbation{"tok/s → another name", func(p *perturbable, rng *rand.Rand) bool {
			n := throughputNames[pick(len(throughputNames), rng)]
			return eachTable(renameThroughput(n[0], n[1]))(p, rng)
		}},
		perturbation{"TTFT → another name", func(p *perturbable, rng *rand.Rand) bool {
			return eachTable(renameTTFT(ttftNames[pick(len(ttftNames), rng)]))(p, rng)
		}},
		perturbation{"unit (x) → another style", func(p *perturbable, rng *rand.Rand) bool {
			return eachTable(unitStyle(unitStyles[pick(len(unitStyles), rng)]))(p, rng)
		}},
	)
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
	if n-keep < 2 || repeatedHeader(tb.header) {
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

// repeatedHeader: two columns share a header (`| TTFT p50 Pega | vLLM | Δ |
// TTFT p99 Pega | vLLM | Δ |`): each such header takes its meaning from
// the group it stands in, so moving the columns changes what the table
// says, and a shuffle is no rewrite a perf engineer reads alike.
func repeatedHeader(header []string) bool {
	seen := map[string]bool{}
	for _, h := range header {
		k := strings.ToLower(strings.TrimSpace(h))
		if k != "" && seen[k] {
			return true
		}
		seen[k] = true
	}
	return false
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
		// "Decode tok/s" or "Generation speed" beside another token rate
		// ("Completion tok/s") names a phase's rate or a speed, which the
		// reader ranks after the run's: the name would change what the
		// table says, so it is given only to a table with one token rate.
		if (strings.HasPrefix(output, "Decode") || strings.Contains(output, "speed")) && tokenRateHeaders(tb) > 1 {
			return false
		}
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

// tokenRateHeaders counts the headers of tb that name a token rate.
func tokenRateHeaders(tb *textTable) int {
	n := 0
	for _, h := range tb.labels() {
		if tokenRateName.MatchString(*h) {
			n++
		}
	}
	return n
}

var tokenRateName = regexp.MustCompile(`(?i)\btok(en)?s?\s*/\s*s|\btps\b|tokens? per sec`)

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
	if c := throughputColumn(tb); c >= 0 {
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

var millisHeader = regexp.MustCompile(`^(.*)\(ms\)(.*)$`)

// millisToSeconds writes a latency column in ms in seconds instead.
func millisToSeconds(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed {
		return false
	}
	changed := false
	for c, h := range tb.header {
		m := millisHeader.FindStringSubmatch(h)
		if m == nil || !numericColumn(tb, c) {
			continue
		}
		tb.header[c], changed = m[1]+"(s)"+m[2], true
		for _, r := range tb.rows {
			if v, err := strconv.ParseFloat(r[c], 64); err == nil {
				r[c] = strconv.FormatFloat(v/1000, 'f', -1, 64)
			}
		}
	}
	return changed
}

// noOuterPipes writes markdown tables without their leading and trailing
// pipes, as GitHub also renders them.
func noOuterPipes(p *perturbable, _ *rand.Rand) bool {
	if p.csv || len(p.tables) == 0 {
		return false
	}
	for i := range p.tables {
		p.tables[i].bare = true
	}
	return true
}

var parenUnit = regexp.MustCompile(`^(.*\S)\s*\(([^()]+)\)$`)

// unitStyle writes each header's parenthesised unit another way.
func unitStyle(format string) func(tb *textTable, _ *rand.Rand) bool {
	return func(tb *textTable, _ *rand.Rand) bool {
		changed := false
		for _, h := range tb.labels() {
			m := parenUnit.FindStringSubmatch(*h)
			if m == nil || !knownUnit[strings.ToLower(m[2])] {
				continue
			}
			sep := " "
			if strings.HasPrefix(format, ",") {
				sep = ""
			}
			*h, changed = m[1]+sep+fmt.Sprintf(format, m[2]), true
		}
		return changed
	}
}

var knownUnit = map[string]bool{"ms": true, "s": true, "tok/s": true, "tokens/s": true, "req/s": true, "t/s": true, "tokens/sec": true, "tok/sec": true}

func renameStat(pattern, to string) func(tb *textTable, _ *rand.Rand) bool {
	rx := regexp.MustCompile(pattern)
	return func(tb *textTable, _ *rand.Rand) bool {
		changed := false
		for _, h := range tb.labels() {
			if rx.MatchString(*h) {
				*h, changed = rx.ReplaceAllString(*h, to), true
			}
		}
		return changed
	}
}

// rowNumbers adds a row number before all other columns: "#" from 1 in
// markdown, pandas' unnamed index from 0 in a CSV (df.to_csv()).
func rowNumbers(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed {
		return false
	}
	header, from := "#", 1
	if tb.csv {
		header, from = "", 0
	}
	tb.header = insertCell(tb.header, 0, header)
	for i := range tb.rows {
		tb.rows[i] = insertCell(tb.rows[i], 0, strconv.Itoa(i+from))
	}
	return true
}

// runFacts are headers of the run's own facts: a table that has one gets
// no second.
var runFacts = regexp.MustCompile(`(?i)request|reqs|请求|duration|elapsed|wall|时长|用时|耗时`)

func unlessHeld(held *regexp.Regexp, f func(tb *textTable, rng *rand.Rand) bool) func(tb *textTable, rng *rand.Rand) bool {
	return func(tb *textTable, rng *rand.Rand) bool {
		for _, h := range tb.header {
			if held.MatchString(h) {
				return false
			}
		}
		return f(tb, rng)
	}
}

var outputRate = regexp.MustCompile(`(?i)^(output|out|gen)\b.*(tok/s|tokens/s|tps)`)

// totalBesideOutput adds the input and output tokens' rate right after the
// output rate column, as tools that print both do (3.1 × the output's).
func totalBesideOutput(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed {
		return false
	}
	for c, h := range tb.header {
		if !outputRate.MatchString(h) || !numericColumn(tb, c) {
			continue
		}
		tb.header = insertCell(tb.header, c+1, "Total tok/s")
		for i, r := range tb.rows {
			total := ""
			if v, err := strconv.ParseFloat(r[c], 64); err == nil {
				total = strconv.FormatFloat(v*3.1, 'f', 1, 64)
			}
			tb.rows[i] = insertCell(r, c+1, total)
		}
		return true
	}
	return false
}

// asAligned writes a file's one markdown table as text in columns (a
// frame printed by pandas, a console tool's output) pasted in its place.
func asAligned(style string) func(p *perturbable, _ *rand.Rand) bool {
	return func(p *perturbable, _ *rand.Rand) bool {
		if p.csv || len(p.tables) != 1 || p.tables[0].transposed {
			return false
		}
		for _, c := range append(append([]string(nil), p.tables[0].header...), p.tables[0].rows[0]...) {
			if c == "" || strings.Contains(c, "  ") {
				return false // a blank or spaced cell would shift the columns
			}
		}
		p.tables[0].aligned = style
		return true
	}
}

func boldHeaders(tb *textTable, _ *rand.Rand) bool {
	changed := false
	for _, h := range tb.labels() {
		if *h != "" {
			*h, changed = "**"+*h+"**", true
		}
	}
	return changed
}

func codeNumbers(tb *textTable, _ *rand.Rand) bool {
	if tb.csv {
		return false
	}
	changed := false
	for _, r := range tb.rows {
		for c, v := range r {
			if numberCell.MatchString(v) {
				r[c], changed = "`"+v+"`", true
			}
		}
	}
	return changed
}

// deltaColumn adds the change of the throughput from the row above, in
// percent ("+12%"), as comparison tables do.
func deltaColumn(tb *textTable, _ *rand.Rand) bool {
	c := throughputColumn(tb)
	if c < 0 {
		return false
	}
	tb.header = append(tb.header, "Δ vs previous")
	prev := 0.0
	for i, r := range tb.rows {
		d := "—"
		if v, err := strconv.ParseFloat(r[c], 64); err == nil {
			if i > 0 && prev != 0 {
				d = fmt.Sprintf("%+.0f%%", 100*(v/prev-1))
			}
			prev = v
		}
		tb.rows[i] = append(r, d)
	}
	return true
}

// metricWords name a measured column (a rate or a latency), which a
// summary row averages; a load or a setting it leaves blank.
var metricWords = regexp.MustCompile(`(?i)tok|tps|t/s|ttft|tpot|itl|latency|e2e|\(m?s\)|吞吐|延迟|时延`)

// averageRow adds a last row averaging each measured column, named
// "Average" in the first column.
func averageRow(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed || len(tb.rows) < 2 {
		return false
	}
	row := make([]string, len(tb.header))
	row[0] = "**Average**"
	for c := 1; c < len(tb.header); c++ {
		if !numericColumn(tb, c) || !metricWords.MatchString(tb.header[c]) {
			continue
		}
		sum, n := 0.0, 0
		for _, r := range tb.rows {
			if v, err := strconv.ParseFloat(r[c], 64); err == nil {
				sum, n = sum+v, n+1
			}
		}
		row[c] = strconv.FormatFloat(sum/float64(n), 'f', 1, 64)
	}
	tb.rows = append(tb.rows, row)
	return true
}

// throughputColumn is the first numeric column a throughput's words name.
func throughputColumn(tb *textTable) int {
	if tb.transposed {
		return -1
	}
	for c, h := range tb.header {
		if throughputWords.MatchString(h) && numericColumn(tb, c) {
			return c
		}
	}
	return -1
}

// loadCells writes each load cell with a word ("c=8", "8 users").
func loadCells(format string) func(tb *textTable, _ *rand.Rand) bool {
	return func(tb *textTable, _ *rand.Rand) bool {
		if tb.transposed {
			return false
		}
		for c, h := range tb.header {
			if !loadHeader.MatchString(h) || !numericColumn(tb, c) {
				continue
			}
			for _, r := range tb.rows {
				if r[c] != "" {
					r[c] = fmt.Sprintf(format, r[c])
				}
			}
			return true
		}
		return false
	}
}

// millisToSecondCells writes a latency column in ms as seconds in every
// cell ("0.093 s"), its header keeping no unit.
func millisToSecondCells(tb *textTable, _ *rand.Rand) bool {
	if tb.transposed {
		return false
	}
	changed := false
	for c, h := range tb.header {
		m := millisHeader.FindStringSubmatch(h)
		if m == nil || !numericColumn(tb, c) || !ttftWord.MatchString(h) {
			continue
		}
		tb.header[c], changed = strings.TrimSpace(m[1]+m[2]), true
		for _, r := range tb.rows {
			if v, err := strconv.ParseFloat(r[c], 64); err == nil {
				r[c] = strconv.FormatFloat(v/1000, 'f', -1, 64) + " s"
			}
		}
	}
	return changed
}
