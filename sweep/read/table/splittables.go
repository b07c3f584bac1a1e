package table

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/vocab"
)

// One sweep is often published split across tables under headings: one
// table per metric (throughput in one, TTFT in the next, each with the same
// load column and the engines as columns), or one table per load level (the
// level in the heading, a row per metric, a column per engine). When no
// table reads as a sweep on its own, splitJoins puts such tables back into
// one grid. It joins only what cannot be two curves: tables of one load
// column with the same values in the same order whose metrics do not
// overlap; tables holding the same metric are refused by name, never
// merged.

// maxJoinedCols bounds a joined grid's width: a real split sweep has a
// few dozen columns, and reading a grid costs more than linear time in its
// width, so a wider join is not tried (the tables' own refusals stand).
const maxJoinedCols = 1024

// splitJoin is a grid put together from several tables, with the note that
// says which and how.
type splitJoin struct {
	g    grid
	note string
	// from is the header line of each table joined.
	from []int
}

// splitJoins finds the joins the tables allow. refusal is set when tables
// share a load column but hold the same metric, and joining them is what
// would have given the sweep its throughput.
func splitJoins(tables []grid) (joins []splitJoin, refusal error) {
	joins, refusal = joinByLoadColumn(tables)
	joins = append(joins, joinByLevelHeading(tables)...)
	return joins, refusal
}

// joinByLoadColumn joins the tables that share their load column and its
// values, in order (one table per metric).
func joinByLoadColumn(tables []grid) ([]splitJoin, error) {
	var groups []*loadGroup
	for _, g := range tables {
		p, ok := prepareSplitPart(g)
		if !ok {
			continue
		}
		var into *loadGroup
		for _, gr := range groups {
			if strings.EqualFold(gr.load, p.loadHeader) && equalStrings(gr.levels, p.levels) {
				into = gr
				break
			}
		}
		if into == nil {
			into = &loadGroup{load: p.loadHeader, levels: p.levels}
			groups = append(groups, into)
		}
		into.parts = append(into.parts, p)
	}
	for _, gr := range groups {
		dropRepeatedColumns(gr.parts)
	}
	var out []splitJoin
	var refusal error
	for _, gr := range splitSections(groups) {
		if len(gr.parts) < 2 {
			continue
		}
		if err := disjointMetrics(gr.parts); err != nil {
			// Only where the join is what would give the sweep its
			// throughput; else the table's own refusal says more.
			if refusal == nil && holdsThroughput(gr.parts) {
				refusal = err
			}
			continue
		}
		if width := joinedWidth(gr.parts); width > maxJoinedCols {
			continue
		}
		out = append(out, joinParts(gr.parts))
	}
	return out, refusal
}

// loadGroup is the tables that share a load column and its levels.
type loadGroup struct {
	load   string
	levels []string
	parts  []splitPart
}

// splitSections splits each group that holds one metric twice by the
// sections its tables sit in ("## Output tok/s" and "## TTFT", each with a
// "### Lane A" and a "### Lane B"), where that joins each section's tables
// (sections.go); other groups stay as they are.
func splitSections(groups []*loadGroup) []*loadGroup {
	var split []*loadGroup
	for _, gr := range groups {
		if len(gr.parts) < 2 || disjointMetrics(gr.parts) == nil {
			split = append(split, gr)
			continue
		}
		bySection, ok := splitBySection(gr.parts)
		if !ok {
			split = append(split, gr)
			continue
		}
		for _, parts := range bySection {
			split = append(split, &loadGroup{load: gr.load, levels: gr.levels, parts: parts})
		}
	}
	return split
}

// splitPart is one table ready to join: its load column first, then the
// columns it contributes, headers completed from its heading.
type splitPart struct {
	g          grid
	loadHeader string
	levels     []string
	load       int
	keep       []int
	headers    []string // of keep
	renamed    []string // headers that took the heading as their metric
	dropped    []string // columns that hold text ("TRT +4.5%")
	ratios     []string // columns of ratios and percentages: derived
}

