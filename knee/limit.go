package knee

import (
	"fmt"
	"math"
	"strings"

	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/sweep"
)

// LimitKind names what bound a level's throughput.
type LimitKind string

const (
	// LimitBatchCap: the engine queued requests while its KV cache had
	// room: its own cap on running sequences (vLLM max_num_seqs or
	// max_num_batched_tokens, SGLang max_running_requests) binds.
	LimitBatchCap LimitKind = "batch_cap"
	// LimitKVCache: the KV cache was full (≥ 95% at its peak) and requests
	// waited or were preempted.
	LimitKVCache LimitKind = "kv_cache"
	// LimitFrontend: the engine ran and queued far fewer requests than the
	// client held in flight, and queued none: something in front of it (a
	// frontend, router or gateway) held them.
	LimitFrontend LimitKind = "frontend"
	// LimitClient: the load generator itself was the bottleneck.
	LimitClient LimitKind = "client"
	// LimitNone: the engine's metrics show no limit reached (nothing
	// waiting, cache not full, every request the client sent running).
	LimitNone LimitKind = "none"
	// LimitNoMetrics: nothing was sampled from the engine at this level,
	// so knee does not say (it never guesses).
	LimitNoMetrics LimitKind = "no_engine_metrics"
)

// Thresholds of the attribution rules (docs/analysis.md, "Why the knee is there").
const (
	// kvFull is the KV-cache usage at which the cache counts as full: vLLM
	// admits by whole blocks and keeps a watermark, so a saturated cache
	// peaks a few percent under 100%.
	kvFull = 0.95
	// frontendShare: the engine (running + waiting, at their peak) saw
	// less than this share of the requests the client held (in a closed
	// loop the two are equal but for the client's turnaround).
	frontendShare = 0.75
)

// Limit is the binding limit of one level with its evidence.
type Limit struct {
	Kind LimitKind `json:"kind"`
	// Detail is the sentence a reviewer reads, with the numbers it rests on.
	Detail string `json:"detail"`
	// Engine is the engine metrics summary the rule read (the first
	// repeat that has one).
	Engine *sweep.EngineMetrics `json:"engine,omitempty"`
	// ClientInFlight is the requests the client held (achieved, else configured).
	ClientInFlight float64 `json:"client_in_flight,omitempty"`
	// PowerCap is the GPUs' power-limit clause ("power cap: 700 W of 700 W,
	// clocks throttled"), also in Detail; absent when no GPU sat at its
	// limit or none was sampled.
	PowerCap string `json:"power_cap,omitempty"`
}

// attributeLimit applies the rules in order — client, no metrics, KV
// cache, batch cap, frontend, none — to one level. peakRunning is the most
// requests the engine ran at any level of the sweep: a level whose running
// count sits at that plateau while requests wait is at the engine's cap.
// minBusySamples is how many scrapes must catch the engine running requests
// before a level's limit is named.
const minBusySamples = 3

func attributeLimit(l *levelEval, gpus int, peakRunning float64) *Limit {
	lim := engineLimit(l, gpus, peakRunning)
	// The power limit is named beside the engine's, as the batch cap is:
	// a capped GPU is slower at every batch, whatever else binds.
	if lim.PowerCap = powerCap(l); lim.PowerCap != "" && lim.Kind != LimitClient {
		lim.Detail += "; " + lim.PowerCap
	}
	return lim
}

func engineLimit(l *levelEval, gpus int, peakRunning float64) *Limit {
	e := sampledEngine(l)
	lim := &Limit{Engine: e}
	if l.clientBound {
		lim.Kind = LimitClient
		lim.Detail = "client: the load generator was the bottleneck (client_bound)"
		if len(l.clientWhy) > 0 {
			// The harness's own evidence: its CPU share alone reads low
			// ("27% busy") when other processes held the cores.
			lim.Detail += ": " + strings.Join(l.clientWhy, "; ")
		} else if finite(l.clientCPU) {
			lim.Detail += fmt.Sprintf(", its CPU %.0f%% busy", 100*l.clientCPU)
		}
		return lim
	}
	if detail, missing := missingEngineEvidence(e); missing {
		lim.Kind, lim.Detail = LimitNoMetrics, detail
		return lim
	}
	inflight := l.concurrency
	if finite(l.achieved) && l.achieved > 0 {
		inflight = l.achieved * l.concurrency
	}
	lim.ClientInFlight = round6(inflight)
	lim.Kind, lim.Detail = readEngine(e).limit(inflight, peakRunning, gpus)
	return lim
}

