package table

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// mdSeparator is a markdown table's second row: | --- | :---: | ---: |
var mdSeparator = regexp.MustCompile(`^\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?$`)

// readMarkdown reads the pipe table in a markdown text (an issue comment, a
// PR description) that is a sweep; text around the tables is ignored. A text
// holding several tables that read as sweeps (one per engine, under its own
// heading) holds several curves: it is refused naming them, and --series
// picks one by its heading (or a series inside one table).
func readMarkdown(path string, data []byte, meta Meta) (*sweep.Sweep, error) {
	tables := stackLevelTables(markdownTables(path, data))
	if len(tables) == 0 {
		if s, ok := proseCurveSweep(path, data, meta); ok {
			return s, nil
		}
		return nil, inputerr.Errorf(path, "", 0, "no markdown table (a header row, a | --- | separator row, and rows)")
	}
	if meta.Series != "" {
		var named []grid
		for _, g := range tables {
			if g.titled(meta.Series) {
				named = append(named, g)
			}
		}
		m := meta
		m.Series = ""
		if len(named) == 0 {
			// "Lane A Max-Q": a table's heading, then a curve inside it.
			named, m.Series = headingThenSeries(tables, meta.Series)
		}
		if len(named) > 0 {
			s, err := namedTablesSweep(path, named, m, meta.Series)
			if err == nil {
				s.Notes = append(s.Notes, fmt.Sprintf("%s:%d: the table under %q read (--series)", path, named[0].headerLine, strings.Join(named[0].title, " / ")))
			}
			return s, err
		}
	}
	s, err := onlySweep(path, tables, meta, meta.Series)
	if err != nil {
		if cs, ok, cerr := fencedConsoleSweep(path, data, tables, meta); ok {
			return cs, cerr
		}
		if rs, rerr, ok := rowCurveSweep(path, tables, meta); ok {
			return rs, rerr
		}
		if ps, ok := proseCurveSweep(path, data, meta); ok {
			return ps, nil
		}
	}
	return s, err
}

// namedTablesSweep reads the tables --series named by heading (m the
// options with the pick spent on the heading). A pick that also names a
// curve of them ("Pulse" heads the page and names the column "pulse" of
// its table) is the curve.
func namedTablesSweep(path string, named []grid, m Meta, pick string) (*sweep.Sweep, error) {
	s, err := onlySweep(path, named, m, pick)
	if err != nil && m.Series == "" && slices.ContainsFunc(CurveNames(err), func(n string) bool { return strings.EqualFold(n, pick) }) {
		m.Series = pick
		s, err = onlySweep(path, named, m, pick)
	}
	return s, err
}

// onlySweep reads every table and returns the one that is a sweep; two or
// more are several curves, refused by their headings. When none reads on
// its own, tables that split one sweep are joined (splitJoins).
func onlySweep(path string, tables []grid, meta Meta, pick string) (*sweep.Sweep, error) {
	return sweepOfTables(path, tables, meta, pick, true)
}

// nothingToPick is --series refused by a table of one curve, or --column
// naming no header of the table. Among several tables, the pick is about
// another (a parameters table above the results holds no curves to pick
// among): that table's refusal is the answer, not this one.
type nothingToPick struct{ err error }

func (n *nothingToPick) Error() string { return n.err.Error() }
func (n *nothingToPick) Unwrap() error { return n.err }

func isNothingToPick(err error) bool {
	var n *nothingToPick
	return errors.As(err, &n)
}

func sweepOfTables(path string, tables []grid, meta Meta, pick string, join bool) (*sweep.Sweep, error) {
	var firstErr error
	var got []*sweep.Sweep
	var from []grid
	var refused []refusedTable
	for _, g := range tables {
		s, err := tableToSweep(g, meta)
		if err != nil {
			if firstErr == nil || isNothingToPick(firstErr) && !isNothingToPick(err) {
				firstErr = err
			}
			refused = append(refused, refusedTable{g, err})
			continue
		}
		got, from = append(got, s), append(from, g)
	}
	if len(got) == 1 {
		if err := sweepRefusedBeside(got[0], from[0], refused); err != nil {
			return nil, err
		}
	}
	switch {
	case len(got) == 1 && join:
		if s, ok := widerSweep(tables, from[0], meta); ok {
			return s, nil
		}
		return noteOtherSweeps(path, got[0], from[0], refused), nil
	case len(got) == 1:
		return noteOtherSweeps(path, got[0], from[0], refused), nil
	case len(got) == 0 && join:
		return joinedSweep(path, tables, meta, pick, sweepLikeRefusal(refused, firstErr))
	case len(got) == 0:
		return nil, sweepLikeRefusal(refused, firstErr)
	}
	return severalSweeps(path, from, got, meta, pick)
}