// prepareSplitPart reads a table's load column and what each other column
// contributes; false when the table has no load column or a blank level.
func prepareSplitPart(g grid) (splitPart, bool) {
	p := splitPart{g: g, load: joinKey(g)}
	if p.load < 0 || len(g.rows) == 0 {
		return p, false
	}
	p.loadHeader = g.header[p.load]
	for _, row := range g.rows {
		v := cleanCell(cellAt(row, p.load))
		if isBlank(v) {
			return p, false
		}
		// Rows named by metrics are a transposed table, not rows keyed
		// by a label (joinByLevelHeading reads those).
		if g.header[p.load] != "" && classify(g.header[p.load]).kind == colSeriesLabel && classify(v).key() != "" {
			return p, false
		}
		p.levels = append(p.levels, v)
	}
	heading := sectionMetric(g)
	for i, h := range g.header {
		if i == p.load {
			continue
		}
		c := classify(h)
		switch {
		case textColumn(g, i):
			p.dropped = append(p.dropped, h)
			continue
		case c.kind == colRatio || allRatios(columnCells(g, i)):
			p.ratios = append(p.ratios, h)
			continue
		case heading != "" && holdsHeadingMetric(g, i, c):
			// A column that says nothing on its own (an engine's name)
			// holds the metric its table's heading names.
			p.renamed = append(p.renamed, h)
			h = h + " " + heading
		}
		p.keep = append(p.keep, i)
		p.headers = append(p.headers, h)
	}
	return p, true
}

// holdsHeadingMetric: column i says nothing on its own (an engine's name),
// or names an arm with a label word ("vLLM Server") over numbers: it holds
// the metric its table's heading names.
func holdsHeadingMetric(g grid, i int, c column) bool {
	return saysNothing(c) || armName(c) && numericColumn(g, i)
}

// saysNothing: a header that names no role, no unit and no dimension (an
// engine's name, "vLLM"), so that only its table's heading says what it
// holds. "vLLM V0 Avg Lat(s)" says a time, and keeps its own meaning.
func saysNothing(c column) bool {
	// A word knee knows but does not read ("KV" of "KV TOPS": KV-aware
	// routing) says nothing of a value either.
	if c.kind != colIgnore || c.why != "" && c.why != whyNotRead {
		return false
	}
	low := vocab.Translate(strings.ToLower(stripMarkup(c.header)))
	if d, _ := headerDimension(low); d != dimNone {
		return false
	}
	_, timed := timeUnitFromTokens(headerTokens(low))
	return !timed
}

// joinKey is the column a table is joined on: its load column, else a
// first column of labels (guidellm's "Benchmark Strategy": one row per
// benchmark, in run order, in every table it prints); -1 for none.
func joinKey(g grid) int {
	cols := classifyAll(g.header)
	for i := range cols {
		if cols[i].kind == colConcurrency && cols[i].flavor == "measured" {
			cols[i].kind = colAchieved // a measurement, not the level set
		}
	}
	if l := loadColumn(cols); l >= 0 {
		return l
	}
	if len(cols) > 0 && cols[0].kind == colSeriesLabel {
		return 0
	}
	return -1
}

// headingMetric is the table's caption, else its innermost heading, when
// it names a metric a column can hold ("Throughput (tokens/sec)"), else "".
func headingMetric(g grid) string {
	h := g.caption
	if h == "" && len(g.title) > 0 {
		h = g.title[len(g.title)-1]
	}
	if h == "" {
		return ""
	}
	if m := declaredMetric(h); m != "" {
		return m
	}
	if !namesMetric(h) {
		if m := lastClauseMetric(h); m != "" {
			return m
		}
		if m := firstClauseMetric(h); m != "" {
			return m
		}
		if m := metricAgainstLoad(h); m != "" {
			return m
		}
		if m := bracketMetric(h); m != "" {
			return m
		}
		return comparedHeadingMetric(g, h)
	}
	return h
}

// maxClauseMetric is how long a caption's last clause may be to be read as
// the metric alone.
const maxClauseMetric = 32

// lastClauseMetric is the caption's last clause when it names a metric on
// its own: "Throughput from the sharding change (R3 vs R2), total tok/s"
// says what the cells hold in its last words, after the setup. "" when it
// does not.
func lastClauseMetric(h string) string {
	i := strings.LastIndexAny(h, ",，;；")
	if i < 0 {
		return ""
	}
	_, size := utf8.DecodeRuneInString(h[i:])
	c := strings.TrimSpace(h[i+size:])
	if c == "" || utf8.RuneCountInString(c) > maxClauseMetric || !namesMetric(c) {
		return ""
	}
	return c
}

