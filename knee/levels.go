package knee

import (
	"math"
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
	ttftP99 float64 // NaN when unknown
	// ttftWait is the TTFT statistic that carries a queue's mean wait:
	// the mean (Little's law is about means), else the median; NaN when
	// neither is known. The tail (p99) is never used for it.
	ttftWait float64

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
	clientCPU   float64 // NaN when unknown
	cancelled   bool
	simulated   bool
}

// ttftStat is the TTFT statistic the analysis compares across levels.
type ttftStat string

const (
	statP99  ttftStat = "p99"
	statP95  ttftStat = "p95"
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
func chooseTTFTStat(pts []sweep.Point) ttftStat {
	for _, st := range []ttftStat{statP99, statP95, statP50, statMean} {
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

func combine(l *level, gpus int, st ttftStat, opts Options, baseE2E float64) {
	var conc, ttfts, p50s, p99s, means, rates []float64
	var achieved, cpus, follows, requested []float64
	var req, fail int
	reqKnownAll, failKnownAny := true, false
	l.ttft, l.ttftP50, l.ttftP99, l.reqRate, l.achieved, l.clientCPU = math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN(), math.NaN()
	l.ttftWait = math.NaN()
	l.follow, l.requested = math.NaN(), math.NaN()
	for _, p := range l.points {
		conc = append(conc, p.Concurrency)
		if p.Cancelled {
			l.cancelled = true
		}
		if p.Simulated {
			l.simulated = true
		}
		if p.ClientBound {
			l.clientBound = true
		}
		if p.ClientCPU != nil && finite(*p.ClientCPU) {
			cpus = append(cpus, *p.ClientCPU)
		}
		if p.AchievedConcurrency != nil && finite(*p.AchievedConcurrency) && p.Concurrency > 0 {
			achieved = append(achieved, *p.AchievedConcurrency/p.Concurrency)
		}
		l.thrRepeats = append(l.thrRepeats, p.ThroughputTokS)
		if v, ok := ttftValue(p.TTFT, st); ok {
			ttfts = append(ttfts, v)
		}
		if v, ok := ttftValue(p.TTFT, statP50); ok {
			p50s = append(p50s, v)
		}
		if v, ok := ttftValue(p.TTFT, statP99); ok {
			p99s = append(p99s, v)
		}
		if v, ok := ttftValue(p.TTFT, statMean); ok {
			means = append(means, v)
		}
		if p.RequestedRate != nil && *p.RequestedRate > 0 && p.RequestRate != nil && finite(*p.RequestRate) {
			follows = append(follows, *p.RequestRate / *p.RequestedRate / drainShare(p, baseE2E))
			requested = append(requested, *p.RequestedRate)
		}
		if r, _ := requestRate(p, gpus, opts); finite(r) {
			rates = append(rates, r)
		}
		if p.Requests != nil {
			if l.requestsMin == nil || *p.Requests < *l.requestsMin {
				l.requestsMin = sweep.I(*p.Requests)
			}
			req += *p.Requests
		} else {
			reqKnownAll = false
		}
		if p.Failures != nil {
			failKnownAny = true
			fail += *p.Failures
		}
	}
	l.concurrency = stat.Mean(conc, nil)
	l.thr = stat.Mean(l.thrRepeats, nil)
	if len(l.thrRepeats) > 1 && l.thr > 0 {
		// Relative to the mean first, so that huge values cannot overflow.
		rel := make([]float64, len(l.thrRepeats))
		for i, v := range l.thrRepeats {
			rel[i] = v / l.thr
		}
		l.cv = stat.StdDev(rel, nil)
	}
	if len(ttfts) > 0 {
		l.ttft = stats.Median(ttfts)
	}
	if len(p50s) > 0 {
		l.ttftP50 = stats.Median(p50s)
	}
	if len(p99s) > 0 {
		l.ttftP99 = stats.Median(p99s)
	}
	switch {
	case len(means) == len(l.points):
		l.ttftWait = stats.Median(means)
	case len(p50s) == len(l.points):
		l.ttftWait = stats.Median(p50s)
	}
	if len(rates) > 0 {
		l.reqRate = stat.Mean(rates, nil)
		_, l.reqRateHow = requestRate(l.points[0], gpus, opts)
	}
	if len(follows) == len(l.points) {
		l.follow, l.requested = stat.Mean(follows, nil), stat.Mean(requested, nil)
	}
	if len(achieved) > 0 {
		l.achieved = stat.Mean(achieved, nil)
	}
	if len(cpus) > 0 {
		l.clientCPU = maxOf(cpus)
	}
	if failKnownAny {
		l.errKnown = true
		if total := req + fail; total > 0 && reqKnownAll {
			l.errRate = float64(fail) / float64(total)
		} else if fail > 0 {
			// Failures without a success count: all we know is that some failed.
			l.errRate = 1
			if reqKnownAll && req > 0 {
				l.errRate = float64(fail) / float64(req+fail)
			}
		}
	}
	l.outliers = outlierRepeats(l.points, st, opts.OutlierZ)
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
