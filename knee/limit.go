package knee

import (
	"fmt"
	"math"

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

// Thresholds of the attribution rules (README "Why the knee is there").
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
}

// attributeLimit applies the rules in order — client, no metrics, KV
// cache, batch cap, frontend, none — to one level. peakRunning is the most
// requests the engine ran at any level of the sweep: a level whose running
// count sits at that plateau while requests wait is at the engine's cap.
// minBusySamples is how many scrapes must catch the engine running requests
// before a level's limit is named.
const minBusySamples = 3

func attributeLimit(l *levelEval, gpus int, peakRunning float64) *Limit {
	var e *sweep.EngineMetrics
	for _, p := range l.points {
		if p.Engine != nil {
			e = p.Engine
			break
		}
	}
	inflight := l.concurrency
	if finite(l.achieved) && l.achieved > 0 {
		inflight = l.achieved * l.concurrency
	}
	lim := &Limit{Engine: e}
	per := func(v float64) string {
		if gpus > 0 {
			return fmt.Sprintf("%s (%s/GPU)", thousands(v), num(roundTo(v/float64(gpus))))
		}
		return thousands(v)
	}
	if l.clientBound {
		lim.Kind = LimitClient
		lim.Detail = "client: the load generator was the bottleneck (client_bound)"
		if finite(l.clientCPU) {
			lim.Detail += fmt.Sprintf(", its CPU %.0f%% busy", 100*l.clientCPU)
		}
		return lim
	}
	if e == nil || e.RunningMax == nil {
		lim.Kind = LimitNoMetrics
		lim.Detail = "no engine metrics: nothing says which limit binds (sample them with knee sweep --metrics)"
		return lim
	}
	if *e.RunningMax == 0 {
		// Requests were served, so some ran: the samples missed them (a
		// level shorter than the scrape interval). No evidence, no claim.
		lim.Kind = LimitNoMetrics
		lim.Detail = fmt.Sprintf("no engine metrics while requests ran: %d samples, none caught a running request (the level was shorter than the scrape interval)", e.Samples)
		return lim
	}
	if e.BusySamples != nil && *e.BusySamples < minBusySamples {
		// One or two scrapes that caught the level starting or draining
		// say nothing about its steady state: a single sample with one
		// request running would read as a frontend holding 127 of 128.
		lim.Kind = LimitNoMetrics
		lim.Detail = fmt.Sprintf("too few engine samples while requests ran: %d of %d caught requests running (a level needs %d; it was shorter than a few scrape intervals)", *e.BusySamples, e.Samples, minBusySamples)
		return lim
	}
	lim.ClientInFlight = round6(inflight)
	running := *e.RunningMax
	waiting := 0.0
	if e.WaitingMax != nil {
		waiting = *e.WaitingMax
	}
	kv := math.NaN()
	if e.KVUsageMax != nil {
		kv = *e.KVUsageMax
	}
	pre := 0.0
	if e.Preemptions != nil {
		pre = *e.Preemptions
	}
	kvText := ""
	if finite(kv) {
		kvText = fmt.Sprintf(", KV cache at %.0f%%", 100*kv)
	}
	switch {
	case (finite(kv) && kv >= kvFull && (waiting > 0 || pre > 0)) || (pre > 0 && waiting > 0):
		lim.Kind = LimitKVCache
		lim.Detail = fmt.Sprintf("KV cache: usage %.0f%% at its peak, %s preemptions, %s waiting, running %s",
			100*kv, thousands(pre), thousands(waiting), per(running))
		if !finite(kv) {
			lim.Detail = fmt.Sprintf("KV cache: %s preemptions with %s waiting, running %s", thousands(pre), thousands(waiting), per(running))
		}
	case waiting > 0 && running >= 0.98*peakRunning:
		lim.Kind = LimitBatchCap
		if e.MaxRunning != nil && running >= 0.98**e.MaxRunning {
			lim.Detail = fmt.Sprintf("batch cap: running %s = the engine's max running requests, %s waiting%s",
				per(running), thousands(waiting), kvText)
		} else {
			lim.Detail = fmt.Sprintf("batch cap: running %s, the most at any level, with %s waiting%s: the engine's sequence cap (max_num_seqs), not its memory",
				per(running), thousands(waiting), kvText)
		}
	case inflight > 0 && running+waiting < frontendShare*inflight:
		lim.Kind = LimitFrontend
		lim.Detail = fmt.Sprintf("frontend: engine running %s of the %s the client holds in flight, none waiting: requests are held before the engine",
			per(running), thousands(inflight))
	case e.FrontendQueuedMax != nil && *e.FrontendQueuedMax > 0 && waiting == 0:
		// The frontend says it itself: it queued requests the engine,
		// with nothing waiting, could have taken.
		lim.Kind = LimitFrontend
		lim.Detail = fmt.Sprintf("frontend: it queued up to %s requests while the engine ran %s with none waiting",
			thousands(*e.FrontendQueuedMax), per(running))
	default:
		lim.Kind = LimitNone
		lim.Detail = fmt.Sprintf("none reached: engine running %s, %s waiting%s", per(running), thousands(waiting), kvText)
	}
	return lim
}