// severalSweeps is the answer when two or more tables read as sweeps: one
// sweep continued across tables, the sole multi-level one beside single
// runs, else a refusal naming each table.
func severalSweeps(path string, from []grid, got []*sweep.Sweep, meta Meta, pick string) (*sweep.Sweep, error) {
	if s, ok := continuedSweep(path, from, got, meta); ok && pick == "" {
		return s, nil
	}
	names := tableNames(from)
	if i, ok := soleSweep(got); ok {
		return noteSingleRuns(path, got[i], i, from, names), nil
	}
	order := rankTables(from, got)
	names, from, got = reorder(names, order), reorder(from, order), reorder(got, order)
	var list []string
	for i, g := range from {
		list = append(list, fmt.Sprintf("%q (line %d, %d levels)", names[i], g.headerLine, len(got[i].Points)))
	}
	if pick != "" {
		// A curve picked inside each table: name the table, then the curve.
		return nil, inputerr.Errorf(path, "--series", from[0].headerLine, "the curve %q is in %d tables that read as sweeps: %s; name the table by its heading, then the curve, e.g. --series %q", pick, len(got), strings.Join(list, ", "), names[0]+" "+pick)
	}
	return nil, AmbiguousSeries(inputerr.Errorf(path, "--series", from[0].headerLine, "the text holds %d tables that read as sweeps: %s; knee reads one curve at a time: pick one by its heading with --series %q", len(got), strings.Join(list, ", "), names[0]), names)
}

// tableNames names each table by the first heading that tells it from the
// others ("HoML", "Ollama" under a shared "Input Tokens: ~630…"), else by
// its caption, else by its line; titled picks a table back by any of them.
func tableNames(gs []grid) []string {
	count := map[string]int{}
	for _, g := range gs {
		seen := map[string]bool{}
		for _, h := range g.title {
			if k := strings.ToLower(h); !seen[k] {
				seen[k] = true
				count[k]++
			}
		}
	}
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = fmt.Sprintf("line %d", g.headerLine)
		if g.caption != "" {
			out[i] = g.caption
		}
		for _, h := range g.title {
			if count[strings.ToLower(h)] == 1 {
				out[i] = h
				break
			}
		}
	}
	return out
}

// titled: one of the headings above the table is pick (its full title
// too), or its caption, or "line N" for the table whose header is on line
// N: every name a refusal gives a table (tableNames) picks it back.
func (g grid) titled(pick string) bool {
	if strings.EqualFold(strings.Join(g.title, " / "), pick) || strings.EqualFold(fmt.Sprintf("line %d", g.headerLine), pick) ||
		(g.caption != "" && strings.EqualFold(g.caption, pick)) {
		return true
	}
	for _, h := range g.title {
		if strings.EqualFold(h, pick) {
			return true
		}
	}
	return false
}

// headingText is a markdown heading's or a bold line's text and level:
// "### HoML" → HoML, 3; "**Local (M4 MacBook Pro)**:" → Local (M4 MacBook
// Pro), 7; "" for any other line.
// The level is the number of #s; a bold line is level 7, below any heading.
func headingText(line string) (string, int) {
	l := strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(l, "#"):
		t := strings.TrimLeft(l, "#")
		return strings.TrimSpace(t), len(l) - len(t)
	case strings.HasPrefix(l, "**") && strings.HasSuffix(strings.TrimRight(l, ":："), "**") && len(l) > 4:
		return strings.TrimSpace(strings.Trim(strings.TrimRight(l, ":："), "*")), 7
	}
	// A bold caption with a remark in brackets after it: "**Throughput,
	// single GPU** (fused RoPE on, 3 reps/point)".
	if m := boldThenRemark.FindStringSubmatch(l); m != nil {
		return strings.TrimSpace(m[1]), 7
	}
	return "", 0
}

// boldThenRemark is a line of a bold caption and a bracketed remark.
var boldThenRemark = regexp.MustCompile(`^\*\*([^*]{2,}?)\*\*[:：]?\s*\([^()]*\)[:：.]?$`)

// markdownTables finds every pipe table: a row, a separator row, then rows
// until a line that is not a table row.
func markdownTables(path string, data []byte) []grid {
	if lines, src, ok := htmlAsMarkdown(data); ok {
		for i := range lines {
			lines[i] = unquote(lines[i])
		}
		return atSourceLines(pipeTables(path, lines), src)
	}
	if lines, src, ok := rstAsMarkdown(data); ok {
		return atSourceLines(pipeTables(path, lines), src)
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		lines = append(lines, unquote(sc.Text()))
	}
	return pipeTables(path, lines)
}

