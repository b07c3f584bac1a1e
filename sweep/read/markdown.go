package read

import (
	"bufio"
	"bytes"
	"regexp"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// mdSeparator is a markdown table's second row: | --- | :---: | ---: |
var mdSeparator = regexp.MustCompile(`^\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?$`)

// readMarkdown reads the first pipe table in a markdown text (an issue
// comment, a PR description) that has a throughput column; text around the
// tables is ignored.
func readMarkdown(path string, data []byte, meta Meta) (*sweep.Sweep, error) {
	tables := markdownTables(path, data)
	if len(tables) == 0 {
		return nil, sweep.Inputf(path, "", 0, "no markdown table (a header row, a | --- | separator row, and rows)")
	}
	var firstErr error
	for _, g := range tables {
		s, err := tableToSweep(g, meta)
		if err == nil {
			return s, nil
		}
		if firstErr == nil {
			firstErr = err
		}
	}
	return nil, firstErr
}

// markdownTables finds every pipe table: a row, a separator row, then rows
// until a line that is not a table row.
func markdownTables(path string, data []byte) []grid {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	var out []grid
	for i := 0; i+1 < len(lines); i++ {
		// GitHub also renders tables written without the outer pipes
		// (a | b, then ---|---), as people often paste them.
		h, sep := strings.TrimSpace(lines[i]), strings.TrimSpace(lines[i+1])
		if !strings.Contains(h, "|") || !strings.Contains(sep, "|") || !mdSeparator.MatchString(sep) {
			continue
		}
		g := grid{file: path, header: splitRow(h), headerLine: i + 1}
		j := i + 2
		for ; j < len(lines); j++ {
			r := strings.TrimSpace(lines[j])
			if !strings.Contains(r, "|") {
				break
			}
			g.rows = append(g.rows, splitRow(r))
			g.lines = append(g.lines, j+1)
		}
		g.context = strings.Join(lines[max(0, i-6):i], "\n") + "\n" + strings.Join(lines[j:min(len(lines), j+3)], "\n")
		out = append(out, g)
		i = j - 1
	}
	return out
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