// sectionMetric is what a table to be joined holds: its headingMetric, else,
// where its innermost heading names a workload ("### Lane (input=1024)"
// under "## Output tok/s"), the nearest heading above that names a metric.
// Only a join reads the outer heading: a table that reads alone under
// "## 3.2 Throughput" / "### A. eager draft" keeps its columns' own names.
func sectionMetric(g grid) string {
	if m := headingMetric(g); m != "" || g.caption != "" {
		return m
	}
	for i := len(g.title) - 2; i >= 0; i-- {
		if namesMetric(g.title[i]) {
			return g.title[i]
		}
	}
	return ""
}

// namesMetric: h names a metric a column can hold, not a load. A total
// token rate ("合計tok/s", "Total throughput, tok/s") names one too: the
// column it heads is the table's only token rate, which loneTotal reads
// (families.go) as a heading's column as well as a header's.
func namesMetric(h string) bool {
	c := classify(h)
	if c.kind == colOtherTokRate && c.flavor == "total" {
		return true
	}
	return c.key() != "" && c.kind != colConcurrency && c.kind != colPerGPU && c.kind != colRequestedRate
}

func columnCells(g grid, i int) []string {
	out := make([]string, 0, len(g.rows))
	for _, row := range g.rows {
		out = append(out, cellAt(row, i))
	}
	return out
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// disjointMetrics refuses parts that hold one metric twice: two tables of
// TTFT under different headings are two curves (two GPUs, two dates), not
// halves of one.
func disjointMetrics(parts []splitPart) error {
	prev, pi, k := firstShared(parts, metricKey)
	if k == "" {
		// A column that names no metric, under the same header in two
		// tables ("aggregate"), is one quantity twice too.
		prev, pi, k = firstShared(parts, unnamedKey)
	}
	if k == "" {
		return nil
	}
	a, b := parts[prev].g, parts[pi].g
	// Named as --series picks them back: by a heading only one of them
	// has, else by caption or line.
	names := tableNames([]grid{a, b})
	return inputerr.Errorf(a.file, "--series", a.headerLine, "the tables at lines %d (%s) and %d (%s) share the load column %q but both hold %s: knee joins tables into one sweep only when each holds its own metrics; pick one table by its heading with --series %q", a.headerLine, names[0], b.headerLine, names[1], parts[pi].loadHeader, k, names[0])
}

// firstShared finds the first key (keyOf a header; "" for none) two parts
// both hold: the earlier part, the later one, and the key; "" when none.
func firstShared(parts []splitPart, keyOf func(string) string) (int, int, string) {
	owner := map[string]int{}
	for pi, p := range parts {
		seen := map[string]bool{}
		for _, h := range p.headers {
			k := keyOf(h)
			if k == "" || seen[k] {
				continue
			}
			seen[k] = true
			if prev, ok := owner[k]; ok {
				return prev, pi, k
			}
			owner[k] = pi
		}
	}
	return 0, 0, ""
}

func metricKey(h string) string { return classify(h).key() }

// unnamedKey is a header that names no metric, quoted; "" for one that does.
func unnamedKey(h string) string {
	if classify(h).key() != "" {
		return ""
	}
	return strconv.Quote(strings.ToLower(strings.TrimSpace(h)))
}

func joinedWidth(parts []splitPart) int {
	n := 1
	for _, p := range parts {
		n += len(p.headers)
	}
	return n
}

func holdsThroughput(parts []splitPart) bool {
	for _, p := range parts {
		for _, h := range p.headers {
			if k := classify(h).kind; k == colThroughput || k == colThroughputPerGPU {
				return true
			}
		}
	}
	return false
}

func partName(g grid) string {
	if g.caption != "" {
		return g.caption
	}
	if len(g.title) == 0 {
		return fmt.Sprintf("line %d", g.headerLine)
	}
	return g.title[len(g.title)-1]
}

// joinParts lays the parts side by side: the load column once, then each
// part's columns in table order.
func joinParts(parts []splitPart) splitJoin {
	first := parts[0]
	// A joined row's line is that of the row holding its throughput: the
	// number a point's source must lead back to.
	lines := first.g.lines
	for _, p := range parts {
		if holdsThroughput([]splitPart{p}) {
			lines = p.g.lines
			break
		}
	}
	j := grid{file: first.g.file, headerLine: first.g.headerLine, header: []string{first.loadHeader}, lines: lines, title: commonTitle(parts)}
	for _, p := range parts {
		j.header = append(j.header, p.headers...)
		// Each table's prose is said of its columns, now the joined ones.
		j.context += p.g.context + "\n"
	}
	for r, lv := range first.levels {
		row := []string{lv}
		for _, p := range parts {
			for _, i := range p.keep {
				row = append(row, cellAt(p.g.rows[r], i))
			}
		}
		j.rows = append(j.rows, row)
	}
	var names, renamed, dropped, ratios []string
	for _, p := range parts {
		names = append(names, fmt.Sprintf("%q (line %d)", partName(p.g), p.g.headerLine))
		renamed = addQuoted(renamed, p.renamed)
		dropped = addQuoted(dropped, p.dropped)
		ratios = addQuoted(ratios, p.ratios)
	}
	note := fmt.Sprintf("%s:%d: %d tables read as one sweep, joined on %q (the same %d levels in the same order): %s", first.g.file, first.g.headerLine, len(parts), first.loadHeader, len(first.levels), strings.Join(names, ", "))
	if len(renamed) > 0 {
		note += fmt.Sprintf("; columns %s hold the metric their table's title (heading or caption) names", strings.Join(renamed, ", "))
	}
	if len(dropped) > 0 {
		note += fmt.Sprintf("; columns %s hold text, not numbers, and are not read", strings.Join(dropped, ", "))
	}
	if len(ratios) > 0 {
		note += fmt.Sprintf("; columns %s hold ratios or percentages and are not read", strings.Join(ratios, ", "))
	}
	var from []int
	for _, p := range parts {
		from = append(from, p.g.headerLine)
	}
	return splitJoin{g: j, note: note, from: from}
}

// commonTitle is the headings every part sits under: what names the
// joined sweep among others. Past the headings they share in order, a
// heading every part has that names no metric (the workload of a section,
// "Lane A" under both "## Throughput" and "## TTFT") names it too.
func commonTitle(parts []splitPart) []string {
	t := parts[0].g.title
	for _, p := range parts[1:] {
		n := 0
		for n < len(t) && n < len(p.g.title) && t[n] == p.g.title[n] {
			n++
		}
		t = t[:n]
	}
	out := append([]string(nil), t...)
	for _, h := range parts[0].g.title[len(t):] {
		if !namesMetric(h) && allHaveHeading(parts, h) {
			out = append(out, h)
		}
	}
	return out
}

func allHaveHeading(parts []splitPart, h string) bool {
	for _, p := range parts {
		if !slices.Contains(p.g.title, h) {
			return false
		}
	}
	return true
}

// maxCaption bounds a caption: a longer line is prose, not a name.
const maxCaption = 80

// captionAbove is the line above a table's header (a blank line between
// allowed) when it reads as the table's name: short, ending with a colon,
// and neither a heading, a list item nor a table line. "" otherwise.
func captionAbove(lines []string, header int) string {
	i := skipBlankAbove(lines, header-1)
	// A table pasted in a code fence keeps the caption above the fence.
	if i >= 0 && strings.HasPrefix(strings.TrimSpace(lines[i]), "```") {
		i = skipBlankAbove(lines, i-1)
	}
	if i < 0 {
		return ""
	}
	l := strings.TrimSpace(unquote(lines[i]))
	if l == "" {
		return ""
	}
	if m := boldLeadCaption.FindStringSubmatch(l); m != nil && len(m[1]) <= maxCaption {
		return strings.TrimSpace(m[1])
	}
	if c := betterCaption(l); c != "" {
		return c
	}
	if c := metricLeadCaption(lines, i); c != "" {
		return c
	}
	if !strings.HasSuffix(l, ":") && !strings.HasSuffix(l, "：") || strings.ContainsAny(l[:1], "#|-*+>") {
		return ""
	}
	return colonCaption(l)
}

// colonCaption is the caption a line ending with a colon gives the table
// under it: the line, or the sentence of it that names the table.
func colonCaption(l string) string {
	if len(l) > maxCaption {
		if c := introSentence(l); c != "" {
			return c
		}
		return leadClause(l)
	}
	// A short line may still end a wrapped paragraph ("… 16.9k). Decode
	// (in=128, out=512), output tok/s:"): its last sentence, opening with
	// a capital, introduces the table.
	if c := introSentence(l); c != "" && unicode.IsUpper([]rune(c)[0]) {
		return c
	}
	return strings.TrimSpace(strings.TrimRight(l, ":："))
}

// leadClause is a long caption's first clause, when short enough and it
// names a metric: in
// "Window-average throughput per level (tok/s), with steady-state estimate
// at c=64:" the words before the comma name the table, the rest qualifies
// one row of it.
func leadClause(l string) string {
	head, _, ok := strings.Cut(l, ", ")
	if !ok || len(head) > maxCaption || !namesMetric(head) {
		return "" // long prose, not a name
	}
	return strings.TrimSpace(head)
}

// skipBlankAbove is the first line at or above i that is not blank, up to
// two blank lines skipped: a quoted table's empty quote line (">") and the
// blank line above the quote stand between it and its caption.
func skipBlankAbove(lines []string, i int) int {
	for n := 0; n < 2 && i >= 0 && strings.TrimSpace(unquote(lines[i])) == ""; n++ {
		i--
	}
	return i
}

// sentenceEnd is where one sentence of prose ends and the next begins.
var sentenceEnd = regexp.MustCompile(`[.!?。！？]\s+|[。！？]`)

// introSentence is the last sentence of a paragraph that ends with a colon
// right above a table ("… on one T4. The median output throughput was:"):
// that sentence introduces the table and names what it holds. "" when the
// paragraph is one long sentence, or its last is too long to be a name.
func introSentence(l string) string {
	ends := sentenceEnd.FindAllStringIndex(l, -1)
	if len(ends) == 0 {
		return ""
	}
	last := strings.TrimSpace(strings.TrimRight(l[ends[len(ends)-1][1]:], ":："))
	if last == "" || utf8.RuneCountInString(last) > maxCaption {
		return ""
	}
	return last
}

// boldLeadCaption is a caption written in bold with a remark after it,
// the line ending with a colon: "**Median TTFT (ms)** — no difference:",
// "**Aggregate throughput** (`tools/bench_batch.py`, K64=all):". The bold
// part names the table; the remark is the author's reading of it, or how
// it was measured.
var boldLeadCaption = regexp.MustCompile(`^\*\*([^*]{2,}?)\*\*\s*(?:[—–:：-]\s*[^|]*|\([^|]*\)\s*)[:：]$`)

// headingNumber finds the numbers in a heading: a level heading holds one.
var headingNumber = regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`)

// headingLevel reads a load level from a heading: "Concurrency User 4",
// "Batch size = 32", "并发 16" → the load's name and the level; false when
// the heading holds no single number or its words name no load.
func headingLevel(title []string) (name, level string, ok bool) {
	if len(title) == 0 {
		return "", "", false
	}
	h := stripMarkup(title[len(title)-1])
	nums := headingNumber.FindAllStringIndex(h, -1)
	if len(nums) != 1 {
		return "", "", false
	}
	at := nums[0]
	name = strings.TrimSpace(strings.Trim(strings.TrimSpace(h[:at[0]]+" "+h[at[1]:]), "=:：-–"))
	c := classify(name)
	if c.kind != colConcurrency && c.kind != colPerGPU && c.kind != colRequestedRate {
		return "", "", false
	}
	return name, h[at[0]:at[1]], true
}

// joinByLevelHeading joins tables that each hold one load level, named by
// their heading, with a row per metric and a column per series (engine):
// one row per level, a column per series and metric.
func joinByLevelHeading(tables []grid) []splitJoin {
	var out []splitJoin
	for _, run := range levelTableRuns(tables) {
		if len(run) < 2 || 1+(len(run[0].g.header)-1)*len(run[0].rowNames) > maxJoinedCols {
			continue
		}
		out = append(out, joinLevelRun(run))
	}
	return out
}

// levelTable is a table that holds one level, named by its heading.
type levelTable struct {
	g            grid
	name, level  string
	rowNames     []string
	headerKeyStr string
}

// levelTableRuns groups consecutive level tables of one shape (the same
// headers, row names and level name).
func levelTableRuns(tables []grid) [][]levelTable {
	var runs [][]levelTable
	for _, g := range tables {
		lt, ok := asLevelTable(g)
		if !ok {
			continue
		}
		if n := len(runs); n > 0 {
			prev := runs[n-1][0]
			if prev.headerKeyStr == lt.headerKeyStr && equalStrings(prev.rowNames, lt.rowNames) && strings.EqualFold(prev.name, lt.name) {
				runs[n-1] = append(runs[n-1], lt)
				continue
			}
		}
		runs = append(runs, []levelTable{lt})
	}
	return runs
}

// asLevelTable reads g as one level's table: a level in its heading, rows
// named (not numbered), one of them a metric.
func asLevelTable(g grid) (levelTable, bool) {
	name, level, ok := headingLevel(g.title)
	if !ok || len(g.header) < 2 || rowsNumbered(g) || len(g.rows) == 0 {
		return levelTable{}, false
	}
	lt := levelTable{g: g, name: name, level: level, headerKeyStr: strings.ToLower(strings.Join(g.header, "\x00"))}
	metric := false
	for _, row := range g.rows {
		n := cellAt(row, 0)
		lt.rowNames = append(lt.rowNames, n)
		if classify(n).key() != "" {
			metric = true
		}
	}
	return lt, metric
}

// joinLevelRun is one grid of a run of level tables: a row per level, a
// column per series and metric, titled by the headings they share.
func joinLevelRun(run []levelTable) splitJoin {
	first := run[0]
	j := grid{file: first.g.file, headerLine: first.g.headerLine, header: []string{first.name}}
	for c := 1; c < len(first.g.header); c++ {
		for _, rn := range first.rowNames {
			j.header = append(j.header, first.g.header[c]+" "+rn)
		}
	}
	var levels []string
	for _, lt := range run {
		row := []string{lt.level}
		for c := 1; c < len(lt.g.header); c++ {
			for _, r := range lt.g.rows {
				row = append(row, cellAt(r, c))
			}
		}
		j.rows = append(j.rows, row)
		j.lines = append(j.lines, lt.g.headerLine)
		levels = append(levels, lt.level)
	}
	j.title = sharedTitle(run)
	note := fmt.Sprintf("%s:%d: %d tables read as one sweep, one level each from its heading (%q %s), a row per metric and a column per series (%s)", first.g.file, first.g.headerLine, len(run), first.name, strings.Join(levels, ", "), quoteAll(first.g.header[1:]))
	return splitJoin{g: j, note: note}
}

// sharedTitle is the headings above the level headings that every table of
// the run shares.
func sharedTitle(run []levelTable) []string {
	t := run[0].g.title[:len(run[0].g.title)-1]
	for _, lt := range run[1:] {
		n := 0
		for n < len(t) && n < len(lt.g.title)-1 && t[n] == lt.g.title[n] {
			n++
		}
		t = t[:n]
	}
	return append([]string(nil), t...)
}

// joinedSweep reads the tables joined back into one sweep, when no table
// read on its own (firstErr says why the first did not). Two joins that
// read are two curves, refused by their headings as tables are.
func joinedSweep(path string, tables []grid, meta Meta, pick string, firstErr error) (*sweep.Sweep, error) {
	joins, refusal := splitJoins(tables)
	var read []grid
	var got *sweep.Sweep
	var note string
	var joinErr error
	for _, j := range joins {
		s, err := tableToSweep(j.g, meta)
		if err != nil {
			if joinErr == nil {
				joinErr = err
			}
			continue
		}
		read, got, note = append(read, j.g), s, j.note
	}
	switch {
	case len(read) == 1:
		got.Notes = append([]string{note}, got.Notes...)
		return got, nil
	case len(read) > 1:
		return sweepOfTables(path, read, meta, pick, false)
	case joinErr != nil:
		return nil, joinErr
	case refusal != nil:
		return nil, refusal
	}
	return nil, firstErr
}

// widerSweep is the join that holds the one table that read alone (whose
// TTFT, say, another table holds), when that join reads too: the tables
// are one sweep, and reading one of them would drop the rest unsaid.
func widerSweep(tables []grid, alone grid, meta Meta) (*sweep.Sweep, bool) {
	joins, _ := splitJoins(tables)
	for _, j := range joins {
		holds := false
		for _, l := range j.from {
			holds = holds || l == alone.headerLine
		}
		if !holds {
			continue
		}
		if s, err := tableToSweep(j.g, meta); err == nil {
			s.Notes = append([]string{j.note}, s.Notes...)
			return s, true
		}
	}
	return nil, false
}

// addQuoted adds each header of hs, quoted, to list once: a column several
// joined tables share is named once in the note.
func addQuoted(list, hs []string) []string {
	for _, h := range hs {
		if q := fmt.Sprintf("%q", h); !slices.Contains(list, q) {
			list = append(list, q)
		}
	}
	return list
}
