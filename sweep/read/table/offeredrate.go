package table

import (
	"fmt"
	"sort"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// A rate sweep that prints the offered rate and the tokens (output tok/s,
// TTFT, TPOT) but neither a served req/s nor an E2E is still placed by
// Little's law in tokens: N = λ·TTFT + X·TPOT − λ·TPOT (rows.go
// e2eFromTokens). The decoding term X·TPOT is the node's own; only the
// waiting term takes λ, and below saturation the offered rate is the
// served one. Past it the node serves fewer requests than were offered, and
// the offered λ would count requests that never ran: those levels are
// refused, not guessed.

// servedShortfall is how far below the lower levels' tokens per request a
// level's output tok/s ÷ offered req/s may fall before the offered rate is
// taken as not served: under half, the node finished under half of what
// was offered (output lengths that vary by request move it far less).
const servedShortfall = 0.5

// offeredStandsForServed: the table's only request rate is the offered
// one and no E2E or concurrency column places the stages, so Little's law
// in tokens takes the offered rate for the served one.
func offeredStandsForServed(cols []column) bool {
	return !hasKind(cols, colConcurrency) && !hasKind(cols, colPerGPU) && !hasKind(cols, colRequestRate) &&
		hasKind(cols, colRequestedRate) && !centralLatency(cols, "e2e") && e2eDerivable(cols)
}

// offeredMayBeServed refuses the law in tokens where a column knee does not
// read steps up row by row as a load does: the table is then likely a
// closed loop keyed by that column, and its bare req/s the served rate
// measured at each level, not an offered one (a Japanese 並列 "parallel"
// column beside "rps"). Placed by an offered rate, its stages would be
// keyed by the wrong load.
func offeredMayBeServed(g grid, cols []column) error {
	if h := steppingLoadHint(g, cols); h != "" {
		return inputerr.Errorf(g.file, "concurrency", g.headerLine, "a request-rate sweep with no served req/s and no end-to-end latency, whose request rate may be the served one of a closed loop%s", h)
	}
	return nil
}

// offeredPastSaturation refuses the first level (by offered rate) whose
// output tok/s ÷ offered req/s falls under servedShortfall of the most any
// lower level shows: there the offered rate is not what was served.
func offeredPastSaturation(g grid, points []sweep.Point) error {
	order := make([]int, 0, len(points))
	for i, p := range points {
		if p.RequestedRate != nil && *p.RequestedRate > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return *points[order[a]].RequestedRate < *points[order[b]].RequestedRate })
	best := 0.0
	for _, i := range order {
		p := points[i]
		perRequest := p.ThroughputTokS / *p.RequestedRate
		if best > 0 && perRequest < servedShortfall*best {
			return inputerr.Errorf(g.file, "e2e", g.lines[i], "a request-rate sweep with no served req/s and no end-to-end latency: at %v req/s offered the node gave %.3g output tokens per offered request, under half the %.3g of a lower level, so it served fewer requests than were offered and the offered rate cannot stand for the served one in Little's law (a served req/s column, `Request throughput`, or an E2E column would place it)", *p.RequestedRate, perRequest, best)
		}
		if perRequest > best {
			best = perRequest
		}
	}
	return nil
}

// tokenLawCaveats says, after the derivation note, what makes the derived
// concurrency approximate: the offered rate standing for the served one,
// and medians where the table prints no means.
func tokenLawCaveats(cols []column) string {
	var c []string
	if offeredStandsForServed(cols) {
		c = append(c, "the table prints no served req/s, so the offered rate stands for it (they are equal below saturation; a level that served under half of what was offered is refused)")
	}
	var medians []string
	for _, m := range []string{"ttft", "itl"} {
		if !centralMean(cols, m) {
			medians = append(medians, strings.ToUpper(m))
		}
	}
	if len(medians) > 0 {
		c = append(c, fmt.Sprintf("the %s read as the median (no mean printed), so the concurrency is approximate", strings.Join(medians, " and ")))
	}
	if len(c) == 0 {
		return ""
	}
	return "; " + strings.Join(c, "; ")
}

// centralMean: the table prints metric's mean.
func centralMean(cols []column, metric string) bool {
	for _, c := range cols {
		if c.kind == colLatency && c.metric == metric && c.stat == "mean" {
			return true
		}
	}
	return false
}