// sampledEngine is the engine's metrics sampled during the level's first
// repeat that has them (nil when none).
func sampledEngine(l *levelEval) *sweep.EngineMetrics {
	for _, p := range l.points {
		if p.Engine != nil {
			return p.Engine
		}
	}
	return nil
}

// NoEngineMetrics is the one sentence for a level, or a sweep, with no
// engine metrics: find's limit line and baseline's Limit said it in two
// wordings.
const NoEngineMetrics = "no engine metrics: nothing says which limit binds (sample them with knee sweep --metrics)"

// missingEngineEvidence says why the samples cannot name a limit, if they
// cannot: none taken, none caught a request running, or too few did.
func missingEngineEvidence(e *sweep.EngineMetrics) (string, bool) {
	switch {
	case e == nil || e.RunningMax == nil:
		return NoEngineMetrics, true
	case *e.RunningMax == 0:
		// Requests were served, so some ran: the samples missed them (a
		// level shorter than the scrape interval). No evidence, no claim.
		return fmt.Sprintf("no engine metrics while requests ran: %d samples, none caught a running request (the level was shorter than the scrape interval)", e.Samples), true
	case e.BusySamples != nil && *e.BusySamples < minBusySamples:
		// One or two scrapes that caught the level starting or draining
		// say nothing about its steady state: a single sample with one
		// request running would read as a frontend holding 127 of 128.
		return fmt.Sprintf("too few engine samples while requests ran: %d of %d caught requests running (a level needs %d; it was shorter than a few scrape intervals)", *e.BusySamples, e.Samples, minBusySamples), true
	}
	return "", false
}

// engineReading is a level's engine peaks, unknown ones as the rules read
// them: nothing waiting, no preemptions, KV usage NaN.
type engineReading struct {
	running, waiting, kv, preemptions float64
	maxRunning, frontendQueued        *float64
}

func readEngine(e *sweep.EngineMetrics) engineReading {
	r := engineReading{running: *e.RunningMax, kv: math.NaN(), maxRunning: e.MaxRunning, frontendQueued: e.FrontendQueuedMax}
	if e.WaitingMax != nil {
		r.waiting = *e.WaitingMax
	}
	if e.KVUsageMax != nil {
		r.kv = *e.KVUsageMax
	}
	if e.Preemptions != nil {
		r.preemptions = *e.Preemptions
	}
	return r
}

// limit names the limit the reading shows, in order of evidence: the KV
// cache (full or preempting with requests waiting), the batch cap (waiting
// at the sweep's running plateau), the frontend (holding requests before
// the engine), else none.
func (r engineReading) limit(inflight, peakRunning float64, gpus int) (LimitKind, string) {
	per := func(v float64) string {
		if gpus > 0 {
			return fmt.Sprintf("%s (%s/GPU)", thousands(v), num(roundTo(v/float64(gpus))))
		}
		return thousands(v)
	}
	switch {
	case r.kvBound():
		if !finite(r.kv) {
			return LimitKVCache, fmt.Sprintf("KV cache: %s preemptions with %s waiting, running %s", thousands(r.preemptions), thousands(r.waiting), per(r.running))
		}
		return LimitKVCache, fmt.Sprintf("KV cache: usage %.0f%% at its peak, %s preemptions, %s waiting, running %s",
			100*r.kv, thousands(r.preemptions), thousands(r.waiting), per(r.running))
	case r.waiting > 0 && r.running >= 0.98*peakRunning && !r.ranAll(inflight):
		if r.maxRunning != nil && r.running >= 0.98**r.maxRunning {
			return LimitBatchCap, fmt.Sprintf("batch cap: running %s = the engine's max running requests, %s waiting%s",
				per(r.running), thousands(r.waiting), r.kvText())
		}
		return LimitBatchCap, fmt.Sprintf("batch cap: running %s, the most at any level, with %s waiting%s: the engine's sequence cap (max_num_seqs), not its memory",
			per(r.running), thousands(r.waiting), r.kvText())
	case inflight > 0 && r.running+r.waiting < frontendShare*inflight:
		return LimitFrontend, fmt.Sprintf("frontend: engine running %s of the %s the client holds in flight, none waiting: requests are held before the engine",
			per(r.running), thousands(inflight))
	case r.frontendQueued != nil && *r.frontendQueued > 0 && r.waiting == 0:
		// The frontend says it itself: it queued requests the engine,
		// with nothing waiting, could have taken.
		return LimitFrontend, fmt.Sprintf("frontend: it queued up to %s requests while the engine ran %s with none waiting",
			thousands(*r.frontendQueued), per(r.running))
	}
	return LimitNone, fmt.Sprintf("none reached: engine running %s, %s waiting%s", per(r.running), thousands(r.waiting), r.kvText())
}

