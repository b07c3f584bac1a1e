package table

import (
	"errors"
	"slices"
	"strings"
	"unicode"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Console tables as benchmark scripts print them and people paste them:
// tabulate's "simple" and "plain", `column -t`, psql, and rich's box-drawn
// tables (│ ┃ ━ ─) with or without a title line above. Columns are found
// from the vertical bars when there are any, else from the runs of two or
// more spaces that separate cells (a single space stays inside a cell:
// "Output tok/s", "95 ms").

// verticalBars separate columns in box-drawn and ASCII-grid tables.
const verticalBars = "│┃║|┆┇┊┋╎╏"

// boxBars are the vertical bars of a drawn box (not an ASCII grid's |).
const boxBars = "│┃║"

// maxAlignedCols bounds a header's cells: no sweep table is wider, and
// placing every cell of every row is quadratic in the width.
const maxAlignedCols = 256

// looksAligned reports whether data holds an aligned console table with at
// least two columns knee reads and a row of numbers under them.
func looksAligned(data []byte) bool {
	t := strings.TrimSpace(string(data))
	if t == "" || t[0] == '{' || opensJSONList(t) || len(markdownTables("", data)) > 0 {
		return false
	}
	tables := alignedTables("", data)
	if _, ok := pasteGrid("", data, tables); ok {
		return true
	}
	return slices.ContainsFunc(tables, alignedSweepTable)
}

// alignedSweepTable: g's header names two sweep columns, or a load column
// beside columns that name curves under a heading that names their metric
// ("Concurrency Throughput (tok/s across levels)" over "Level  nvidia
// (base)  unsloth (base)"), and a row holds two numbers.
func alignedSweepTable(g grid) bool {
	if n := sweepColumns(g.header); n < 2 && (n < 1 || headingMetric(g) == "" && proseRateUnit(g) == "" && !firstRowWritesRate(g)) && !cornerLevelsTable(g) {
		return false
	}
	lead := cornerLevelsTable(g) // its cells may add details after their value ("187.4 42/5")
	for _, row := range g.rows {
		nums := 0
		for _, cell := range row {
			c := cleanCell(cell)
			if f := strings.Fields(c); lead && len(f) > 0 {
				c = f[0]
			}
			if _, ok, err := parseCell(c); ok && err == nil {
				nums++
			}
		}
		if nums >= 2 {
			return true
		}
	}
	return false
}

// firstRowWritesRate: a cell of g's first row writes a token rate's unit
// ("1  52.5 tok/s  48.6  50.3"): the unit written once, for the table.
func firstRowWritesRate(g grid) bool {
	if len(g.rows) == 0 {
		return false
	}
	return slices.ContainsFunc(g.rows[0], func(c string) bool {
		cv, ok, err := parseCell(cleanCell(c))
		return ok && err == nil && cv.unit != nil && cv.unit.dim == dimTokRate
	})
}

// cornerLevelsTable: g's corner names its rows and its levels ("ctx \
// conc"), every header after it is a level, and a heading names the cells'
// metric: a transposed sweep, as llm-decode-bench prints it.
func cornerLevelsTable(g grid) bool {
	if len(g.header) < 3 || !cornerNamesColumnLoad(g.header[0]) || headingMetric(g) == "" {
		return false
	}
	_, _, ok := levelHeaders(g.header[1:])
	return ok
}

// opensJSONList: t opens a JSON list ("[{", "[1,", "[\"a\"", "[]"), not a
// bracketed label such as a notebook dump's "[notebook code cell 44]".
func opensJSONList(t string) bool {
	if t == "" || t[0] != '[' {
		return false
	}
	rest := strings.TrimLeft(t[1:], " \t\r\n")
	return rest == "" || strings.ContainsRune("{[\"]-0123456789tfn", rune(rest[0])) && !startsWord(rest)
}

// startsWord: s opens with a word of letters longer than JSON's literals'
// first letters allow ("notebook", "note"), not true, false or null.
func startsWord(s string) bool {
	for _, lit := range []string{"true", "false", "null"} {
		if strings.HasPrefix(s, lit) {
			return false
		}
	}
	return s[0] >= 'a' && s[0] <= 'z'
}

// sweepColumns counts the headers a sweep's table has: the columns knee
// reads, and a total or per-stream token rate, which knee may not read as
// the node's rate but which only a sweep prints.
func sweepColumns(header []string) int {
	n := 0
	for _, h := range header {
		if c := classify(h); c.key() != "" || c.kind == colOtherTokRate || c.kind == colPerUser {
			n++
		}
	}
	return n
}

// readAligned reads the first aligned console table in data that is a sweep.
func readAligned(path string, data []byte, meta Meta) (*sweep.Sweep, error) {
	tables := stackAlignedLevels(alignedTables(path, data))
	if g, ok := pasteGrid(path, data, tables); ok {
		return tableToSweep(g, meta)
	}
	if s, ok, err := severalConsoleSweeps(path, tables, meta); ok {
		return s, err
	}
	var best, curvesErr error
	bestRead := -1
	for _, g := range tables {
		if valuesAsHeader(g) {
			continue // a row of values tried as a header: no table of its own
		}
		s, err := tableToSweep(g, meta)
		if err == nil {
			if w, ok := widerSweep(tables, g, meta); ok {
				return w, nil // its TTFT is in another table of the paste
			}
			return s, nil
		}
		if curvesErr == nil && drawnCurves(g, err) {
			curvesErr = err
		}
		// Report the refusal of the candidate that looked most like a sweep,
		// not that of a title line tried as a header.
		read := sweepLikeness(g)
		// A --column naming another table's header says nothing of this one.
		if isForeignColumnFlag(err) && best != nil {
			continue
		}
		if read > bestRead || isForeignColumnFlag(best) {
			best, bestRead = err, read
		}
	}
	if best == nil {
		return nil, inputerr.Errorf(path, "", 0, "no aligned table (a header line over rows of values, columns separated by two or more spaces or by │ bars)")
	}
	// No table reads alone: tables that split one sweep are joined, as
	// in markdown (guidellm prints throughput and TTFT in two tables).
	if curvesErr != nil {
		// A table whose corner names its rows and its levels ("ctx \
		// conc") holds its curves as drawn: knee answers each, and never
		// joins it with the paste's other tables of that shape, which
		// hold other metrics at the same cells.
		return nil, curvesErr
	}
	return joinedSweep(path, tables, meta, meta.Series, best)
}

// valuesAsHeader: every cell of g's header is a number ("1  52.5 tok/s
// 48.6  50.3"): a data row under the block's real header line, which a
// header never is.
func valuesAsHeader(g grid) bool {
	n := 0
	for _, h := range g.header {
		if isBlank(h) {
			continue
		}
		if _, ok, err := parseCell(cleanCell(h)); !ok || err != nil {
			return false
		}
		n++
	}
	return n > 0
}

// drawnCurves: err refuses g for holding several curves, and g's corner
// names its rows and its levels ("ctx \ conc"): the curves as drawn.
func drawnCurves(g grid, err error) bool {
	return CurveNames(err) != nil && len(g.header) > 0 && cornerNamesColumnLoad(g.header[0])
}

// sweepLikeness counts the columns of g knee reads, a throughput column as
// many: a table with one is the likelier sweep of a paste of several
// (guidellm's throughput table beside its latency table).
func sweepLikeness(g grid) int {
	read := 0
	for _, h := range g.header {
		if c := classify(h); c.key() != "" {
			read++
			if c.kind == colThroughput || c.kind == colThroughputPerGPU {
				read += maxAlignedCols
			}
		}
	}
	return read
}

// pasteGrid is the grid of a paste whose sweep is no one table of it: a
// sweep written as bullet lists (bulletlists.go), a line per level
// (levellines.go), or a table per run, each under its command line
// (runtables.go).
func pasteGrid(path string, data []byte, tables []grid) (grid, bool) {
	if g, ok := bulletGrid(path, data); ok {
		return g, true
	}
	if g, ok := levelLinesGrid(path, data); ok {
		return g, true
	}
	return runTablesGrid(path, data, tables)
}

// isForeignColumnFlag: err refuses a --column that names no header of the
// table tried (it names one of another table of the paste).
func isForeignColumnFlag(err error) bool {
	var ie *inputerr.Error
	return errors.As(err, &ie) && ie.Field == "--column" && strings.Contains(err.Error(), "names no column")
}

// alignedLine is one source line, tabs expanded.
type alignedLine struct {
	text string
	no   int
}

// alignedTables returns every candidate table: each block of non-blank
// lines, read with each of its first lines as the header in turn (a title
// line above the header fails as one and the next line is tried).
func alignedTables(path string, data []byte) []grid {
	var out, late []grid
	var block []alignedLine
	var section []string // the lines since the last heading
	heading := ""
	flush := func() {
		gs := withProseAbove(headed(blockTables(path, block), heading), section[:len(section)-len(block)])
		out = append(out, gs...)
		// A block of single-spaced words is a table only where no
		// aligned one is, and after every aligned one of the paste:
		// a real console table is never pre-empted by a flattened one.
		if len(block) > 0 && len(gs) == 0 {
			if g, ok := flattenedTable(path, block); ok {
				late = append(late, headed([]grid{g}, heading)...)
			}
		}
		block = nil
	}
	lines := stripLinePrefixes(joinPandasWraps(strings.Split(string(data), "\n")))
	for i, l := range lines {
		if commentInBlock(lines, i, len(block) > 0) {
			continue
		}
		if h, _ := headingText(l); h != "" && strings.HasPrefix(strings.TrimSpace(l), "#") {
			flush()
			heading, section = h, nil
			continue
		}
		section = append(section, l)
		l = strings.TrimRight(strings.ReplaceAll(l, "\t", "    "), " \r")
		if strings.TrimSpace(strings.Trim(l, verticalBars+" ")) == "" && !isRule(l) || codeFence(l) {
			// A code fence ends a pasted block as a blank line does: the
			// footnote under "```" is no row of the table above it.
			flush()
			continue
		}
		block = append(block, alignedLine{l, i + 1})
		if closesBox(l) {
			flush()
		}
	}
	flush()
	return append(out, late...)
}

// commentInBlock: line i is a script's comment printed between the lines
// of its table ("### warmup (JIT compile; discarded)" under the header,
// above the rows), not a heading: it starts with "#", and lines of an
// aligned table stand right above and right under it. A markdown heading
// stands apart, or between prose and a table's first line.
func commentInBlock(lines []string, i int, inBlock bool) bool {
	isHash := func(l string) bool { return strings.HasPrefix(strings.TrimSpace(l), "#") }
	// A line of an aligned table: three cells or more apart by wide gaps.
	isRow := func(l string) bool { return !isHash(l) && len(spaceTokens(l)) >= 3 }
	return inBlock && i > 0 && i+1 < len(lines) && isHash(lines[i]) && isRow(lines[i-1]) && isRow(lines[i+1])
}

// codeFence: the line opens or closes a markdown code block ("```",
// "```text", "~~~").
func codeFence(l string) bool {
	t := strings.TrimSpace(l)
	return strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")
}

// withProseAbove gives the console tables of a block the text of their
// section above them (a guidellm run's metadata, a command line): what
// states a length or a GPU count the table's header does not.
func withProseAbove(gs []grid, above []string) []grid {
	for i := range gs {
		if gs[i].above == "" {
			gs[i].above = strings.Join(above, "\n")
		}
		if gs[i].context == "" {
			// The lines just above, as a markdown table's: where people
			// state what the header does not ("median latencies").
			gs[i].context = strings.Join(above[max(0, len(above)-6):], "\n")
		}
	}
	return gs
}

// closesBox: a drawn box's bottom border ("└───┴───┘") ends its table, so a
// box printed straight under another (inference-benchmarker's parameter box
// above its results box, with no blank line between) is a table of its own,
// never rows of the one above. An ASCII grid's "+---+" is its top border
// too, so it ends nothing.
func closesBox(l string) bool {
	t := strings.TrimSpace(l)
	return isRule(l) && strings.ContainsAny(t, "└┗╚╰") && strings.ContainsAny(t, "┘┛╝╯")
}

// headed names console tables pasted under a markdown heading ("###
// Qwen2.5:7B" above a fenced guidellm block) by that heading first: the
// nearest heading above a table names it among several, where the console's
// own title ("Benchmark Stats:") is the same for each.
func headed(gs []grid, heading string) []grid {
	if heading == "" {
		return gs
	}
	for i := range gs {
		if !slices.Contains(gs[i].title, heading) {
			gs[i].title = append([]string{heading}, gs[i].title...)
		}
	}
	return gs
}

func blockTables(path string, block []alignedLine) []grid {
	block = stripBoxFrames(block)
	for _, l := range block {
		if isBarredLine(l.text) {
			if g, ok := barredTable(path, block); ok {
				return []grid{g}
			}
			// One barred line is no box ("Prompt tokens: 5 | Generated
			// tokens/request: 50" above a console table): the block's
			// columns may still be runs of spaces.
			break
		}
	}
	return spacedTables(path, block)
}

// isBarredLine: a content line with vertical bars (not a rule).
func isBarredLine(l string) bool {
	return !isRule(l) && strings.ContainsAny(l, verticalBars)
}

// barredTable reads a block with vertical bars: lines without bars above
// the box are titles; the header is the first barred line, or the barred
// lines above the rule that closes a header of several lines.
func barredTable(path string, block []alignedLine) (grid, bool) {
	var content []alignedLine
	for _, l := range block {
		if isBarredLine(l.text) {
			content = append(content, l)
		}
	}
	if len(content) < 2 || strings.Count(content[0].text, " ") > 16*maxAlignedCols {
		return grid{}, false
	}
	nHead := barredHeaderLines(block, len(content))
	var headLines []string
	for _, l := range content[:nHead] {
		headLines = append(headLines, l.text)
	}
	g := grid{file: path, header: stackHeader(headLines), headerLine: content[0].no, title: consoleTitles(block, content[0].no)}
	for _, l := range content[nHead:] {
		g.rows = append(g.rows, splitBars(l.text))
		g.lines = append(g.lines, l.no)
	}
	if strings.ContainsAny(content[0].text, boxBars) {
		joinWrappedRows(&g) // only a drawn box wraps its cells
	}
	return g, true
}

// barredHeaderLines is how many barred lines the header holds: those above
// the rule that closes it, one when there is none, and at least one content
// line left below.
func barredHeaderLines(block []alignedLine, content int) int {
	r := headerRule(block)
	if r < 0 {
		return 1
	}
	n := 0
	for _, l := range block[:r] {
		if isBarredLine(l.text) {
			n++
		}
	}
	return max(1, min(n, content-1))
}

// spacedTables reads a block whose columns are runs of spaces, with each of
// its first lines as the header in turn (a title line above the header
// fails as one and the next line is tried).
func spacedTables(path string, block []alignedLine) []grid {
	var out []grid
	for h := 0; h < len(block); h++ {
		if isRule(block[h].text) || h >= 4 && !underlinedHeader(block, h) {
			continue
		}
		if g, ok := spacedTable(path, block, h); ok {
			out = append(out, g)
		}
		// A frame's header of column names over the key's name is
		// whole: its second line read as a header is half of it.
		if _, ok := frameAt(block, h); ok {
			break
		}
	}
	return out
}

// underlinedHeader: line h of block is a header its next line underlines,
// a dash run under each of its cells ("Batch  tokens/sec" over "──────
// ────────────"), wherever it lies in the block: a console report prints
// banners and settings lines above its table without a blank line between.
func underlinedHeader(block []alignedLine, h int) bool {
	head := spaceTokens(block[h].text)
	return h+1 < len(block) && len(head) >= 2 && isRule(block[h+1].text) && len(dashRuns(block[h+1].text)) == len(head)
}

// spacedTable reads block with line h as the header; its columns are the
// rule's dash runs under it when they match the header's cells.
func spacedTable(path string, block []alignedLine, h int) (grid, bool) {
	head, lines := spaceTokens(block[h].text), 1
	fr, isFrame := frameAt(block, h)
	if isFrame {
		head, lines = fr.head, fr.lines
	}
	if len(head) < 2 || len(head) > maxAlignedCols {
		return grid{}, false
	}
	spans, ruled := head, false
	if lines == 1 && h+1 < len(block) && isRule(block[h+1].text) {
		if rs := dashRuns(block[h+1].text); len(rs) == len(head) {
			spans, ruled = rs, true
		}
	}
	g := grid{file: path, header: placeRow(head, spans), headerLine: block[h].no, title: consoleTitles(block, block[h].no)}
	var rows [][]span
	for _, l := range block[h+lines:] {
		if isRule(l.text) {
			continue
		}
		g.lines = append(g.lines, l.no)
		if isFrame {
			g.rows = append(g.rows, frameRows(l.text, head))
			continue
		}
		rows = append(rows, spaceTokens(l.text))
	}
	rows = dropFrameIndex(rows, len(head))
	if !isFrame && !ruled {
		head = splitCrowdedHeader(head, rows) // crowdedheader.go
		spans = head
		g.header = placeRow(head, spans)
	}
	for _, r := range rows {
		g.rows = append(g.rows, placeRow(r, spans))
	}
	return g, len(g.rows) > 0
}

// isRule reports a border or separator line: box-drawing characters or
// - = + : only, with at least one horizontal stroke.
func isRule(l string) bool {
	t := strings.TrimSpace(l)
	if t == "" || !strings.ContainsAny(t, "-=─━═┄┅┈┉╌╍") {
		return false
	}
	for _, r := range t {
		if !(r >= 0x2500 && r <= 0x257F) && !strings.ContainsRune("-=+:| ", r) {
			return false
		}
	}
	return true
}

// splitBars splits a barred row into cells, dropping the outer border.
func splitBars(l string) []string {
	t := strings.TrimSpace(l)
	var cells []string
	var cur strings.Builder
	for _, r := range t {
		if strings.ContainsRune(verticalBars, r) {
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
			continue
		}
		cur.WriteRune(r)
	}
	cells = append(cells, strings.TrimSpace(cur.String()))
	if len(cells) > 1 && cells[0] == "" && hasBarAt(t, true) {
		cells = cells[1:]
	}
	if n := len(cells); n > 1 && cells[n-1] == "" && hasBarAt(t, false) {
		cells = cells[:n-1]
	}
	return cells
}

// hasBarAt reports a vertical bar at the start (or end) of t.
func hasBarAt(t string, start bool) bool {
	for _, b := range verticalBars {
		if start && strings.HasPrefix(t, string(b)) || !start && strings.HasSuffix(t, string(b)) {
			return true
		}
	}
	return false
}

// span is a cell's text and its display columns [start, end).
type span struct {
	text       string
	start, end int
}

// spaceTokens splits a line at runs of two or more spaces.
func spaceTokens(l string) []span {
	var out []span
	col, start, spaces := 0, -1, 0
	var cur strings.Builder
	emit := func() {
		if start >= 0 {
			out = append(out, span{strings.TrimSpace(cur.String()), start, col - spaces})
		}
		cur.Reset()
		start = -1
	}
	for _, r := range l {
		if r == ' ' {
			spaces++
			if spaces == 2 {
				emit()
			}
		} else {
			if start < 0 {
				start = col
			} else if spaces == 1 {
				cur.WriteByte(' ')
			}
			spaces = 0
			cur.WriteRune(r)
		}
		col += runeWidth(r)
	}
	emit()
	return out
}

// dashRuns are the column spans a tabulate "simple" rule gives: ---  ----.
func dashRuns(l string) []span {
	var out []span
	col, start := 0, -1
	for _, r := range l {
		if r == ' ' {
			if start >= 0 {
				out = append(out, span{"", start, col})
				start = -1
			}
		} else if start < 0 {
			start = col
		}
		col += runeWidth(r)
	}
	if start >= 0 {
		out = append(out, span{"", start, col})
	}
	return out
}

// assign puts each token in the column it overlaps most (or lies nearest
// to): right-aligned numbers end where their header ends, left-aligned
// text starts where it starts.
func assign(tokens, cols []span) []string {
	cells := make([]string, len(cols))
	for _, t := range tokens {
		best, bestScore := 0, -1<<30
		for j, c := range cols {
			score := min(t.end, c.end) - max(t.start, c.start)
			if score <= 0 { // no overlap: minus the gap
				score = -max(c.start-t.end, t.start-c.end)
			}
			if score > bestScore {
				best, bestScore = j, score
			}
		}
		if cells[best] != "" {
			cells[best] += " "
		}
		cells[best] += t.text
	}
	return cells
}

// runeWidth is a rune's width in a terminal: emoji and East Asian wide
// characters take two columns, combining marks and variation selectors none.
func runeWidth(r rune) int {
	switch {
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case r >= 0x1F300 && r <= 0x1FAFF, r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0xA4CF,
		r >= 0xAC00 && r <= 0xD7A3, r >= 0xF900 && r <= 0xFAFF, r >= 0xFF00 && r <= 0xFF60, r >= 0xFFE0 && r <= 0xFFE6:
		return 2
	}
	return 1
}
