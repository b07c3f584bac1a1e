package knee

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/stats"
	"github.com/kneetool/knee/sweep"
)

// SLO is one latency objective a level must meet (--slo ttft_p99=2s):
// the metric's statistic at or under LimitMs. Metric is KIND_STAT with KIND
// one of ttft, itl, tpot, e2e and STAT one of p50, p90, p95, p99.
//
//   - ttft reads ttft_ms; tpot reads itl_ms (each request's mean gap
//     between tokens, which the readers fill from a source's TPOT);
//   - itl reads itl_chunks_ms (every gap between streamed chunks) when the
//     source gave it beside TPOT, else itl_ms, and says which;
//   - e2e reads e2e_ms.
type SLO struct {
	Metric  string  `json:"metric"`
	LimitMs float64 `json:"limit_ms"`
}

// sloStats are the statistics --slo accepts.
var sloStats = []string{"p50", "p90", "p95", "p99"}

// ParseSLOs reads --slo: comma-separated METRIC=LIMIT with a unit (ms, s,
// us), e.g. "ttft_p99=2s,itl_p99=50ms". Every error names the bad part.
func ParseSLOs(spec string) ([]SLO, error) {
	var out []SLO
	seen := map[string]bool{}
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, val, ok := strings.Cut(part, "=")
		if !ok {
			return nil, fmt.Errorf("%q: want METRIC=LIMIT, e.g. ttft_p99=2s", part)
		}
		name = strings.ToLower(strings.TrimSpace(name))
		kind, st, ok := strings.Cut(name, "_")
		if _, known := sloMetricOf(kind); !ok || !known {
			return nil, fmt.Errorf("%q: unknown metric %q (want one of %s, then _p50, _p90, _p95 or _p99)", part, name, strings.Join(sloKinds(), ", "))
		}
		if !contains(sloStats, st) {
			return nil, fmt.Errorf("%q: unknown statistic %q (want p50, p90, p95 or p99)", part, st)
		}
		limit, err := parseLimitMs(strings.TrimSpace(val))
		if err != nil {
			return nil, fmt.Errorf("%q: %v", part, err)
		}
		if seen[name] {
			return nil, fmt.Errorf("%q: %s is given twice", part, name)
		}
		seen[name] = true
		out = append(out, SLO{Metric: name, LimitMs: limit})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%q: no objective (want e.g. ttft_p99=2s,itl_p99=50ms)", spec)
	}
	return out, nil
}

// FormatSLOs writes SLOs back as --slo reads them (limits in ms).
func FormatSLOs(slos []SLO) string {
	parts := make([]string, len(slos))
	for i, s := range slos {
		parts[i] = fmt.Sprintf("%s=%sms", s.Metric, strconv.FormatFloat(s.LimitMs, 'f', -1, 64))
	}
	return strings.Join(parts, ",")
}

func parseLimitMs(v string) (float64, error) {
	units := []struct {
		suffix string
		ms     float64
	}{{"ms", 1}, {"us", 1e-3}, {"µs", 1e-3}, {"s", 1000}}
	for _, u := range units {
		if num, ok := strings.CutSuffix(v, u.suffix); ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
			if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
				return 0, fmt.Errorf("limit %q is not a number with a unit (ms, s, us)", v)
			}
			ms := f * u.ms
			if !(ms > 0) || ms > 1e9 {
				return 0, fmt.Errorf("limit %q must be more than 0 and at most 1e9 ms", v)
			}
			return ms, nil
		}
	}
	return 0, fmt.Errorf("limit %q has no unit (ms, s or us: 2s, 50ms)", v)
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// SLOCheck is one SLO at one level.
type SLOCheck struct {
	Metric  string  `json:"metric"`
	LimitMs float64 `json:"limit_ms"`
	// ValueMs is the level's statistic (the median over repeats); null
	// when the source does not give it at this level.
	ValueMs *float64 `json:"value_ms"`
	// Met is whether ValueMs is within LimitMs; null when unknown.
	Met *bool `json:"met"`
	// WithinShare is the least share of requests within LimitMs the known
	// percentiles show: the highest percentile q whose value is within the
	// limit (the max within it: all of them); 0 when even the lowest known
	// percentile is over it; null with no percentile at all.
	WithinShare *float64 `json:"within_share"`
	// From is the field read: "ttft_ms", "itl_ms", "itl_chunks_ms", "e2e_ms".
	From string `json:"from"`
}

