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
func (r *resolved) innerColumnSeries(g grid, outerNames []string) error {
	inner := r.seriesColumns()
	if len(inner.names) < 2 {
		return nil
	}
	outer := r.seriesName
	if namesAmong(inner.names, outerNames) {
		// The columns name the outer series themselves, in words the
		// outer split did not see ("首字延迟 TPU TTFT" beside "TPU TPOT"):
		// the picked one's column is the picked series'.
		return r.pickInner(g, inner, outer, outer, outer, r.seriesRest)
	}
	if !r.innerRates(inner) {
		return nil
	}
	if r.seriesRest == "" {
		var list, picks []string
		for _, n := range inner.names {
			list = append(list, fmt.Sprintf("%q (%s)", n, strings.Join(inner.colsOf[n], ", ")))
			picks = append(picks, joinPick(outer, n))
		}
		return &namesWithin{AmbiguousSeries(inputerr.Errorf(g.file, "--series", g.headerLine, "the columns of series %q hold %d series more in their names: %s; knee reads one curve at a time: pick one with --series %q",
			outer, len(inner.names), strings.Join(list, "; "), picks[0]), picks)}
	}
	name, rest, ok := splitColumnPick(inner.names, r.seriesRest)
	if !ok {
		return inputerr.Errorf(g.file, "--series", g.headerLine, "%q names none of the series the columns of %q hold (%s)", r.seriesRest, outer, quoteAll(inner.names))
	}
	return r.pickInner(g, inner, outer, name, joinPick(outer, name), rest)
}

// innerRates: some inner series' columns hold a token rate. Names that
// tell apart only latencies ("First-turn TTFT" beside "Later-turn TTFT",
// one throughput for both) are two candidates for one value of the picked
// curve, which the roles pass offers as such, never curves of their own.
func (r *resolved) innerRates(inner colSeries) bool {
	for i := range inner.nameOf {
		switch r.cols[i].kind {
		case colThroughput, colThroughputPerGPU:
			return true
		}
	}
	return false
}

// namesAmong: every name of inner is one of outer, case aside.
func namesAmong(inner, outer []string) bool {
	for _, n := range inner {
		found := false
		for _, o := range outer {
			found = found || strings.EqualFold(n, o)
		}
		if !found {
			return false
		}
	}
	return true
}

// pickInner reads the inner series name, picked as a whole by the
// --series value picked, and leaves the columns of the others unread.
func (r *resolved) pickInner(g grid, inner colSeries, outer, name, picked, rest string) error {
	of := fmt.Sprintf(" of %q", outer)
	if name == outer {
		of = ""
	}
	for i, n := range inner.nameOf {
		if !strings.EqualFold(n, name) {
			r.cols[i].kind, r.cols[i].why = colIgnore, fmt.Sprintf("series %q%s; --series picks %q", n, of, name)
		}
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: series %q%s read (--series) in %s; the columns of %s not read", g.file, name, of, quoteAll(inner.colsOf[name]), quoteAll(without(inner.names, name))))
	r.seriesName, r.seriesRest = picked, rest
	return nil
}
