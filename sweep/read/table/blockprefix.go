package table

import (
	"regexp"
	"strconv"
	"strings"
)

// A console table is often pasted with every line prefixed: quoted in a
// reply ("> "), commented out in a script or a config ("# ", "// ", "; "),
// or copied from a viewer that numbers its lines ("12 | ", "12: "). The
// prefix is no part of any cell: a run of consecutive lines that all carry
// one is read without it. A run is three lines or more, so that a lone
// markdown heading ("# Results") keeps its mark; numbered lines must count
// up by one, so that a first column of numbers is never taken for them.

// minPrefixedRun is the fewest consecutive lines that make a prefix.
const minPrefixedRun = 3

// commentMarks are the marks a run of lines may carry, each with the
// spaces after it; a line of the mark alone is a blank line of the run.
var commentMarks = []*regexp.Regexp{
	regexp.MustCompile(`^[ \t]*(?:>[ \t]?)+`),
	regexp.MustCompile(`^[ \t]*#(?:[ \t]|$)`),
	regexp.MustCompile(`^[ \t]*//(?:[ \t]|$)`),
	regexp.MustCompile(`^[ \t]*;(?:[ \t]|$)`),
}

// lineNumber is a viewer's line number and the mark after it.
var lineNumber = regexp.MustCompile(`^[ \t]*(\d+)(?:[ \t]*[|:│][ \t]?|\t)`)

// stripLinePrefixes returns lines with the prefix of each prefixed run
// removed; other lines are returned as they are.
func stripLinePrefixes(lines []string) []string {
	out := append([]string(nil), lines...)
	for _, mark := range commentMarks {
		stripRuns(out, false, func(i int) int {
			if loc := mark.FindStringIndex(out[i]); loc != nil {
				return loc[1]
			}
			return -1
		})
	}
	stripRuns(out, true, numberedAt(out))
	return out
}

// numberedAt measures the line-number prefix of line i: its length when
// the line carries one counting on from the line above's (or where a run
// may start), -1 otherwise.
func numberedAt(lines []string) func(int) int {
	return func(i int) int {
		m := lineNumber.FindStringSubmatchIndex(lines[i])
		if m == nil {
			return -1
		}
		if i > 0 {
			if p := lineNumber.FindStringSubmatch(lines[i-1]); p != nil {
				n, _ := strconv.Atoi(lines[i][m[2]:m[3]])
				prev, _ := strconv.Atoi(p[1])
				if n != prev+1 {
					return -1
				}
			}
		}
		return m[1]
	}
}

// stripRuns removes, on every run of minPrefixedRun consecutive lines or
// more, the prefix prefixLen measures (-1: the line has none). Every line is
// measured before any is changed. whole: only a run with a blank line (or
// the text's end) on either side, as a viewer numbers a whole paste; a table
// whose first column counts rows 1, 2, 3 has its header line above them.
func stripRuns(lines []string, whole bool, prefixLen func(int) int) {
	lens := make([]int, len(lines))
	for i := range lines {
		lens[i] = prefixLen(i)
	}
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && lens[j] >= 0 {
			j++
		}
		bounded := !whole || (i == 0 || strings.TrimSpace(lines[i-1]) == "") && (j == len(lines) || strings.TrimSpace(lines[j]) == "")
		if j-i >= minPrefixedRun && bounded && hasContent(lines[i:j], lens[i:j]) {
			for k := i; k < j; k++ {
				lines[k] = lines[k][lens[k]:]
			}
		}
		i = max(j, i+1)
	}
}

// hasContent: two lines of the run hold more than their prefix.
func hasContent(run []string, lens []int) bool {
	n := 0
	for k, l := range run {
		if strings.TrimSpace(l[lens[k]:]) != "" {
			n++
		}
	}
	return n >= 2
}