// Goodput is the load that met every SLO at a level.
type Goodput struct {
	// Share is the share of requests within every SLO: with per-request
	// data counted, else the lower bound 1 − Σ(1 − WithinShare) over the
	// SLOs (each SLO's misses counted as if no request missed two).
	Share *float64 `json:"share"`
	// RequestRate is the successful requests/s within every SLO (node);
	// null when the level's request rate is unknown.
	RequestRate *float64 `json:"request_rate"`
	// TokS is the output tok/s of those requests (node): Share × throughput,
	// which assumes the requests within the SLOs are as long as the rest.
	TokS *float64 `json:"tok_s"`
	// TokSPerGPU is TokS per GPU; null when the GPU count is unknown.
	TokSPerGPU *float64 `json:"tok_s_per_gpu"`
	// Method is GoodputPerRequest (the level's requests counted) or
	// GoodputPercentileBound (no per-request data: estimated from the
	// percentiles, a lower bound).
	Method string `json:"method"`
}

// Cell is the goodput in output tok/s as a table cell, for every table that
// shows it (find's, compare's): "1,218" counted per request, "≥1,218" a
// percentile bound, and "–" unknown or a bound of 0, where the percentiles
// show no request within every SLO: "≥0" claims nothing, and printed it
// read as a measurement.
func (g *Goodput) Cell() string {
	if g == nil || g.TokS == nil {
		return "–"
	}
	if g.Method == GoodputPercentileBound {
		if *g.TokS <= 0 {
			return "–"
		}
		return "≥" + thousands(*g.TokS)
	}
	return thousands(*g.TokS)
}

// GoodputPercentileBound is the goodput method when the sweep has no
// per-request latencies (sweep.Point keeps distributions, not requests): a
// level whose p99 meets an SLO has at least 99% of its requests within it.
const GoodputPercentileBound = "percentile_bound"

// GoodputPerRequest is the goodput method when every repeat of a level
// kept its requests (a results folder swept with --requests-jsonl) and
// every SLO can be checked per request (TTFT, TPOT, E2E; not chunk ITL):
// the requests within every SLO are counted.
const GoodputPerRequest = "per_request"

// SLOBinds names what caps the recommendation when SLOs are stated.
const (
	BindsSLO  = "slo"
	BindsKnee = "knee"
)

// SLOSummary is what the SLOs say about the sweep as a whole.
type SLOSummary struct {
	Targets []SLO `json:"targets"`
	// EdgePerGPU is the SLO edge: the highest valid level that, with every
	// valid level below it, meets every SLO; null when the lowest misses one.
	EdgePerGPU *float64 `json:"edge_per_gpu"`
	// OverPerGPU is the lowest valid level above the edge that misses an SLO
	// (or cannot show it meets one); null when every valid level meets them.
	// The edge lies between EdgePerGPU and OverPerGPU.
	OverPerGPU *float64 `json:"over_per_gpu"`
	// KneePerGPU is the throughput operating point, what the knee alone
	// recommends (null when there is none).
	KneePerGPU *float64 `json:"knee_per_gpu"`
	// Binds is "slo" when an SLO caps the recommendation below the
	// throughput operating point, "knee" when the knee binds first.
	Binds string `json:"binds"`
	// Missed names, for OverPerGPU, the SLOs it misses.
	Missed []string `json:"missed,omitempty"`
	// GoodputMethod says how the levels' goodput was obtained: per_request,
	// percentile_bound, or mixed.
	GoodputMethod string `json:"goodput_method"`
	Detail        string `json:"detail"`
}

// sloTarget is one SLO as the analysis applies it.
type sloTarget struct {
	SLO
	kind, stat string
	m          sloMetric // the row of sloMetrics for kind
	origin     string    // how the user gave it: "--slo" or "--ttft-slo-ms"
}

