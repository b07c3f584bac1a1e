package knee

import (
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat"

	"github.com/kneetool/knee/internal/stats"
	"github.com/kneetool/knee/sweep"
)

// level is one concurrency level with its repeats combined. Throughput is
// the mean of the repeats (the quantity a floor gates on is a mean over a
// run, so the mean over runs is its natural estimate); TTFT is the median of
// the repeats' statistic, because a p99 from one stalled run (the EKS H100
// repeats: 603 ms … 30,743 ms) would otherwise decide the level alone.
type level struct {
	x           float64 // analysis x: per GPU when GPUs are known, else total
	concurrency float64 // total configured concurrency (mean over repeats)
	points      []sweep.Point

	thr        float64   // node output tok/s, mean of repeats
	thrRepeats []float64 // per repeat, input order
	cv         float64   // throughput coefficient of variation (0 with one repeat)
	outliers   []int     // repeat numbers flagged by the robust z rule

	ttft    float64 // combined TTFT of the chosen statistic; NaN when unknown
	ttftP50 float64 // NaN when unknown
	ttftP99 float64 // the tail: p99, or p90 where ttftTail says so; NaN when unknown
	// ttftTail is sweep.TailP90 when a repeat's p99 rested on fewer than
	// sweep.MinSamplesP99 requests (ttftP99 is then the p90), else "".
	ttftTail string
	// ttftWait is the TTFT statistic that carries a queue's mean wait:
	// the mean (Little's law is about means), else the median; NaN when
	// neither is known. The tail (p99) is never used for it.
	ttftWait float64
	// ttftWaitStat names ttftWait's statistic ("mean TTFT", "TTFT p50"), so
	// that a sentence quoting it says which: the table shows p50 and p99,
	// and a queueing sentence quoting mean TTFTs read as the table's.
	ttftWaitStat string

	reqRate    float64 // successful req/s (whole node), NaN when unknown
	reqRateHow string  // where reqRate came from
	// follow is achieved ÷ requested request rate for a rate-based stage
	// (mean over repeats); NaN when the load was not rate-based.
	follow    float64
	requested float64 // requested req/s, NaN when not rate-based

	requestsMin *int // fewest successful requests of any repeat, nil when unknown
	errRate     float64
	errKnown    bool
	achieved    float64 // achieved/configured, NaN when unknown
	clientBound bool
	clientCPU   float64  // NaN when unknown
	clientWhy   []string // what the harness saw of a client-bound level, each said once
	cancelled   bool
	simulated   bool
	// windowed: every repeat stopped by precision or time (sweep.Point
	// StopReason) and measured its throughput over windows, without the
	// final drain; its p99 is judged on sweep.MinSamplesP99 requests.
	windowed bool
	// halfWidth is the 95% interval of the level's throughput relative to
	// it, from its repeats' windows (NaN when any repeat has none).
	halfWidth float64
	derived   bool // a repeat's concurrency was derived (Little's law), not configured
}

// ttftStat is the TTFT statistic the analysis compares across levels.
type ttftStat string

const (
	statP99  ttftStat = "p99"
	statP95  ttftStat = "p95"
	statP90  ttftStat = "p90"
	statP50  ttftStat = "p50"
	statMean ttftStat = "mean"
	statNone ttftStat = ""
)

func ttftValue(d sweep.Dist, st ttftStat) (float64, bool) {
	var v *float64
	switch st {
	case statP99:
		v = d.P99
	case statP95:
		v = d.P95
	case statP90:
		v = d.P90
	case statP50:
		v = d.P50
	case statMean:
		v = d.Mean
	}
	if v == nil || math.IsNaN(*v) || math.IsInf(*v, 0) {
		return math.NaN(), false
	}
	return *v, true
}

