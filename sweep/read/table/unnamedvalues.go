package table

import "fmt"

// unnamedValuesHint says, for a table refused for want of a throughput
// whose only column read is its load, which columns hold numbers that
// nothing names: the rows of a transposed table named by configurations
// ("repack off | 13.9 | 20.5 …") with no metric in the corner, a caption,
// a heading or a line under the table. Their values may well be tok/s, but
// the table does not say so, and knee does not guess a metric; "" when
// another column is read or none holds unnamed numbers.
func unnamedValuesHint(g grid, cols []column) string {
	var unnamed []string
	for i, c := range cols {
		switch {
		case c.kind == colConcurrency || c.kind == colPerGPU:
			continue
		case c.key() != "":
			return "" // the table names a measure: the refusal is about it
		case (c.kind == colIgnore && c.why == "" || c.kind == colSeriesLabel) && numberColumn(g, i) && !allRatios(columnCells(g, i)):
			unnamed = append(unnamed, c.header)
		}
	}
	if len(unnamed) == 0 {
		return ""
	}
	if h, why := otherRateHeading(g); h != "" {
		return fmt.Sprintf("; %s hold numbers under %q, which names a token rate knee does not read as the node's output rate (%s)", andQuoted(unnamed), h, why)
	}
	return fmt.Sprintf("; %s hold numbers that nothing names: no header, corner cell, caption or heading above, or line under the table (\"values are output tok/s\") says what they are", andQuoted(unnamed))
}

// otherRateHeading is the caption or innermost heading above g when it
// names a token rate that is not the output rate ("Total throughput,
// tok/s": input and output tokens together), and why it is not read: the
// refusal then says the table was named, and why that name does not
// answer, rather than that nothing names its numbers.
func otherRateHeading(g grid) (string, string) {
	h := g.caption
	if h == "" && len(g.title) > 0 {
		h = g.title[len(g.title)-1]
	}
	if c := classify(h); h != "" && c.kind == colOtherTokRate {
		return h, c.why
	}
	return "", ""
}