// sloTargets is opts.SLOs with --ttft-slo-ms added as a TTFT SLO on the
// statistic the sweep compares (p99 when every level has it: --ttft-slo-ms
// X is --slo ttft_p99=Xms). An SLO whose statistic no level has is an
// option error, naming what the input has instead.
func sloTargets(in input, opts Options) ([]sloTarget, []string, error) {
	var out []sloTarget
	var notes []string
	for _, s := range opts.SLOs {
		kind, st, _ := strings.Cut(s.Metric, "_")
		m, _ := sloMetricOf(kind)
		if m.ceiling && opts.TTFTSLOMs > 0 {
			return nil, nil, &OptionError{Option: "slo", Msg: fmt.Sprintf("%s: give the TTFT SLO once, --slo or --ttft-slo-ms (which is --slo ttft_p99=%sms)", s.Metric, num(opts.TTFTSLOMs))}
		}
		t := sloTarget{SLO: s, kind: kind, stat: st, m: m, origin: "--slo"}
		if !anyLevelHas(in, t) {
			return nil, nil, &OptionError{Option: "slo", Msg: fmt.Sprintf("%s: no level of the input has %s %s (%s)", s.Metric, strings.ToUpper(kind), st, hasStats(in, kind))}
		}
		out = append(out, t)
	}
	if opts.TTFTSLOMs > 0 {
		if in.stat == statNone {
			notes = append(notes, "--ttft-slo-ms is not applied: no TTFT in the inputs")
		} else {
			st := string(in.stat)
			m, _ := sloMetricOf("ttft")
			out = append([]sloTarget{{SLO: SLO{Metric: m.name + "_" + st, LimitMs: opts.TTFTSLOMs}, kind: m.name, stat: st, m: m, origin: "--ttft-slo-ms"}}, out...)
		}
	}
	return out, notes, nil
}

// dist is the distribution the target's metric reads from a point, and
// its field.
func (t sloTarget) dist(p sweep.Point) (sweep.Dist, string) { return t.m.dist(p) }

// quantiles are the statistics a Dist may carry with their share of
// requests at or under them, ascending.
func quantiles(d sweep.Dist) []struct {
	name string
	q    float64
	v    *float64
} {
	return []struct {
		name string
		q    float64
		v    *float64
	}{{"p1", .01, d.P1}, {"p5", .05, d.P5}, {"p10", .10, d.P10}, {"p25", .25, d.P25}, {"p50", .50, d.P50},
		{"p75", .75, d.P75}, {"p90", .90, d.P90}, {"p95", .95, d.P95}, {"p99", .99, d.P99}, {"p999", .999, d.P999}, {"max", 1, d.Max}}
}

func statOf(d sweep.Dist, st string) *float64 {
	for _, q := range quantiles(d) {
		if q.name == st {
			return q.v
		}
	}
	return nil
}

func anyLevelHas(in input, t sloTarget) bool {
	for _, l := range in.levels {
		for _, p := range l.points {
			if d, _ := t.dist(p); statOf(d, t.stat) != nil {
				return true
			}
		}
	}
	return false
}

// hasStats says which statistics of a kind the input has.
func hasStats(in input, kind string) string {
	have := map[string]bool{}
	m, _ := sloMetricOf(kind)
	t := sloTarget{kind: kind, m: m}
	for _, l := range in.levels {
		for _, p := range l.points {
			d, _ := t.dist(p)
			for _, q := range quantiles(d) {
				if q.v != nil {
					have[q.name] = true
				}
			}
			if d.Mean != nil {
				have["mean"] = true
			}
		}
	}
	if len(have) == 0 {
		return fmt.Sprintf("it has no %s at all", strings.ToUpper(kind))
	}
	var names []string
	for n := range have {
		names = append(names, n)
	}
	sort.Strings(names)
	return fmt.Sprintf("it has %s %s", strings.ToUpper(kind), strings.Join(names, ", "))
}

// median of one statistic over a level's repeats; NaN when none has it.
func levelStat(l *level, t sloTarget, st string) (float64, string) {
	var vs []float64
	from := ""
	for _, p := range l.points {
		d, f := t.dist(p)
		from = f
		if v := statOf(d, st); v != nil && finite(*v) {
			vs = append(vs, *v)
		}
	}
	if len(vs) == 0 {
		return math.NaN(), from
	}
	return stats.Median(vs), from
}