// ranAll: the engine ran every request the level held in flight at its
// peak, so no sequence cap bound it there; what waited at other moments
// waited for its prefill (on the H200 test bed, whose server has no cap,
// 512 in flight read "running 512, 470 waiting" and was named a batch cap).
func (r engineReading) ranAll(inflight float64) bool {
	return inflight > 0 && r.running >= 0.98*inflight
}

// kvBound: the cache was full with requests waiting or preempted, or it
// preempted while requests waited.
func (r engineReading) kvBound() bool {
	full := finite(r.kv) && r.kv >= kvFull
	return (full && (r.waiting > 0 || r.preemptions > 0)) || (r.preemptions > 0 && r.waiting > 0)
}

// kvText is the KV usage as a clause (", KV cache at 93%"), "" unknown.
func (r engineReading) kvText() string {
	if finite(r.kv) {
		return fmt.Sprintf(", KV cache at %.0f%%", 100*r.kv)
	}
	return ""
}

// limitsFor attributes every level; the running plateau is the peak over
// the sweep.
func limitsFor(in input) map[*levelEval]*Limit {
	peak := peakRunning(in.levels)
	out := map[*levelEval]*Limit{}
	for _, l := range in.levels {
		out[l] = attributeLimit(l, in.s.GPUs, peak)
	}
	return out
}

// PhysicalBound is the concurrency the KV cache can hold for this
// workload: the cache's capacity in tokens over the tokens one request
// occupies at its end (prompt + output), or the engine's own "maximum
// concurrency" figure. No closed-loop knee can sit above it: past it,
// requests wait for cache, whatever else the engine could do.
type PhysicalBound struct {
	// PerGPU is the bound in the analysis unit (total when GPUs are unknown).
	PerGPU float64 `json:"per_gpu"`
	// Total is the bound in requests for the whole endpoint.
	Total float64 `json:"total"`
	// From is "kv_cache" (capacity ÷ tokens per request) or "engine" (the
	// engine's own maximum-concurrency figure, --kv-bound).
	From             string   `json:"from"`
	KVCapacityTokens *float64 `json:"kv_capacity_tokens,omitempty"`
	TokensPerRequest *float64 `json:"tokens_per_request,omitempty"`
	// Detail says how it was computed and how the knee relates to it.
	Detail string `json:"detail"`
}

// physicalBound computes the bound from the sweep's engine metrics; nil
// when no level carries a KV capacity (or an engine figure) and token
// lengths.
func physicalBound(in input, k Knee, points []PointResult) *PhysicalBound {
	c := cacheFigures(in)
	div := 1.0
	if in.perGPU && in.s.GPUs > 0 {
		div = float64(in.s.GPUs)
	}
	var b *PhysicalBound
	switch {
	case c.engineMax > 0:
		b = &PhysicalBound{Total: round6(c.engineMax), PerGPU: round6(c.engineMax / div), From: "engine"}
		b.Detail = fmt.Sprintf("the engine's own figure: %s requests at once", num(roundTo(c.engineMax)))
	case c.capTok > 0 && c.tokN > 0:
		tpr := c.tokSum / float64(c.tokN)
		total := c.capTok / tpr
		b = &PhysicalBound{Total: round6(total), PerGPU: round6(total / div), From: "kv_cache",
			KVCapacityTokens: ptr(c.capTok), TokensPerRequest: ptr(round6(tpr))}
		b.Detail = fmt.Sprintf("the KV cache holds %s tokens = %s requests of %s tokens (prompt + output)",
			thousands(c.capTok), numfmt.Count(roundTo(total)), numfmt.Count(roundTo(tpr)))
	default:
		return nil
	}
	b.Detail = fmt.Sprintf("physical bound %s: %s%s", in.w.unit(roundTo(b.PerGPU)), b.Detail, b.kneeAgainst(k, limitAtKnee(k, points), in.w))
	return b
}