// chooseTTFTStat picks one statistic for the whole sweep, the best that
// every point with any TTFT has: comparing one level's p99 with another's
// mean would invent a hinge.
//
// A point whose tail is p90 (sweep.Point.TTFTTail: its p99 would rest on
// fewer than 100 requests) has no p99 or p95 worth comparing: the sweep
// then compares p90, which every such point has.
func chooseTTFTStat(pts []sweep.Point) ttftStat {
	order := []ttftStat{statP99, statP95, statP50, statMean}
	for _, p := range pts {
		if p.TTFTTail == sweep.TailP90 {
			order = []ttftStat{statP90, statP50, statMean}
			break
		}
	}
	for _, st := range order {
		ok, any := true, false
		for _, p := range pts {
			if p.TTFT.Empty() {
				continue
			}
			any = true
			if _, has := ttftValue(p.TTFT, st); !has {
				ok = false
				break
			}
		}
		if !any {
			return statNone
		}
		if ok {
			return st
		}
	}
	return statNone
}

// buildLevels groups points by analysis x (sorted ascending, whatever the
// input order) and combines repeats.
func buildLevels(pts []sweep.Point, gpus int, st ttftStat, opts Options) []*level {
	byX := map[float64]*level{}
	var xs []float64
	for _, p := range pts {
		x := p.Level()
		l, ok := byX[x]
		if !ok {
			l = &level{x: x}
			byX[x] = l
			xs = append(xs, x)
		}
		l.points = append(l.points, p)
	}
	sort.Float64s(xs)
	out := make([]*level, 0, len(xs))
	baseE2E := lowestStageE2E(pts)
	for _, x := range xs {
		l := byX[x]
		combine(l, gpus, st, opts, baseE2E)
		out = append(out, l)
	}
	return out
}

// combine gives a level the combined values of its repeats: throughput is
// their mean, TTFT the median of each statistic, rates and the client's
// share means, the error rate over all requests.
func combine(l *level, gpus int, st ttftStat, opts Options, baseE2E float64) {
	l.ttft, l.ttftP50, l.ttftP99, l.reqRate, l.achieved, l.clientCPU = math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()
	l.ttftWait = math.NaN()
	l.follow, l.requested = math.NaN(), math.NaN()
	v := repeatValues{reqKnownAll: true}
	for _, p := range l.points {
		if p.TTFTTail == sweep.TailP90 {
			l.ttftTail, v.tail = sweep.TailP90, sweep.TailP90
		}
	}
	for _, p := range l.points {
		l.flag(p)
		l.thrRepeats = append(l.thrRepeats, p.ThroughputTokS)
		v.conc = append(v.conc, p.Concurrency)
		v.addClient(p)
		v.addTTFT(p, st)
		v.addRates(p, gpus, opts, baseE2E)
		l.requestsMin = v.addCounts(p, l.requestsMin)
	}
	l.combineThroughput(v)
	l.combineTTFT(v)
	l.combineRates(v, gpus, opts)
	if len(v.achieved) > 0 {
		l.achieved = stat.Mean(v.achieved, nil)
	}
	if len(v.cpus) > 0 {
		l.clientCPU = maxOf(v.cpus)
	}
	l.combineErrors(v)
	l.outliers = outlierRepeats(l.points, st, opts.OutlierZ)
	l.windowed, l.halfWidth = windowed(l.points)
}

// repeatValues are one level's repeats' values, gathered to be combined.
type repeatValues struct {
	conc, ttfts, p50s, p99s, means, rates []float64
	achieved, cpus, follows, requested    []float64
	req, fail                             int
	reqKnownAll, failKnownAny             bool
	tail                                  string // the level's TTFT tail (level.ttftTail)
}

// flag marks the level with what any of its repeats says of itself.
func (l *level) flag(p sweep.Point) {
	l.cancelled = l.cancelled || p.Cancelled
	l.simulated = l.simulated || p.Simulated
	l.derived = l.derived || p.Derived
	l.clientBound = l.clientBound || p.ClientBound
	for _, w := range p.ClientBoundWhy {
		if !slices.Contains(l.clientWhy, w) {
			l.clientWhy = append(l.clientWhy, w)
		}
	}
}

func (v *repeatValues) addClient(p sweep.Point) {
	if p.ClientCPU != nil && finite(*p.ClientCPU) {
		v.cpus = append(v.cpus, *p.ClientCPU)
	}
	if p.AchievedConcurrency != nil && finite(*p.AchievedConcurrency) && p.Concurrency > 0 {
		v.achieved = append(v.achieved, *p.AchievedConcurrency/p.Concurrency)
	}
}

