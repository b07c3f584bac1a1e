package builtin

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/kneetool/knee/sweep"
)

// Client-bound rule. A closed-loop client sends the next request the moment
// one ends, and a request counts as in flight from its send — however long
// the server queues it — so the server cannot push the in-flight count below
// C: a shortfall is the client's own turnaround. And a client using (nearly)
// every core cannot tell its slowness from the server's. Either one makes
// the level client-bound.
// A process whose threads wait for a CPU (other processes hold the cores)
// longer than half the capacity it could use is starved: it may use little
// CPU and still fall behind.
const (
	clientCPUBound      = 0.90 // process CPU / (wall × GOMAXPROCS)
	clientStarvedBound  = 0.50 // run-queue wait / (wall × GOMAXPROCS)
	achievedBoundFactor = 0.90 // achieved in-flight / configured
)

// clientLoad is what the client process's own resources looked like.
type clientLoad struct {
	cpu, starved float64
}

// Summary is the harness's own record of a level, kept verbatim as
// Raw["summary.json"].
type Summary struct {
	Harness           string         `json:"harness"`
	Version           string         `json:"version"`
	URL               string         `json:"url"`
	API               string         `json:"api"`
	Model             string         `json:"model"`
	Level             sweep.Level    `json:"level"`
	InputTokens       int            `json:"input_tokens"`
	OutputTokens      int            `json:"output_tokens"`
	TimeoutS          float64        `json:"timeout_s"`
	Successes         int            `json:"successes"`
	Failures          int            `json:"failures"`
	FailureLabels     map[string]int `json:"failure_labels,omitempty"`
	Discarded         int            `json:"discarded_warmup"`
	Connections       int64          `json:"connections_opened"`
	RampIncluded      bool           `json:"ramp_included,omitempty"`
	WindowS           float64        `json:"window_s"`
	WallS             float64        `json:"wall_s"`
	TotalOutputTokens int64          `json:"output_tokens_total"`
	ThroughputTokS    float64        `json:"throughput_tok_s"`
	RequestRate       float64        `json:"request_rate"`
	TTFT              sweep.Dist     `json:"ttft_ms"`
	ITL               sweep.Dist     `json:"itl_ms"`
	E2E               sweep.Dist     `json:"e2e_ms"`
	Achieved          *float64       `json:"achieved_concurrency,omitempty"`
	ClientCPU         float64        `json:"client_cpu"`
	ClientStarved     float64        `json:"client_run_queue_wait"`
	GOMAXPROCS        int            `json:"gomaxprocs"`
	ClientBound       bool           `json:"client_bound"`
	ClientBoundWhy    []string       `json:"client_bound_reasons,omitempty"`
	StartedAt         time.Time      `json:"started_at"`
	// StopReason and Windows: why a closed-loop level stopped and its
	// throughput windows (precision.go).
	StopReason string         `json:"stop_reason,omitempty"`
	Windows    *sweep.Windows `json:"windows,omitempty"`
	// OpenLoop is set for a rate level (openloop.go).
	OpenLoop *OpenLoop `json:"open_loop,omitempty"`
}

func (e *Executor) result(plan sweep.Plan, lvl sweep.Level, target string, m *measurement, load clientLoad, wall time.Duration, all []outcome) (*sweep.LevelResult, error) {
	gpus := max(plan.GPUs, 1)
	window := m.windowS()
	var tput, rate float64
	if window > 0 {
		tput = float64(m.outputTokens) / window
		rate = float64(m.successes) / window
	}
	if t, r, w, ok := windowedRates(m); ok {
		tput, rate, window = t, r, w
	}
	simulated := false
	for _, o := range all {
		simulated = simulated || o.simulated
	}
	p := sweep.Point{
		Simulated:        simulated,
		PerGPU:           sweep.F(float64(lvl.PerGPU)),
		Concurrency:      float64(lvl.Concurrency),
		Requests:         sweep.I(m.successes),
		Failures:         sweep.I(m.failures),
		ThroughputTokS:   tput,
		ThroughputPerGPU: sweep.F(tput / float64(gpus)),
		RequestRate:      sweep.F(rate),
		TTFT:             dist(m.ttft),
		ITL:              dist(m.itl),
		E2E:              dist(m.e2e),
		DurationS:        sweep.F(window),
		ClientCPU:        sweep.F(load.cpu),
		Source:           fmt.Sprintf("%s harness %s, level %d (%d/GPU)", Name, Version, lvl.Index, lvl.PerGPU),
	}
	if plan.GPUs <= 0 {
		p.PerGPU, p.ThroughputPerGPU = nil, nil
	}
	setWindows(&p, m)
	if len(m.labels) > 0 {
		p.FailureLabels = m.labels
	}
	if m.successes > 0 {
		p.InputTokensMean = sweep.F(float64(m.inputTokens) / float64(m.successes))
		p.OutputTokensMean = sweep.F(float64(m.outputTokens) / float64(m.successes))
	}
	var why []string
	if m.hasAchieved {
		p.AchievedConcurrency = sweep.F(m.achieved)
		if m.successes > 0 && m.achieved < achievedBoundFactor*float64(lvl.Concurrency) {
			why = append(why, fmt.Sprintf("achieved %.0f in flight of %d configured", m.achieved, lvl.Concurrency))
		}
	}
	if load.cpu >= clientCPUBound {
		why = append(why, fmt.Sprintf("client process used %.0f%% of %d cores", 100*load.cpu, runtime.GOMAXPROCS(0)))
	}
	if load.starved >= clientStarvedBound {
		why = append(why, fmt.Sprintf("client threads waited for a CPU %.0f%% of the time (other processes hold the cores)", 100*load.starved))
	}
	p.ClientBound = len(why) > 0
	p.ClientBoundWhy = why

	sum := Summary{
		Harness: Name, Version: Version, URL: target, API: plan.API, Model: plan.Model, Level: lvl,
		InputTokens: plan.InputTokens, OutputTokens: plan.OutputTokens, TimeoutS: e.opts.Timeout.Seconds(),
		Successes: m.successes, Failures: m.failures, FailureLabels: p.FailureLabels,
		Discarded: m.discarded, Connections: m.connections, RampIncluded: m.rampKept, WindowS: window, WallS: wall.Seconds(), TotalOutputTokens: m.outputTokens,
		ThroughputTokS: tput, RequestRate: rate, TTFT: p.TTFT, ITL: p.ITL, E2E: p.E2E,
		Achieved: p.AchievedConcurrency, ClientCPU: load.cpu, ClientStarved: load.starved, GOMAXPROCS: runtime.GOMAXPROCS(0),
		ClientBound: p.ClientBound, ClientBoundWhy: why, StartedAt: time.Now().Add(-wall).UTC(),
		StopReason: p.StopReason, Windows: p.Windows,
	}
	raw := map[string][]byte{}
	b, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return nil, err
	}
	raw["summary.json"] = append(b, '\n')
	if e.opts.JSONL {
		raw["requests.jsonl"] = requestLines(all, lvl.Warmup, m.ramp)
	}
	return &sweep.LevelResult{Points: []sweep.Point{p}, Raw: raw, Harness: Name, HarnessVersion: Version}, nil
}

