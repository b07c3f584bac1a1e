package baseline

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kneetool/knee/sweep"
)

// Within-run intervals (issue 30). Two single runs have no spread between
// runs to judge a change by, so diff used to judge them on the change
// alone: two runs of one config on the test bed read "REGRESSED" on noise.
// A level swept by knee now carries the 95% interval of its throughput from
// its windows, and a throughput row of one run each side whose two points
// both have one is judged on them. It says how precisely each run measured
// its level, not how much runs differ (a server warm or cold, another
// node): the method names --repeats as the way to a between-run interval.
//
// Latency percentiles get no such interval: their within-run intervals
// (order statistics, point.json's intervals95) are far narrower than
// their change between two runs of one setup (two default searches of the
// simulator shaped like the test bed: TTFT p50 at 288/GPU 107 and 45 ms,
// each run's interval a few ms wide), so judging on them would call noise
// a regression. A latency row of two such runs is not judged: no change,
// saying why and naming --repeats. Results without windows (older sweeps,
// imports) keep the old rule everywhere.

// WithinMethod is the method of a throughput row judged on within-run
// intervals; LatencyUnjudged that of a latency row of two windowed runs.
const (
	WithinMethod    = "within-run interval (each run's own 95%, from its throughput windows); not between runs: --repeats 3 on each side gives that"
	LatencyUnjudged = "one run each side: a latency percentile moves between runs far beyond its within-run interval, so it is not judged; --repeats 3 on each side gives a between-run interval"
)

// withinRun is the 95% within-run interval of metric at pts' one run (nil
// when there are repeats, the metric is not throughput, or the point has
// none).
func withinRun(pts []sweep.Point, metric string) *sweep.Interval {
	if len(pts) != 1 || metric != "throughput_tok_s" {
		return nil
	}
	return pts[0].ThroughputCI95
}

// windowedRuns reports whether each side is one run of a level knee swept
// with windows.
func windowedRuns(old, cur []sweep.Point) bool {
	return len(old) == 1 && len(cur) == 1 && old[0].Windows != nil && cur[0].Windows != nil
}

// withinHalf is the half-width of the interval on the difference of the
// two runs' values at confidence, from their 95% within-run intervals
// taken as normal (each half-width over 1.96 is its standard error).
func withinHalf(a, b *sweep.Interval, confidence float64) float64 {
	se := func(iv *sweep.Interval) float64 { return (iv.High - iv.Low) / (2 * 1.959964) }
	z := distuv.UnitNormal.Quantile(1 - (1-confidence)/2)
	return z * math.Hypot(se(a), se(b))
}
