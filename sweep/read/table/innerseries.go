package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// A table may name its curves by two settings at once in its column names:
// "CP off Median TTFT, 40,960 in" beside "CP off Median TTFT, 61,440 in"
// and the same for "CP on": once --series picks one setting ("CP off"),
// its columns still hold one metric twice, told apart by the other
// ("40,960" and "61,440"). Those are curves too, never two candidates for
// one value: knee names them as the picked series and the inner one
// ("CP off / 40,960"), and reads the one --series names.

// innerColumnSeries splits the columns left after a column-name series was
// picked into the series their headers still name, and picks the one the
// rest of --series names; nothing when they name none.
func (r *resolved) innerColumnSeries(g grid) error {
	inner := r.seriesColumns()
	if len(inner.names) < 2 {
		return nil
	}
	outer := r.seriesName
	if r.seriesRest == "" {
		var list, picks []string
		for _, n := range inner.names {
			list = append(list, fmt.Sprintf("%q (%s)", n, strings.Join(inner.colsOf[n], ", ")))
			picks = append(picks, joinPick(outer, n))
		}
		return AmbiguousSeries(inputerr.Errorf(g.file, "--series", g.headerLine, "the columns of series %q hold %d series more in their names: %s; knee reads one curve at a time: pick one with --series %q",
			outer, len(inner.names), strings.Join(list, "; "), picks[0]), picks)
	}
	name, rest, ok := splitColumnPick(inner.names, r.seriesRest)
	if !ok {
		return inputerr.Errorf(g.file, "--series", g.headerLine, "%q names none of the series the columns of %q hold (%s)", r.seriesRest, outer, quoteAll(inner.names))
	}
	for i, n := range inner.nameOf {
		if !strings.EqualFold(n, name) {
			r.cols[i].kind, r.cols[i].why = colIgnore, fmt.Sprintf("series %q of %q; --series picks %q", n, outer, name)
		}
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: series %q of %q read (--series); the columns of %s not read", g.file, name, outer, quoteAll(without(inner.names, name))))
	r.seriesName, r.seriesRest = joinPick(outer, name), rest
	return nil
}