// requestLine is one request in requests.jsonl; times in ms from the start
// of the level.
type requestLine struct {
	Index        int      `json:"index"`
	Warmup       bool     `json:"warmup"`
	StartMS      float64  `json:"start_ms"`
	E2EMS        float64  `json:"e2e_ms"`
	TTFTMS       *float64 `json:"ttft_ms"`
	InputTokens  int      `json:"input_tokens"`
	OutputTokens int      `json:"output_tokens"`
	Error        string   `json:"error,omitempty"`
}

// requestLines marks "warmup" every request the measurement discarded —
// the warm-up count and the ramp (isMeasured) — not the index alone: a
// request sent during a slow ramp is not in the level's numbers, so
// per-request goodput must not count it either (issue 27 item 11).
func requestLines(all []outcome, warmup int, ramp time.Duration) []byte {
	all = slices.Clone(all)
	slices.SortFunc(all, func(a, b outcome) int { return a.index - b.index })
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	for _, o := range all {
		l := requestLine{Index: o.index, Warmup: !isMeasured(o, warmup, ramp), StartMS: ms(o.start), E2EMS: ms(o.end - o.start),
			InputTokens: o.inputTokens, OutputTokens: o.outputTokens, Error: o.label}
		if o.ttft >= 0 {
			l.TTFTMS = sweep.F(ms(o.ttft))
		}
		_ = enc.Encode(l)
	}
	return buf.Bytes()
}

// windowedRates are a level's throughput, request rate and duration over
// its windows, for a level that stopped by precision or time: its requests
// are not a count that the last of them ends, so the span from the first
// measured send to the last end would hold a drain of up to a request's
// length at falling load (drain_biased) for nothing. The windows run from
// the ramp's end to the stop; the tokens per content event of the measured
// successes turn their event rate into tokens.
func windowedRates(m *measurement) (tput, rate, window float64, ok bool) {
	if !sweep.Windowed(m.stopReason) {
		return 0, 0, 0, false
	}
	if !m.windowsOK || m.chunks == 0 || m.successes == 0 || !(m.windowRate > 0) {
		return 0, 0, 0, false
	}
	tput = m.windowRate * float64(m.outputTokens) / float64(m.chunks)
	rate = tput / (float64(m.outputTokens) / float64(m.successes))
	return tput, rate, m.windowSpan.Seconds(), true
}

// setWindows records why a closed-loop level stopped, its windows and the
// 95% interval of its throughput: the windows' relative half-width around
// the level's throughput (both count the same tokens, the windows as they
// streamed).
func setWindows(p *sweep.Point, m *measurement) {
	if m.stopReason == "" {
		return
	}
	p.StopReason = m.stopReason
	// A level that stopped by precision or time may end short of the
	// requests a p99 needs (the time cap, a slow engine): its tail is p90
	// then, and it says so (sweep/ttft_tail.go). Fixed counts keep p99:
	// their size was the user's, and find's insufficient_samples judges it.
	if m.stopReason != sweep.StopFixedCount && len(m.ttft) > 0 && sweep.TTFTTailOf(len(m.ttft)) == sweep.TailP90 {
		p.TTFTTail = sweep.TailP90
	}
	if !m.windowsOK || p.ThroughputTokS <= 0 {
		return
	}
	p.Intervals95 = percentileIntervals(m)
	w := m.windows
	p.Windows = &w
	p.ThroughputCI95 = &sweep.Interval{Low: p.ThroughputTokS * (1 - w.HalfWidth), High: p.ThroughputTokS * (1 + w.HalfWidth)}
}

// percentileIntervals are the within-run 95% intervals of the latency
// percentiles knee diff compares (nil when the level is too small).
func percentileIntervals(m *measurement) map[string]sweep.Interval {
	out := map[string]sweep.Interval{}
	for _, x := range []struct {
		name string
		vals []float64
		q    float64
	}{{"ttft_p50_ms", m.ttft, 0.5}, {"ttft_p99_ms", m.ttft, 0.99}, {"itl_p50_ms", m.itl, 0.5}, {"itl_p99_ms", m.itl, 0.99}} {
		s := slices.Clone(x.vals)
		slices.Sort(s)
		if iv, ok := sweep.QuantileInterval(s, x.q); ok {
			out[x.name] = iv
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