// cacheSizes are the figures a physical bound is computed from, over the
// whole sweep: the largest KV capacity and engine figure, and the tokens a
// request holds (prompt + output) summed over the points that give both.
type cacheSizes struct {
	capTok, engineMax, tokSum float64
	tokN                      int
}

func cacheFigures(in input) cacheSizes {
	var c cacheSizes
	for _, l := range in.levels {
		for _, p := range l.points {
			if e := p.Engine; e != nil {
				if e.KVCapacityTokens != nil && *e.KVCapacityTokens > c.capTok {
					c.capTok = *e.KVCapacityTokens
				}
				if e.MaxConcurrency != nil && *e.MaxConcurrency > c.engineMax {
					c.engineMax = *e.MaxConcurrency
				}
			}
			if p.InputTokensMean != nil && p.OutputTokensMean != nil {
				c.tokSum += *p.InputTokensMean + *p.OutputTokensMean
				c.tokN++
			}
		}
	}
	return c
}

// limitAtKnee is the limit the engine's metrics name at the knee's upper
// end, the first level past it (nil when that level has none).
func limitAtKnee(k Knee, points []PointResult) *PointResult {
	if k.HighPerGPU == nil {
		return nil
	}
	for i := range points {
		if p := &points[i]; p.PerGPU >= *k.HighPerGPU && p.Limit != nil {
			return p
		}
	}
	return nil
}

// kneeAgainst says, as a clause after the bound, how the knee relates to
// it ("" when the knee has no numbers). Where the knee sits at the bound,
// the clause follows the limit the level above the knee names, the one
// the table shows: it said "the KV cache is what runs out" beside a batch
// cap "not its memory, KV cache at 80%".
func (b *PhysicalBound) kneeAgainst(k Knee, lim *PointResult, w words) string {
	at := b.PerGPU
	switch {
	case k.LowPerGPU != nil && *k.LowPerGPU > at*1.05:
		return fmt.Sprintf("; the knee's lower end (%s) lies above it: the requests did not all hold their full length in cache at once (shorter outputs, prefix sharing), or the capacity read is not the whole endpoint's", w.unit(*k.LowPerGPU))
	case kneeHigh(k) > 0 && kneeHigh(k) < 0.5*at:
		return fmt.Sprintf("; the knee (at most %s) is far below it: another limit binds (see each level's limit)", w.unit(kneeHigh(k)))
	case kneeAt(k, at):
		if lim == nil || lim.Limit.Kind == LimitKVCache {
			return "; the knee is at it: the KV cache is what runs out"
		}
		if lim.Limit.Kind == LimitNone || lim.Limit.Kind == LimitNoMetrics {
			return fmt.Sprintf("; the knee is at it, but the engine's metrics at %s do not show the KV cache full (%s)", w.unit(lim.PerGPU), lim.Limit.Kind)
		}
		return fmt.Sprintf("; the knee is near it, but at %s the engine's metrics name another limit, %s: it binds before the KV cache runs out", w.unit(lim.PerGPU), strings.ReplaceAll(string(lim.Limit.Kind), "_", " "))
	case k.PerGPU != nil && *k.PerGPU < 0.8*at && kneeHigh(k) < 0.8*at:
		return "; the knee is below it: another limit binds first (see each level's limit)"
	case kneeHigh(k) > 0:
		return "; the knee's interval reaches it, so the levels alone cannot tell the KV cache from another limit: each level's limit says which binds"
	}
	return ""
}

// kneeAt: the knee's estimate is within −20 %/+5 % of the bound and its
// interval does not reach further below.
func kneeAt(k Knee, at float64) bool {
	return k.PerGPU != nil && *k.PerGPU >= 0.8*at && *k.PerGPU <= 1.05*at && (k.LowPerGPU == nil || *k.LowPerGPU >= 0.8*at)
}

func kneeHigh(k Knee) float64 {
	switch {
	case k.PerGPU != nil && k.HighPerGPU != nil:
		return math.Max(*k.PerGPU, *k.HighPerGPU)
	case k.HighPerGPU != nil:
		return *k.HighPerGPU
	case k.PerGPU != nil:
		return *k.PerGPU
	}
	return 0
}

// roundTo keeps a bound readable: whole above 10, one decimal below.
func roundTo(v float64) float64 {
	if v >= 10 {
		return math.Round(v)
	}
	return math.Round(v*10) / 10
}
