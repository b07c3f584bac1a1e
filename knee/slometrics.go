package knee

import (
	"math"

	"github.com/kneetool/knee/sweep"
)

// sloMetric is one kind of latency an SLO can bound (the KIND of --slo
// KIND_STAT=LIMIT): where a point keeps its distribution, how one request's
// value is had for goodput counted per request, and the reason a level
// that misses it gets. A new SLO metric is one row of sloMetrics.
type sloMetric struct {
	name string
	// dist is the distribution the metric reads from a point, and the
	// field it names in the JSON (SLOCheck.From).
	dist func(sweep.Point) (sweep.Dist, string)
	// perRequest is one request's value in ms (known false when the
	// request lacks it); nil when the metric cannot be counted per request
	// (chunk ITL: requests.jsonl keeps no gaps), so goodput is bounded
	// from the percentiles.
	perRequest func(sweep.RequestTiming) (v float64, known bool)
	// reason is what a level over the SLO is marked with.
	reason Reason
	// ceiling: the catalog's TTFT ceiling bounds this metric, so a stated
	// SLO of it takes the ceiling's place (no disagreement is reported)
	// and --ttft-slo-ms states it too (once, not both).
	ceiling bool
}

// sloMetrics are the SLO metrics --slo accepts, in the order its help
// names them.
//
//   - ttft reads ttft_ms;
//   - itl reads itl_chunks_ms (every gap between streamed chunks) when the
//     source gave it beside TPOT, else itl_ms, and says which;
//   - tpot reads itl_ms (each request's mean gap between tokens, which the
//     readers fill from a source's TPOT); a request's TPOT is
//     (E2E − TTFT) / (output tokens − 1), and one with a single output
//     token has none and meets a TPOT SLO;
//   - e2e reads e2e_ms.
var sloMetrics = []sloMetric{
	{name: "ttft", reason: ReasonOverTTFTSLO, ceiling: true,
		dist: func(p sweep.Point) (sweep.Dist, string) { return p.TTFT, "ttft_ms" },
		perRequest: func(r sweep.RequestTiming) (float64, bool) {
			if r.TTFTMs != nil {
				return *r.TTFTMs, true
			}
			return math.NaN(), false
		}},
	{name: "itl", reason: ReasonOverITLSLO,
		dist: func(p sweep.Point) (sweep.Dist, string) {
			if !p.ITLChunks.Empty() {
				return p.ITLChunks, "itl_chunks_ms"
			}
			return p.ITL, "itl_ms"
		}},
	{name: "tpot", reason: ReasonOverTPOTSLO,
		dist: func(p sweep.Point) (sweep.Dist, string) { return p.ITL, "itl_ms" },
		perRequest: func(r sweep.RequestTiming) (float64, bool) {
			if r.TTFTMs != nil && r.OutputTokens > 1 {
				return (r.E2EMs - *r.TTFTMs) / float64(r.OutputTokens-1), true
			}
			return 0, true
		}},
	{name: "e2e", reason: ReasonOverE2ESLO,
		dist:       func(p sweep.Point) (sweep.Dist, string) { return p.E2E, "e2e_ms" },
		perRequest: func(r sweep.RequestTiming) (float64, bool) { return r.E2EMs, true }},
}

// sloMetricOf is the row of sloMetrics named kind.
func sloMetricOf(kind string) (sloMetric, bool) {
	for _, m := range sloMetrics {
		if m.name == kind {
			return m, true
		}
	}
	return sloMetric{}, false
}

// sloKinds are the metrics' names, for messages.
func sloKinds() []string {
	out := make([]string, len(sloMetrics))
	for i, m := range sloMetrics {
		out[i] = m.name
	}
	return out
}