// atSourceLines renumbers the grids read from rewritten lines with the
// source lines they came from (src[i] for line i+1).
func atSourceLines(gs []grid, src []int) []grid {
	at := func(n int) int {
		if n >= 1 && n <= len(src) {
			return src[n-1]
		}
		return n
	}
	for i := range gs {
		gs[i].headerLine = at(gs[i].headerLine)
		lines := make([]int, len(gs[i].lines))
		for j, n := range gs[i].lines {
			lines[j] = at(n)
		}
		gs[i].lines = lines
	}
	return gs
}

// pipeTables are the pipe tables among lines, with their headings and
// captions.
func pipeTables(path string, lines []string) []grid {
	var out []grid
	var stack headingPath
	prevEnd := 0
	for i := 0; i+1 < len(lines); i++ {
		stack.take(lines[i])
		if g, end, ok := fencedGrid(path, lines, i); ok {
			out = append(out, g.around(lines, stack, prevEnd, end))
			i, prevEnd = end-1, end
			continue
		}
		// GitHub also renders tables written without the outer pipes
		// (a | b, then ---|---), as people often paste them.
		h, sep := strings.TrimSpace(lines[i]), strings.TrimSpace(lines[i+1])
		if !strings.Contains(h, "|") || !strings.Contains(sep, "|") || !mdSeparator.MatchString(sep) {
			continue
		}
		if pipeCell(h) {
			if g, end, ok := flattenedPipeGrid(path, lines, i+1); ok {
				out = append(out, g.around(lines, stack, prevEnd, end))
				i, prevEnd = end-1, end
				continue
			}
		}
		if consoleGrid(lines, i) {
			continue
		}
		g := grid{file: path, header: splitRow(h), headerLine: i + 1, title: stack.titles(), caption: captionAbove(lines, i)}
		j := i + 2
		for ; j < len(lines); j++ {
			r := strings.TrimSpace(lines[j])
			if !strings.Contains(r, "|") {
				break
			}
			g.rows = append(g.rows, splitRow(r))
			g.lines = append(g.lines, j+1)
		}
		if g.caption == "" {
			g.caption = captionBelow(lines, j)
		}
		g.context = strings.Join(lines[max(0, i-6):i], "\n") + "\n" + strings.Join(lines[j:min(len(lines), j+3)], "\n") + stack.leads()
		g.above = strings.Join(lines[prevEnd:i], "\n")
		if n := len(out); n > 0 && len(out[n-1].header) == 2 {
			g.settings = settingsText(out[n-1])
		}
		out = append(out, g)
		i, prevEnd = j-1, j
	}
	if len(out) > 0 {
		out[len(out)-1].below = strings.Join(lines[prevEnd:], "\n")
	}
	return out
}

// quoteMarks are a markdown block quote's marks at a line's start ("> ",
// "> > "): a table quoted in a reply renders as a table.
var quoteMarks = regexp.MustCompile(`^ {0,3}(?:>[ \t]?)+`)

// unquote is a line without its block quote marks; the table, the headings
// and the captions inside a quote read as they do outside one.
func unquote(line string) string {
	if loc := quoteMarks.FindStringIndex(line); loc != nil {
		return line[loc[1]:]
	}
	return line
}

// consoleGrid: the pipe table whose header is line i is a console grid
// (guidellm's), not markdown. A markdown table has exactly one header line,
// with its | --- | separator right under it; a pipe line right above the
// header (a second header line, or a |===| rule) is a header of several
// lines, which the aligned reader stacks.
func consoleGrid(lines []string, i int) bool {
	if i == 0 {
		return false
	}
	above := strings.TrimSpace(lines[i-1])
	if strings.HasPrefix(above, "|") && strings.Contains(above[1:], "|") {
		return true
	}
	// Without outer pipes (guidellm's older console: "Metadata | Request
	// Stats || Out Tok/sec"), a line of as many bars as the header's, one
	// bar short at most (a spanned cell at its end), is a header line too.
	bars := strings.Count(strings.TrimSpace(lines[i]), "|")
	return bars >= 2 && strings.Count(above, "|") >= bars-1
}

// splitRow splits "| a | b \| c |" into cells; "\|" is a literal pipe.
func splitRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimPrefix(line, "|")
	if strings.HasSuffix(line, "|") && !strings.HasSuffix(line, `\|`) {
		line = line[:len(line)-1]
	}
	var cells []string
	var cur strings.Builder
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '\\' && i+1 < len(line) && line[i+1] == '|':
			cur.WriteByte('|')
			i++
		case line[i] == '|':
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(line[i])
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// settingsText is a two-column table's rows as "key: value" lines.
func settingsText(g grid) string {
	var b strings.Builder
	for _, row := range g.rows {
		if len(row) == 2 {
			b.WriteString(cleanCell(row[0]) + ": " + cleanCell(row[1]) + "\n")
		}
	}
	return b.String()
}
