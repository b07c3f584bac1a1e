package table

import (
	"slices"
	"strings"
)

// pandas prints a frame whose rows are keyed by a column (set_index, or the
// result of a groupby) with the key's name on a line of its own, under the
// column names and where the key's values stand:
//
//	             output_tok_s  ttft_p99_ms
//	concurrency
//	1                    42.2        120.0
//
// and a frame of statistics per measure (agg(["mean", "median"])) with each
// measure's name on a line above its statistics:
//
//	            output_tok_s             ttft_ms
//	                    mean median  std    mean median  std
//	concurrency
//	1                   42.2   42.2  0.3   120.1  119.0  2.0
//
// Read with its first line as the header, the key has no column and the
// statistics no measure. A perf engineer reads the key as the table's first
// column and each statistic under its measure ("output_tok_s mean"). pandas
// parts columns by as little as one space and right-aligns each name with
// its values (a measure's with its first statistic's), so the columns are
// where the first row's values end, and a name belongs to the column it
// ends with.

// frame is such a frame's header (the key's names first, spans for each
// column) and how many lines it takes.
type frame struct {
	head  []span
	lines int
}

// frameAt reads lines h.. of block as a frame: one or two lines of names
// that leave the key's width blank, then the key's names alone from the
// line's start, then rows of as many fields as the key and the columns.
func frameAt(block []alignedLine, h int) (frame, bool) {
	for k := 1; k <= 2 && h+k+1 < len(block); k++ {
		keys := fieldSpans(block[h+k].text)
		if len(keys) == 0 || keys[0].start != 0 || !indentedPast(block[h:h+k], keys[len(keys)-1].end) {
			continue
		}
		first := fieldSpans(block[h+k+1].text)
		if len(first) <= len(keys) {
			return frame{}, false
		}
		cols := first[len(keys):]
		names, ok := rightAligned(block[h+k-1].text, cols)
		if !ok {
			return frame{}, false
		}
		if k == 2 {
			measures, ok := rightAligned(block[h].text, cols)
			if !ok {
				return frame{}, false
			}
			names = underMeasures(measures, names)
		}
		return frame{append(keys, names...), k + 1}, true
	}
	return frame{}, false
}

// indentedPast: every line starts its first cell after column end, and
// none is a rule.
func indentedPast(lines []alignedLine, end int) bool {
	for _, l := range lines {
		f := fieldSpans(l.text)
		if isRule(l.text) || len(f) == 0 || f[0].start <= end {
			return false
		}
	}
	return true
}

// rightAligned gives each of cols the words of line that end with it (a
// name of several words, "Output tok/s", ends with its last); a column
// whose name is left blank gets "". A word that ends with no column is no
// frame's.
func rightAligned(line string, cols []span) ([]span, bool) {
	out := make([]span, len(cols))
	for i, c := range cols {
		out[i] = span{"", c.start, c.end}
	}
	var words []string
	for _, w := range fieldSpans(line) {
		words = append(words, w.text)
		i := slices.IndexFunc(cols, func(c span) bool { return c.end == w.end })
		if i < 0 {
			continue
		}
		out[i].text = strings.Join(words, " ")
		words = nil
	}
	return out, len(words) == 0
}

// underMeasures names each statistic by its measure: the last measure
// named at or before its column.
func underMeasures(measures, stats []span) []span {
	out := make([]span, len(stats))
	measure := ""
	for i, s := range stats {
		if measures[i].text != "" {
			measure = measures[i].text
		}
		out[i] = s
		out[i].text = strings.TrimSpace(measure + " " + s.text)
	}
	return out
}

// fieldSpans splits a line at every run of spaces (pandas parts columns by
// one space where a name fills its column).
func fieldSpans(l string) []span {
	var out []span
	col, start := 0, -1
	var cur strings.Builder
	for _, r := range l + " " {
		if r == ' ' {
			if start >= 0 {
				out = append(out, span{cur.String(), start, col})
				cur.Reset()
				start = -1
			}
		} else {
			if start < 0 {
				start = col
			}
			cur.WriteRune(r)
		}
		col += runeWidth(r)
	}
	return out
}

// frameRows places the rows of a frame: each row's fields by where they
// end (the key's, left-aligned, by where they start); a row whose fields
// outnumber the columns holds a value with spaces and is placed as any
// console row is.
func frameRows(l string, head []span) []string {
	f := fieldSpans(l)
	if len(f) > len(head) {
		return assign(spaceTokens(l), head)
	}
	return assign(f, head)
}