func (v *repeatValues) addTTFT(p sweep.Point, st ttftStat) {
	add := func(to *[]float64, s ttftStat) {
		if x, ok := ttftValue(p.TTFT, s); ok {
			*to = append(*to, x)
		}
	}
	add(&v.ttfts, st)
	add(&v.p50s, statP50)
	// The level's tail: p99, or p90 where a repeat says its p99 rests on
	// too few requests (the level's tail is then p90 for every repeat).
	if v.tail == sweep.TailP90 {
		add(&v.p99s, statP90)
	} else {
		add(&v.p99s, statP99)
	}
	add(&v.means, statMean)
}

// addRates gathers the request rate and, for an open-loop stage, the share
// of its offered rate it served, net of the end-of-run drain.
func (v *repeatValues) addRates(p sweep.Point, gpus int, opts Options, baseE2E float64) {
	if p.RequestedRate != nil && *p.RequestedRate > 0 && p.RequestRate != nil && finite(*p.RequestRate) {
		v.follows = append(v.follows, *p.RequestRate / *p.RequestedRate / drainShare(p, baseE2E))
		v.requested = append(v.requested, *p.RequestedRate)
	}
	if r, _ := requestRate(p, gpus, opts); finite(r) {
		v.rates = append(v.rates, r)
	}
}

// addCounts sums requests and failures and returns the fewest requests of
// any repeat so far.
func (v *repeatValues) addCounts(p sweep.Point, fewest *int) *int {
	if p.Failures != nil {
		v.failKnownAny = true
		v.fail += *p.Failures
	}
	if p.Requests == nil {
		v.reqKnownAll = false
		return fewest
	}
	v.req += *p.Requests
	if fewest == nil || *p.Requests < *fewest {
		return sweep.I(*p.Requests)
	}
	return fewest
}

func (l *level) combineThroughput(v repeatValues) {
	l.concurrency = stat.Mean(v.conc, nil)
	l.thr = stat.Mean(l.thrRepeats, nil)
	if len(l.thrRepeats) > 1 && l.thr > 0 {
		// Relative to the mean first, so that huge values cannot overflow.
		rel := make([]float64, len(l.thrRepeats))
		for i, x := range l.thrRepeats {
			rel[i] = x / l.thr
		}
		l.cv = stat.StdDev(rel, nil)
	}
}

// combineTTFT takes the median of each statistic; the wait TTFT shows is
// read from the mean, else the p50, when every repeat has it.
func (l *level) combineTTFT(v repeatValues) {
	median := func(xs []float64, into *float64) {
		if len(xs) > 0 {
			*into = stats.Median(xs)
		}
	}
	median(v.ttfts, &l.ttft)
	median(v.p50s, &l.ttftP50)
	median(v.p99s, &l.ttftP99)
	switch {
	case len(v.means) == len(l.points):
		l.ttftWait, l.ttftWaitStat = stats.Median(v.means), "mean TTFT"
	case len(v.p50s) == len(l.points):
		l.ttftWait, l.ttftWaitStat = stats.Median(v.p50s), "TTFT p50"
	}
}

func (l *level) combineRates(v repeatValues, gpus int, opts Options) {
	if len(v.rates) > 0 {
		l.reqRate = stat.Mean(v.rates, nil)
		_, l.reqRateHow = requestRate(l.points[0], gpus, opts)
	}
	if len(v.follows) == len(l.points) {
		l.follow, l.requested = stat.Mean(v.follows, nil), stat.Mean(v.requested, nil)
	}
}

// combineErrors gives the failed share of all requests, when any repeat
// counted failures.
func (l *level) combineErrors(v repeatValues) {
	if !v.failKnownAny {
		return
	}
	l.errKnown = true
	if total := v.req + v.fail; total > 0 && v.reqKnownAll {
		l.errRate = float64(v.fail) / float64(total)
	} else if v.fail > 0 {
		// Failures without a success count: all we know is that some failed.
		l.errRate = 1
		if v.reqKnownAll && v.req > 0 {
			l.errRate = float64(v.fail) / float64(v.req+v.fail)
		}
	}
}

