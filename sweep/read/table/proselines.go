package table

import (
	"regexp"
	"strconv"
	"strings"
)

// Release notes and READMEs often give a sweep as prose, one way or
// another, with no table: a line per level ("batch 8, input 128, output
// 256: **206.32 token/s**"), or one sentence wrapped over lines ("36.4
// tok/s single-stream,\n168.5 tok/s @ 8 concurrent, 498.3 tok/s @ 32
// concurrent."). A perf engineer reads both as the table they stand for.

// levelColonLine is a line that opens with a load word and its level,
// then the run's settings, then a colon and the value with its rate unit,
// and nothing after it: "batch 8, input 128, output 256: **206.32
// token/s**", "- concurrency 4: 57 tok/s". A line holding a second level
// after its value ("c= 1: 116 tok/s    c= 32: 1,406 tok/s") is no such
// line: read by its first item alone, the curve would lose the others.
//
// A script's progress line is one too: "Batch 8 ... 875.2 tok/s (8/8
// ok)", the level and its value apart by dots or an arrow, the requests
// that succeeded after it.
var levelColonLine = regexp.MustCompile(`(?i)^\s*(?:[-*•]\s+)?\**\s*(batch(?:[ _]size)?|bs|concurrency|conc|users|clients|streams|c)\s*[=:]?\s*(\d+)\b([^:：]*?)\s*(?:[:：]|\.{2,}|…|->|→|=>)\s*\**\s*(` + curveNumber + `)\s*\**\s*(tok/s|tokens/s|token/s|t/s|tokens/sec|tok/sec)[*_\s.]*(?:\((\d+)\s*/\s*(\d+)(?:\s*ok)?\)[\s.]*)?$`)

// lineCurveGrids are the runs of three lines or more in lines that each
// write a level and its value (levelColonLine) with one load word and one
// list of settings, each as a grid of a row per line.
func lineCurveGrids(path string, lines []string, titles func(int) []string) []grid {
	var out []grid
	var run []int
	flush := func() {
		if len(run) >= 3 {
			out = append(out, lineCurveGrid(path, lines, run, titles(run[0])))
		}
		run = nil
	}
	for i, l := range lines {
		m := levelColonLine.FindStringSubmatch(l)
		if m == nil {
			flush()
			continue
		}
		if len(run) > 0 {
			p := levelColonLine.FindStringSubmatch(lines[run[0]])
			if !strings.EqualFold(p[1], m[1]) || strings.TrimSpace(p[3]) != strings.TrimSpace(m[3]) {
				flush()
			}
		}
		run = append(run, i)
	}
	flush()
	return out
}

// lineCurveGrid is the grid of the lines run: the load, the value named by
// its unit; the settings the lines share state the workload.
func lineCurveGrid(path string, lines []string, run []int, titles []string) grid {
	first := levelColonLine.FindStringSubmatch(lines[run[0]])
	load := "concurrency"
	if levelLoad(first[1]) == "batch size" || strings.HasPrefix(strings.ToLower(first[1]), "batch") {
		load = "batch size"
	}
	g := grid{file: path, header: []string{load, "throughput (" + first[5] + ")"}, headerLine: run[0] + 1, title: titles}
	counted := true // every line says how many of its requests succeeded
	for _, i := range run {
		counted = counted && levelColonLine.FindStringSubmatch(lines[i])[6] != ""
	}
	if counted {
		g.header = append(g.header, "requests", "failures")
	}
	for _, i := range run {
		m := levelColonLine.FindStringSubmatch(lines[i])
		row := []string{m[2], strings.ReplaceAll(m[4], ",", "")}
		if counted {
			row = append(row, m[6], strconv.Itoa(max(0, atoiOr0(m[7])-atoiOr0(m[6]))))
		}
		g.rows = append(g.rows, row)
		g.lines = append(g.lines, i+1)
	}
	g.context = strings.Join(lines[max(0, run[0]-6):min(len(lines), run[len(run)-1]+3)], "\n")
	if s := strings.Trim(strings.TrimSpace(first[3]), ",;"); s != "" {
		g.caption = s // "input 128, output 256": the workload the lines share
	}
	return g
}

// singleStream is a level written as words: one request in flight.
var singleStream = regexp.MustCompile(`(?i)(?:@\s*)?\b(?:single[- ](?:stream|user|request)|one (?:stream|user|request))\b`)

// sentenceLines joins each line that ends inside a sentence (after a comma
// or a semicolon) to the next prose line, so that a curve wrapped over
// lines is read as the one sentence it is; each joined line keeps the
// first line's place, and the lines it took are left blank.
func sentenceLines(lines []string) []string {
	out := append([]string(nil), lines...)
	for i := 0; i < len(out); i++ {
		j := i
		for j+1 < len(out) && continuesSentence(out[i]) && proseLine(out[j+1]) {
			out[i] = strings.TrimRight(out[i], " ") + " " + strings.TrimSpace(out[j+1])
			out[j+1] = ""
			j++
		}
		i = j
	}
	return out
}

// continuesSentence: line l stops inside a sentence.
func continuesSentence(l string) bool {
	t := strings.TrimSpace(l)
	return t != "" && strings.ContainsAny(t[len(t)-1:], ",;") && proseLine(l)
}

// proseLine: l is a line of prose, not a table's, a heading or a fence.
func proseLine(l string) bool {
	t := strings.TrimSpace(l)
	return t != "" && !strings.HasPrefix(t, "|") && !strings.HasPrefix(t, "#") && !strings.HasPrefix(t, "```") && !strings.HasPrefix(t, "~~~")
}

// itemsWriteRate: the line writes a token rate's unit after a number at
// least n times, once per item of its curve.
func itemsWriteRate(l string, n int) bool {
	return len(unitAfterNumber.FindAllString(l, -1)) >= n
}

var unitAfterNumber = regexp.MustCompile(`(?i)\d\s*(?:tok/s|tokens/s|token/s|t/s)\b`)

// A script may print its levels in columns, several items to a line:
//
//	c=  1:    116 tok/s    c= 32:  1,406 tok/s
//	c=  4:    328 tok/s    c= 64:  2,126 tok/s
//	c=  8:    536 tok/s    c=128:  2,096 tok/s  <- peak
//	c= 16:    850 tok/s
//
// Each line holds only items (a level, a colon, a value), bar a marker
// such as "<- peak": the block is one curve laid out over lines and
// columns, and is read as the one line of items it stands for.

// itemRemark is what a line of items may hold besides its items.
var itemRemark = regexp.MustCompile(`(?i)^[\s/,;|·、，；→←<>\-*()]*(?:peak|best|max|knee)?[\s/,;|·、，；→←<>\-*()]*$`)

// itemBlockLines joins each block of two lines or more that hold only
// items into one line of those items at the block's first line, the
// lines it took left blank.
func itemBlockLines(lines []string) []string {
	out := append([]string(nil), lines...)
	for i := 0; i < len(out); {
		j := i
		var items []string
		for j < len(out) && onlyItems(out[j]) {
			items = append(items, levelThenValue.FindAllString(out[j], -1)...)
			j++
		}
		if j-i >= 2 {
			out[i] = strings.Join(items, " / ")
			for k := i + 1; k < j; k++ {
				out[k] = ""
			}
		}
		i = max(j, i+1)
	}
	return out
}

// onlyItems: line l holds a level-and-value item or more, and nothing else
// but a remark.
func onlyItems(l string) bool {
	return levelThenValue.MatchString(l) && itemRemark.MatchString(levelThenValue.ReplaceAllString(l, " "))
}

// atoiOr0 is the whole number s writes, 0 for none.
func atoiOr0(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
