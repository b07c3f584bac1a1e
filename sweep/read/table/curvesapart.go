package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// A safety net under every pass: knee never reads its measurements from
// columns that name different curves. Whatever the passes decided (a label's
// words misread as a stream's rate, a series no pass saw), when the read
// measurement columns carry two or more curve labels ("1 slot: throughput"
// read beside "4 slots: median TTFT"), the reading would merge two curves,
// so it is refused, naming the curves, instead.

// columnCurve is the curve a column's header names: its labelled grid's
// label, or else a "<label>: <metric>" header whose label says nothing a
// column measures.
func columnCurve(c column) string {
	if c.curve != "" {
		return c.curve
	}
	l, m, ok := strings.Cut(stripMarkup(c.header), ":")
	if !ok || strings.Contains(m, ":") {
		return ""
	}
	l, m = strings.TrimSpace(l), strings.TrimSpace(m)
	if !curveLabelWords(l) || !curveMetric(m) {
		return ""
	}
	return l
}

// curvesApart refuses a reading whose measurement columns name different
// curves.
func (r *resolved) curvesApart(g grid) error {
	var names, heads []string
	seen := map[string]bool{}
	for _, c := range r.cols {
		if c.key() == "" || !measuredAtLevel(c) {
			continue
		}
		n := columnCurve(c)
		if n == "" {
			continue
		}
		heads = append(heads, fmt.Sprintf("%q (%s)", c.header, n))
		if !seen[strings.ToLower(n)] {
			seen[strings.ToLower(n)] = true
			names = append(names, n)
		}
	}
	if len(names) < 2 {
		return nil
	}
	return AmbiguousSeries(inputerr.Errorf(g.file, "--series", g.headerLine,
		"the columns read would merge the curves %s: %s; knee reads one curve at a time: pick one with --series %q",
		quoteAll(names), strings.Join(heads, ", "), names[0]), names)
}