// limitsFor attributes every level; the running plateau is the peak over
// the sweep.
func limitsFor(in input) map[*levelEval]*Limit {
	peak := 0.0
	for _, l := range in.levels {
		for _, p := range l.points {
			if p.Engine != nil && p.Engine.RunningMax != nil && *p.Engine.RunningMax > peak {
				peak = *p.Engine.RunningMax
			}
		}
	}
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
func physicalBound(in input, k Knee) *PhysicalBound {
	var capTok, engineMax float64
	var tokSum float64
	var tokN int
	for _, l := range in.levels {
		for _, p := range l.points {
			if p.Engine != nil {
				if p.Engine.KVCapacityTokens != nil && *p.Engine.KVCapacityTokens > capTok {
					capTok = *p.Engine.KVCapacityTokens
				}
				if p.Engine.MaxConcurrency != nil && *p.Engine.MaxConcurrency > engineMax {
					engineMax = *p.Engine.MaxConcurrency
				}
			}
			if p.InputTokensMean != nil && p.OutputTokensMean != nil {
				tokSum += *p.InputTokensMean + *p.OutputTokensMean
				tokN++
			}
		}
	}
	div := 1.0
	if in.perGPU && in.s.GPUs > 0 {
		div = float64(in.s.GPUs)
	}
	var b *PhysicalBound
	switch {
	case engineMax > 0:
		b = &PhysicalBound{Total: round6(engineMax), PerGPU: round6(engineMax / div), From: "engine"}
		b.Detail = fmt.Sprintf("the engine's own figure: %s requests at once", num(roundTo(engineMax)))
	case capTok > 0 && tokN > 0:
		tpr := tokSum / float64(tokN)
		total := capTok / tpr
		b = &PhysicalBound{Total: round6(total), PerGPU: round6(total / div), From: "kv_cache",
			KVCapacityTokens: ptr(capTok), TokensPerRequest: ptr(round6(tpr))}
		b.Detail = fmt.Sprintf("the KV cache holds %s tokens = %s requests of %s tokens (prompt + output)",
			thousands(capTok), count(roundTo(total)), count(roundTo(tpr)))
	default:
		return nil
	}
	w := in.w
	b.Detail = fmt.Sprintf("physical bound %s: %s", w.unit(roundTo(b.PerGPU)), b.Detail)
	switch {
	case k.LowPerGPU != nil && *k.LowPerGPU > b.PerGPU*1.05:
		b.Detail += fmt.Sprintf("; the knee's lower end (%s) lies above it: the requests did not all hold their full length in cache at once (shorter outputs, prefix sharing), or the capacity read is not the whole endpoint's", w.unit(*k.LowPerGPU))
	case kneeHigh(k) > 0 && kneeHigh(k) < 0.5*b.PerGPU:
		b.Detail += fmt.Sprintf("; the knee (at most %s) is far below it: another limit binds (see each level's limit)", w.unit(kneeHigh(k)))
	case k.PerGPU != nil && *k.PerGPU >= 0.8*b.PerGPU && *k.PerGPU <= 1.05*b.PerGPU && (k.LowPerGPU == nil || *k.LowPerGPU >= 0.8*b.PerGPU):
		b.Detail += "; the knee is at it: the KV cache is what runs out"
	case k.PerGPU != nil && *k.PerGPU < 0.8*b.PerGPU && kneeHigh(k) < 0.8*b.PerGPU:
		b.Detail += "; the knee is below it: another limit binds first (see each level's limit)"
	case kneeHigh(k) > 0:
		b.Detail += "; the knee's interval reaches it, so the levels alone cannot tell the KV cache from another limit: each level's limit says which binds"
	}
	return b
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
