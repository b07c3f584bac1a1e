package table

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// A page may give its sweep only as a curve written inline in a sentence
// ("Full TP8 concurrency curve (tok/s): c1=15.7 / c4=57 / c16=225 /
// c64=604"), with no table, or beside tables that are no sweep (settings,
// one run). When no table of the page reads, such a line is read as the
// table it stands for: the sentence's words before the items name the
// value (they must name a metric knee reads), the items give the levels.
// Three items at least: two points are no curve.

// proseCurveGrids are the page's lines outside tables that write a curve
// inline, each as a grid of one row per level, under the headings above it.
func proseCurveGrids(path string, data []byte) []grid {
	var out []grid
	var stack headingPath
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	titles := make([][]string, len(lines))
	for i, l := range lines {
		stack.take(l)
		titles[i] = stack.titles()
	}
	out = lineCurveGrids(path, lines, func(i int) []string { return titles[i] })
	out = append(out, metricLineGrids(path, lines, func(i int) []string { return titles[i] })...)
	for i, l := range sentenceLines(itemBlockLines(lines)) {
		t := singleStream.ReplaceAllString(strings.TrimSpace(l), "@ 1 concurrent")
		if strings.HasPrefix(t, "|") || strings.HasPrefix(t, "#") {
			continue
		}
		c, ok := parseInlineCurve(t, 3)
		if !ok {
			continue
		}
		lead := curveLead(c.lead)
		if !tokenRateKind(classify(lead).kind) && itemsWriteRate(t, len(c.levels)) {
			// The items write their unit: the value is a token rate,
			// whatever the words before them ("Measured (16 GPUs):").
			lead = "tok/s"
		}
		if classify(lead).key() == "" {
			continue // the words before the curve name nothing knee reads
		}
		g := grid{file: path, header: []string{c.load, lead}, headerLine: i + 1, title: titles[i]}
		for j, lv := range c.levels {
			g.rows = append(g.rows, []string{lv, c.values[j]})
			g.lines = append(g.lines, i+1)
		}
		g.context = strings.Join(lines[max(0, i-6):min(len(lines), i+3)], "\n")
		out = append(out, g)
	}
	return out
}

// proseCurveSweep reads the page's one inline curve, when no table of it
// reads; ok is false when the page writes none, or when none reads.
func proseCurveSweep(path string, data []byte, meta Meta) (*sweep.Sweep, bool) {
	grids := proseCurveGrids(path, data)
	if len(grids) == 0 {
		return nil, false
	}
	s, err := onlySweep(path, grids, meta, meta.Series)
	if err != nil {
		return nil, false
	}
	note := fmt.Sprintf("%s:%d: no table of the page reads as a sweep; the curve its prose writes from this line is read, %q as the value", path, grids[0].headerLine, grids[0].header[1])
	if len(grids[0].header) > 2 {
		note = fmt.Sprintf("%s:%d: no table of the page reads as a sweep; the lines its prose writes from this line, a level and its metrics on each, are read as the table they stand for", path, grids[0].headerLine)
	}
	s.Notes = append([]string{note}, s.Notes...)
	return s, true
}