// evalSLOs checks every target at every level and its goodput.
func evalSLOs(in input, targets []sloTarget) {
	if len(targets) == 0 {
		return // without SLOs nothing is added: the output stays as it was
	}
	for _, l := range in.levels {
		l.slo = nil
		share := 1.0
		shareKnown := true
		for _, t := range targets {
			c := SLOCheck{Metric: t.Metric, LimitMs: t.LimitMs}
			v, from := levelStat(l.level, t, t.stat)
			c.From = from
			if finite(v) {
				c.ValueMs = ptr(round6(v))
				met := v <= t.LimitMs
				c.Met = &met
			}
			within, any := 0.0, false
			for _, q := range quantiles(sweep.Dist{}) {
				qv, _ := levelStat(l.level, t, q.name)
				if !finite(qv) {
					continue
				}
				any = true
				if qv <= t.LimitMs {
					within = q.q
				}
			}
			if any {
				c.WithinShare = ptr(within)
				share -= 1 - within
			} else {
				shareKnown = false
			}
			l.slo = append(l.slo, c)
		}
		method := GoodputPercentileBound
		if counted, within, ok := perRequestShares(l.level, targets); ok {
			share, shareKnown, method = counted, true, GoodputPerRequest
			for i := range l.slo {
				l.slo[i].WithinShare = ptr(round6(within[i]))
			}
		}
		if !shareKnown {
			l.goodput = &Goodput{Method: method}
			continue
		}
		share = round6(math.Max(0, share))
		g := &Goodput{Share: ptr(share), Method: method, TokS: ptr(round6(share * l.thr))}
		if finite(l.reqRate) {
			g.RequestRate = ptr(round6(share * l.reqRate))
		}
		if in.s.GPUs > 0 {
			g.TokSPerGPU = ptr(round6(share * l.thr / float64(in.s.GPUs)))
		}
		l.goodput = g
	}
}

// perRequestShares counts, when every repeat of the level kept its
// requests and every target can be checked per request, the share of
// requests within every SLO and within each (mean over repeats). A
// request's TPOT is (E2E − TTFT) / (output tokens − 1); one with a single
// output token has no TPOT and meets a TPOT SLO.
func perRequestShares(l *level, targets []sloTarget) (all float64, each []float64, ok bool) {
	for _, t := range targets {
		if t.m.perRequest == nil {
			return 0, nil, false
		}
	}
	each = make([]float64, len(targets))
	for _, p := range l.points {
		if len(p.PerRequest) == 0 {
			return 0, nil, false
		}
		in := 0
		inEach := make([]int, len(targets))
		for _, r := range p.PerRequest {
			good := true
			for i, t := range targets {
				if v, known := t.m.perRequest(r); known && v <= t.LimitMs {
					inEach[i]++
				} else {
					good = false
				}
			}
			if good {
				in++
			}
		}
		n := float64(len(p.PerRequest))
		all += float64(in) / n
		for i := range each {
			each[i] += float64(inEach[i]) / n
		}
	}
	k := float64(len(l.points))
	for i := range each {
		each[i] /= k
	}
	return all / k, each, true
}

// sloLimits marks the valid levels up to the throughput operating point
// that miss an SLO (or cannot show they meet it) and summarises the edge.
func sloLimits(used []*levelEval, op *levelEval, targets []sloTarget, w words) *SLOSummary {
	if len(targets) == 0 {
		return nil
	}
	sum := &SLOSummary{GoodputMethod: goodputMethod(used)}
	for _, t := range targets {
		sum.Targets = append(sum.Targets, t.SLO)
	}
	var edge, over *levelEval
	for _, l := range used {
		missed, unknown := l.sloMissed(targets)
		if op == nil || l.x <= op.x {
			l.markSLOs(targets, missed, unknown)
		}
		if over != nil {
			continue
		}
		if len(missed) == 0 && len(unknown) == 0 {
			edge = l
			continue
		}
		over = l
		sum.Missed = append(missed, unknown...)
	}
	if edge != nil {
		sum.EdgePerGPU = ptr(edge.x)
	}
	if over != nil {
		sum.OverPerGPU = ptr(over.x)
	}
	if op != nil {
		sum.KneePerGPU = ptr(op.x)
	}
	sum.Binds = BindsKnee
	if over != nil && (op == nil || over.x <= op.x) {
		sum.Binds = BindsSLO
	}
	sum.Detail = sloDetail(sum, edge, over, op, targets, w)
	return sum
}

