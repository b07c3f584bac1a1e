package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A run's label often writes its level after a word ("active4",
// "rps2_seed0") in a column whose header names no load ("X"), beside a
// count a one-letter header only seems to name as one ("N": 512 requests
// at every level). The labels say which column is the level, as a perf
// engineer reads them: the column every label writes is the load, and the
// one-letter column is not. The labels' word says which load: a rate's
// ("rps", "qps", "rate") makes it the offered rate, any other the
// concurrency; labels of different words (a concurrency sweep and a rate
// sweep in one column) leave the table with no load, refused by name.

// labelLevel is a word and the number after it inside a label.
var labelLevel = regexp.MustCompile(`(\pL+)[_\-=]?(\d+(?:\.\d+)?)`)

// labelWrittenLoad moves the load from a one-letter header to the unread
// column of numbers the row labels write; the note says so.
func (r *resolved) labelWrittenLoad(g grid) {
	weak := -1
	for i, c := range r.cols {
		if c.kind == colConcurrency && c.flavor == "weak" {
			weak = i
		}
	}
	if weak < 0 {
		return
	}
	for x, c := range r.cols {
		if x == weak || c.kind != colIgnore || distinctNumbers(g, x) < 3 {
			continue
		}
		for l := range r.cols {
			word, ok := labelsWrite(g, l, x)
			if l == x || !ok {
				continue
			}
			w := &r.cols[weak]
			w.kind, w.flavor = colWorkload, ""
			w.why = fmt.Sprintf("the labels under %q write %q, not it", g.header[l], g.header[x])
			if word == "" {
				return // labelWrittenHint names the column in the refusal
			}
			lc := &r.cols[x]
			lc.kind, lc.flavor = colConcurrency, ""
			if rateWord(word) {
				lc.kind, lc.flavor = colRequestedRate, "requested"
			}
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the load: the labels under %q write it (%q at %s), not %q", g.file, g.header[x], g.header[l], strings.TrimSpace(cellAt(g.rows[0], l)), strings.TrimSpace(cellAt(g.rows[0], x)), g.header[weak]))
			return
		}
	}
}

// labelsWrite: the cells of column l are labels that write column x's
// number after a word on three rows at least and three in four of the rows
// both fill; word is that word when it is one on every such row, "" when
// the labels use several.
func labelsWrite(g grid, l, x int) (word string, ok bool) {
	words := map[string]bool{}
	hits, filled := 0, 0
	for _, row := range g.rows {
		label := strings.TrimSpace(cellAt(row, l))
		v, isNum, err := parseCell(cleanCell(cellAt(row, x)))
		if isBlank(label) || !isNum || err != nil {
			continue
		}
		if _, labelNum, _ := parseCell(cleanCell(label)); labelNum {
			return "", false // a number, not a label
		}
		filled++
		for _, m := range labelLevel.FindAllStringSubmatch(label, -1) {
			if n, err := strconv.ParseFloat(m[2], 64); err == nil && n == v.v {
				hits++
				words[strings.ToLower(m[1])] = true
				break
			}
		}
	}
	if hits < 3 || 4*hits < 3*filled {
		return "", false
	}
	if len(words) == 1 {
		for w := range words {
			return w, true
		}
	}
	return "", true
}

// rateWord: the word a label puts before an offered rate.
func rateWord(w string) bool {
	switch w {
	case "rps", "qps", "rate", "req", "reqs":
		return true
	}
	return false
}

// labelWords lists column l's labels' words, in order of first use.
func labelWords(g grid, l int) string {
	var out []string
	seen := map[string]bool{}
	for _, row := range g.rows {
		if m := labelLevel.FindStringSubmatch(strings.TrimSpace(cellAt(row, l))); m != nil && !seen[strings.ToLower(m[1])] {
			seen[strings.ToLower(m[1])] = true
			out = append(out, strconv.Quote(m[1]))
		}
	}
	return strings.Join(out, ", ")
}

// labelWrittenHint names, for a table refused with no load, the column its
// labels write under words of several kinds: the level, whose kind the
// user says.
func labelWrittenHint(g grid, cols []column) string {
	for x, c := range cols {
		if c.kind != colIgnore || distinctNumbers(g, x) < 3 {
			continue
		}
		if _, frac := firstFraction(g, x); frac {
			// Not every row's level is a count in flight (a scale
			// sweep's 1.1, 1.2): no flag reads the column whole.
			continue
		}
		for l := range cols {
			if word, ok := labelsWrite(g, l, x); l != x && ok && word == "" {
				return fmt.Sprintf("; the labels under %q write the level of %q, under words of several kinds (%s): pick the load with --column concurrency=%q", g.header[l], g.header[x], labelWords(g, l), g.header[x])
			}
		}
	}
	return ""
}
