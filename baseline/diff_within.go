package baseline

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kneetool/knee/sweep"
)

// Within-run intervals (issue 30). Two single runs have no spread between
// runs to judge a change by, so diff used to judge them on the change
// alone: two runs of one config on the test bed read "REGRESSED" on noise.
// A level swept by knee now carries its own 95% intervals — the
// throughput's from its windows, the latency percentiles' from order
// statistics of its requests — and a row of one run each side whose two
// points both have one is judged on them. They say how precisely each run
// measured its own level, not how much runs differ (a server warm or cold,
// another node): the method names --repeats as the way to a between-run
// interval. Results without them keep the old rule.

// withinMethod is the method of a row judged on within-run intervals.
const withinMethod = "within-run interval (each run's own 95%: throughput windows, request order statistics); not between runs: --repeats 3 on each side gives that"

// withinRun is the 95% within-run interval of metric at pts' one run (nil
// when there are repeats, or the point has none).
func withinRun(pts []sweep.Point, metric string) *sweep.Interval {
	if len(pts) != 1 {
		return nil
	}
	p := pts[0]
	if metric == "throughput_tok_s" {
		return p.ThroughputCI95
	}
	if iv, ok := p.Intervals95[metric]; ok {
		return &iv
	}
	return nil
}

// withinHalf is the half-width of the interval on the difference of the
// two runs' values at confidence, from their 95% within-run intervals
// taken as normal (each half-width over 1.96 is its standard error).
func withinHalf(a, b *sweep.Interval, confidence float64) float64 {
	se := func(iv *sweep.Interval) float64 { return (iv.High - iv.Low) / (2 * 1.959964) }
	z := distuv.UnitNormal.Quantile(1 - (1-confidence)/2)
	return z * math.Hypot(se(a), se(b))
}