// markSLOs gives a level a reason per SLO it misses, or slo_unknown when
// it misses none but cannot show one.
func (l *levelEval) markSLOs(targets []sloTarget, missed, unknown []string) {
	for i, t := range targets {
		if c := l.slo[i]; c.Met != nil && !*c.Met {
			l.add(t.m.reason, fmt.Sprintf("%s %s %s ms is over the SLO %s ms (%s)", strings.ToUpper(t.kind), t.stat, thousands(*c.ValueMs), thousands(t.LimitMs), t.flag()))
		}
	}
	if len(unknown) > 0 && len(missed) == 0 {
		l.add(ReasonSLOUnknown, fmt.Sprintf("%s not known at this level, so it cannot be shown within the SLOs", strings.Join(unknown, ", ")))
	}
}

// sloDetail says where the SLO edge lies and whether it or the knee binds.
func sloDetail(sum *SLOSummary, edge, over, op *levelEval, targets []sloTarget, w words) string {
	names := make([]string, len(targets))
	for i, t := range targets {
		names[i] = fmt.Sprintf("%s ≤ %s ms", t.Metric, thousands(t.LimitMs))
	}
	within := strings.Join(names, ", ")
	switch {
	case edge == nil && over == nil:
		// No valid level at all (every level failed, was cancelled …): a
		// finding about the run, never a reason to stop reading it.
		return fmt.Sprintf("no level meets the SLOs (%s): every level invalid; knee find says why", within)
	case edge == nil && over != nil:
		return fmt.Sprintf("no level meets the SLOs (%s): the lowest valid level, %s, misses %s; measure lower", within, w.unit(over.x), strings.Join(sum.Missed, ", "))
	case over == nil:
		return fmt.Sprintf("every valid level meets the SLOs (%s), up to %s: the knee binds", within, w.unit(edge.x))
	case sum.Binds == BindsSLO:
		return fmt.Sprintf("the SLO edge lies between %s (within %s) and %s (misses %s), at or below the throughput operating point%s: the SLO binds", w.unit(edge.x), within, w.unit(over.x), strings.Join(sum.Missed, ", "), opAt(op, w))
	}
	return fmt.Sprintf("the SLO edge lies between %s and %s (misses %s), above the throughput operating point%s: the knee binds", w.unit(edge.x), w.unit(over.x), strings.Join(sum.Missed, ", "), opAt(op, w))
}

// goodputMethod is the levels' goodput method, or "mixed" (per request
// where the levels kept their requests, from percentiles elsewhere).
func goodputMethod(used []*levelEval) string {
	m := ""
	for _, l := range used {
		if l.goodput == nil {
			continue
		}
		switch {
		case m == "":
			m = l.goodput.Method
		case m != l.goodput.Method:
			return "mixed"
		}
	}
	if m == "" {
		return GoodputPercentileBound
	}
	return m
}

func opAt(op *levelEval, w words) string {
	if op == nil {
		return ""
	}
	return " " + w.unit(op.x)
}

// sloMissed lists the targets a level misses, and those it cannot show.
func (l *levelEval) sloMissed(targets []sloTarget) (missed, unknown []string) {
	for i, t := range targets {
		switch c := l.slo[i]; {
		case c.Met == nil:
			unknown = append(unknown, t.Metric)
		case !*c.Met:
			missed = append(missed, t.Metric)
		}
	}
	return missed, unknown
}

// flag is how the user gave the target, for sentences.
func (t sloTarget) flag() string {
	if t.origin == "--ttft-slo-ms" {
		return "--ttft-slo-ms " + num(t.LimitMs)
	}
	return "--slo " + t.Metric + "=" + num(t.LimitMs) + "ms"
}

// sloPhrase names the targets in the recommendation's sentence:
// "--ttft-slo-ms 2,000 ms" as before for that flag alone, else the list.
func sloPhrase(targets []sloTarget) string {
	if len(targets) == 1 && targets[0].origin == "--ttft-slo-ms" {
		return "--ttft-slo-ms " + thousands(targets[0].LimitMs) + " ms"
	}
	names := make([]string, len(targets))
	for i, t := range targets {
		names[i] = fmt.Sprintf("%s ≤ %s ms", t.Metric, thousands(t.LimitMs))
	}
	return "the SLOs (" + strings.Join(names, ", ") + ")"
}