// requestRate estimates successful requests per second for the whole node,
// in order of directness: the harness's own rate; output throughput ÷ mean
// output tokens (measured, else assumed by --output-tokens); Little's law
// N / mean request latency for a closed loop.
func requestRate(p sweep.Point, gpus int, opts Options) (float64, string) {
	if p.RequestRate != nil && finite(*p.RequestRate) && *p.RequestRate > 0 {
		return *p.RequestRate, "measured request rate"
	}
	if p.OutputTokensMean != nil && finite(*p.OutputTokensMean) && *p.OutputTokensMean > 0 && p.ThroughputTokS > 0 {
		return p.ThroughputTokS / *p.OutputTokensMean, "throughput ÷ measured mean output tokens"
	}
	if opts.OutputTokens > 0 && p.ThroughputTokS > 0 {
		return p.ThroughputTokS / opts.OutputTokens, "throughput ÷ assumed output tokens (--output-tokens)"
	}
	if p.E2E.Mean != nil && finite(*p.E2E.Mean) && *p.E2E.Mean > 0 && p.Concurrency > 0 {
		return p.Concurrency / (*p.E2E.Mean / 1000), "concurrency ÷ mean request latency (Little's law)"
	}
	return math.NaN(), ""
}

// outlierRepeats lists the repeats whose throughput or TTFT lies beyond z
// robust standard deviations (1.4826·MAD) from the level's median. With
// fewer than 3 repeats there is no robust centre, so none is listed.
func outlierRepeats(pts []sweep.Point, st ttftStat, z float64) []int {
	if len(pts) < 3 {
		return nil
	}
	thr := make([]float64, len(pts))
	var tt []float64
	for i, p := range pts {
		thr[i] = p.ThroughputTokS
		if v, ok := ttftValue(p.TTFT, st); ok {
			tt = append(tt, v)
		}
	}
	flag := robustOutliers(thr, z)
	if len(tt) == len(pts) {
		for i, f := range robustOutliers(tt, z) {
			flag[i] = flag[i] || f
		}
	}
	var out []int
	for i, f := range flag {
		if f {
			out = append(out, pts[i].Repeat)
		}
	}
	return out
}

func robustOutliers(v []float64, z float64) []bool {
	out := make([]bool, len(v))
	m := stats.Median(v)
	dev := make([]float64, len(v))
	for i, x := range v {
		dev[i] = math.Abs(x - m)
	}
	mad := 1.4826 * stats.Median(dev)
	if mad == 0 {
		return out
	}
	for i, d := range dev {
		out[i] = d/mad > z
	}
	return out
}

func maxOf(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// drainShare is the share of its offered rate a finite open-loop stage
// serves even when it keeps up: N requests arrive over N/λ seconds, and the
// last of them finishes about one time in flight later, so the served rate
// is N / (N/λ + E2E) = λ / (1 + λ·E2E/N). At 2 req/s, 600 requests and a
// 25 s E2E that is 92%: a stage is judged on keeping up net of that drain,
// not called behind for it. The E2E is the lowest stage's (baseE2E, ms),
// the time in flight of a server that keeps up: an overloaded stage's own
// E2E holds its queue, and would excuse the very shortfall it causes. 1 when
// the request count or that E2E is unknown.
func drainShare(p sweep.Point, baseE2E float64) float64 {
	if p.Requests == nil || *p.Requests <= 0 || !finite(baseE2E) || baseE2E <= 0 || p.RequestedRate == nil {
		return 1
	}
	return 1 / (1 + *p.RequestedRate*baseE2E/1000/float64(*p.Requests))
}

// lowestStageE2E is the mean E2E (ms) of the stage offered the lowest rate,
// NaN when no stage has both.
func lowestStageE2E(pts []sweep.Point) float64 {
	base, rate := math.NaN(), math.Inf(1)
	for _, p := range pts {
		if p.RequestedRate != nil && *p.RequestedRate > 0 && *p.RequestedRate < rate && p.E2E.Mean != nil && finite(*p.E2E.Mean) {
			base, rate = *p.E2E.Mean, *p.RequestedRate
		}
	}
	return base
}
