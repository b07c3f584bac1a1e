package table

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
)

// The ambiguity pass: what the passes left with two candidate columns for
// one value (two request rates, two columns of one kind) is refused with
// the candidates ranked (ambiguity.go), which Decide reads once each and
// settles when the answer is the same with either. A decode phase's rate
// beside the run's output rate is no candidate (phaserate.go).
func (r *resolved) ambiguityPass(g grid) error {
	if err := r.refuseAmbiguousRates(g); err != nil {
		return err
	}
	r.runRateOverPhaseRate(g)
	return r.refuseLookalikes(g)
}

// refuseLookalikes refuses two read columns with one meaning.
func (r *resolved) refuseLookalikes(g grid) error {
	byKey := map[string][]int{}
	var keys []string
	for i, c := range r.cols {
		k := c.key()
		if k == "" {
			continue
		}
		if len(byKey[k]) == 0 {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], i)
	}
	for _, k := range keys {
		if len(byKey[k]) < 2 || k == "note" || r.settledLookalikes(g, k, byKey[k]) { // remarks are all kept, none chosen
			continue
		}
		hs := r.headersOf(byKey[k])
		marked := hs
		if len(r.cols) == len(g.header) {
			marked = r.headersOf(highlightedFirst(g, byKey[k]))
		}
		ranked := rankCandidates(k, marked)
		err := inputerr.Errorf(g.file, hs[1], g.headerLine, "columns %q and %q both read as %s; knee does not guess which: pick one with --column %s=%q", hs[0], hs[1], k, k, ranked[0])
		return ambiguousColumns(err, k, marked)
	}
	return nil
}

// settledLookalikes: the columns idx of one meaning k are settled before
// any refusal, by --column, or by what tells them apart (a successful
// count, a complete load, the client's side, one naming split in two).
func (r *resolved) settledLookalikes(g grid, k string, idx []int) bool {
	if r.keepPicked(k) || r.keepPickedSibling(k, idx) {
		return true
	}
	switch {
	case k == "requests" && r.keepSuccessfulCount(idx):
		return true
	case k == "concurrency" && r.keepOneLoad(g, idx):
		return true
	case r.cols[idx[0]].kind == colLatency && r.keepClientSide(idx):
		return true
	case len(r.cols) == len(g.header) && r.settledByValues(g, idx):
		return true
	}
	return r.keepOneNaming(g, idx)
}

// settledByValues settles lookalikes by what their cells hold: the one
// with values, the one with numbers, the whole beside its parts. idx index
// g's columns.
func (r *resolved) settledByValues(g grid, idx []int) bool {
	return r.keepTheOneWithValues(g, idx) || r.keepTheOneWithNumbers(g, idx) ||
		r.cols[idx[0]].kind == colThroughput && r.keepTheSum(g, idx)
}

// keepOneLoad settles two load columns by the one complete, else the one
// named the concurrency.
func (r *resolved) keepOneLoad(g grid, idx []int) bool {
	return len(r.cols) == len(g.header) && r.keepCompleteLoad(g, idx) || r.keepNamedConcurrency(idx)
}

func (r *resolved) headersOf(idx []int) []string {
	hs := make([]string, len(idx))
	for j, i := range idx {
		hs[j] = r.cols[i].header
	}
	return hs
}

// keepPicked leaves unread every column of kind k but the one --column
// picked for k; false when the user picked none of them.
func (r *resolved) keepPicked(k string) bool {
	want, ok := r.picked[k]
	if !ok {
		return false
	}
	found := false
	for _, c := range r.cols {
		found = found || c.key() == k && HeaderKey(c.header) == want
	}
	if !found {
		return false
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.key() == k && HeaderKey(c.header) != want {
			c.kind, c.why = colIgnore, fmt.Sprintf("--column %s picks %q", k, want)
		}
	}
	return true
}

// refuseAmbiguousRates: two offered-rate columns cannot both be the load.
func (r *resolved) refuseAmbiguousRates(g grid) error {
	var hs []string
	for _, c := range r.cols {
		if c.kind == colRequestedRate {
			hs = append(hs, c.header)
		}
	}
	if len(hs) > 1 {
		return inputerr.Errorf(g.file, hs[1], g.headerLine, "columns %q and %q both read as the offered request rate; pick one with --column requested_rate=%q", hs[0], hs[1], hs[0])
	}
	return nil
}

// keepPickedSibling settles the candidates for one statistic of a metric
// (itl_p50) by the column picked for another statistic of it (--column
// itl_mean=tpot_mean_ms): of "tpot_p50_ms" and "tpot_sse_p50_ms" the one
// named as the picked one is, its statistic aside, is the picked column's
// sibling, and the others are left unread.
func (r *resolved) keepPickedSibling(k string, idx []int) bool {
	metric, _, ok := strings.Cut(k, "_")
	if !ok {
		return false
	}
	var stems []string
	for pk, want := range r.picked {
		if pm, _, ok := strings.Cut(pk, "_"); ok && pm == metric && pk != k {
			stems = append(stems, statStem(want))
		}
	}
	return r.keepTheOne(idx, func(i int) bool {
		return slices.Contains(stems, statStem(HeaderKey(r.cols[i].header)))
	}, func(string) string {
		return fmt.Sprintf("not the sibling of the column --column picks for %s", metric)
	})
}

// statStem is a header with its statistic's word left out: "tpot_p50_ms"
// and "tpot_mean_ms" are both "tpot__ms".
func statStem(h string) string {
	return statInHeader.ReplaceAllString(h, "")
}

// statInHeader is a statistic's word inside a header.
var statInHeader = regexp.MustCompile(`(?i)(?:^|\b|_)(?:mean|avg|average|median|p\d{2,3}|min|max)(?:$|\b|_)`)
