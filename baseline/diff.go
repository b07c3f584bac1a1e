package baseline

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// DiffVerdict is what one row of `knee diff` concludes, as benchstat does.
type DiffVerdict string

const (
	DiffRegressed     DiffVerdict = "regressed"
	DiffImproved      DiffVerdict = "improved"
	DiffNoChange      DiffVerdict = "no change"
	DiffNotComparable DiffVerdict = "not comparable"
)

// DiffOptions are `knee diff`'s thresholds.
type DiffOptions struct {
	// Threshold is the relative change below which a row is "no change"
	// even when its interval excludes 0 (0.05: 5%).
	Threshold float64 `json:"threshold"`
	// Confidence is the coverage of the interval on each difference.
	Confidence float64 `json:"confidence"`
}

// DefaultDiffOptions: 5% threshold, 95% intervals.
func DefaultDiffOptions() DiffOptions { return DiffOptions{Threshold: 0.05, Confidence: 0.95} }

// Validate rejects thresholds outside their range; errors name the option
// by its JSON name, as PolicyError does.
func (o DiffOptions) Validate() error {
	if !(o.Threshold >= 0 && o.Threshold < 1) {
		return &PolicyError{Option: "threshold", Msg: fmt.Sprintf("must be in [0, 1), got %v", o.Threshold)}
	}
	if !(o.Confidence > 0 && o.Confidence < 1) {
		return &PolicyError{Option: "confidence", Msg: fmt.Sprintf("must be in (0, 1), got %v", o.Confidence)}
	}
	return nil
}

// DiffSide identifies one side of a diff.
type DiffSide struct {
	Accelerator string    `json:"accelerator"`
	GPUs        int       `json:"gpus"`
	Leaf        string    `json:"leaf"`
	Model       string    `json:"model"`
	Sources     []string  `json:"sources"`
	Unit        string    `json:"unit"`
	Knee        knee.Knee `json:"knee"`
	// OperatingPerGPU is knee find's recommended level (null: none).
	OperatingPerGPU *float64 `json:"operating_per_gpu"`
	Simulated       bool     `json:"simulated,omitempty"`
}

// DiffRow is one metric at one level (or at the operating point, or the
// knee itself). Old and New are means over repeats; Change and the
// interval are relative to Old ((new − old) / old).
type DiffRow struct {
	// At is "64" (a level in both), "operating point" or "knee".
	At string `json:"at"`
	// PerGPU is the level of a level row; OldPerGPU/NewPerGPU are each
	// side's own level at the operating point.
	PerGPU    *float64 `json:"per_gpu,omitempty"`
	OldPerGPU *float64 `json:"old_per_gpu,omitempty"`
	NewPerGPU *float64 `json:"new_per_gpu,omitempty"`
	// Metric is a JSON name: throughput_tok_s, ttft_p50_ms, ttft_p99_ms,
	// itl_p50_ms, itl_p99_ms, goodput_tok_s (with SLOs), per_gpu (the
	// operating level), knee_per_gpu.
	Metric string `json:"metric"`
	// Better is "higher" or "lower": which direction is an improvement.
	Better string   `json:"better"`
	Old    *float64 `json:"old"`
	New    *float64 `json:"new"`
	OldSD  *float64 `json:"old_sd,omitempty"`
	NewSD  *float64 `json:"new_sd,omitempty"`
	OldN   int      `json:"old_n"`
	NewN   int      `json:"new_n"`
	Change *float64 `json:"change"`
	// CILow and CIHigh bound Change (relative, like it); null when the
	// repeats allow no interval.
	CILow  *float64 `json:"ci_low"`
	CIHigh *float64 `json:"ci_high"`
	// Method says how the interval was obtained, or why there is none.
	Method  string      `json:"method"`
	Verdict DiffVerdict `json:"verdict"`
	Note    string      `json:"note,omitempty"`

	// Rate is the offered rate (req/s) of a level row of two rate sweeps,
	// which are matched on it instead of PerGPU.
	Rate *float64 `json:"rate,omitempty"`
	// TooFewRuns is set when the interval was wider than the quantity
	// itself: the runs cannot judge the row (no interval is given).
	TooFewRuns bool `json:"too_few_runs,omitempty"`

	a, b []float64 // the repeats, until judgeAll
	// wa, wb are a single run's within-run intervals, windowed whether
	// both sides are single windowed runs (diff_within.go).
	wa, wb   *sweep.Interval
	windowed bool
	// unjudged, when set, is why judgeAll leaves the row at no change
	// (the method it gets) and out of the family.
	unjudged string
}

// Diff is `knee diff OLD NEW`.
type Diff struct {
	Old     DiffSide    `json:"old"`
	New     DiffSide    `json:"new"`
	Options DiffOptions `json:"options"`
	// NotComparable lists why the two sides cannot be compared at all
	// (accelerator, model, GPU count, workload); every row is then refused.
	NotComparable []string  `json:"not_comparable"`
	Rows          []DiffRow `json:"rows"`
	// Family is the number of rows whose intervals share the confidence
	// (Bonferroni): each row's interval is at 1 − (1 − confidence)/family.
	Family int `json:"family"`
	// Regressed counts the rows whose verdict is regressed: exit 1.
	Regressed int `json:"regressed"`
	// OverlayPath is set when NEW was compared with an overlay's floors.
	OverlayPath string `json:"overlay,omitempty"`
	// Curves are both sides' levels (for the chart): level, throughput.
	OldCurve []knee.PointResult `json:"-"`
	NewCurve []knee.PointResult `json:"-"`

	levels diffLevels // what a level is here: per GPU, or the offered rate
	// newSearched: NEW's levels were chosen by a search (diff_lost.go).
	newSearched bool
}

// diffMetric reads one value of a point; ok is false when unknown.
type diffMetric struct {
	name, label, better string
	value               func(p sweep.Point) (float64, bool)
}

func distValue(get func(d sweep.Dist) *float64, of func(p sweep.Point) sweep.Dist) func(sweep.Point) (float64, bool) {
	return func(p sweep.Point) (float64, bool) {
		v := get(of(p))
		if v == nil || math.IsNaN(*v) || math.IsInf(*v, 0) {
			return 0, false
		}
		return *v, true
	}
}

// TTFTP90Metric names the row that stands for ttft_p99_ms where a side's
// p99 rested on fewer than 100 requests (tailMetric).
const TTFTP90Metric = "ttft_p90_ms"

var ttftP90Metric = diffMetric{TTFTP90Metric, "TTFT " + sweep.TailP90Label + " ms", "lower",
	distValue(func(d sweep.Dist) *float64 { return d.P90 }, func(p sweep.Point) sweep.Dist { return p.TTFT })}

// tailMetric is the TTFT tail row's metric: p99, or p90 on both sides
// when a run of either side says its tail is p90 (sweep.Point.TTFTTail) —
// the slowest of fewer than 100 requests is not a p99 to gate on, and a p90
// is compared with a p90, never with a p99.
func tailMetric(m diffMetric, old, cur []sweep.Point) diffMetric {
	if m.name != "ttft_p99_ms" {
		return m
	}
	for _, p := range slices.Concat(old, cur) {
		if p.TTFTTail == sweep.TailP90 {
			return ttftP90Metric
		}
	}
	return m
}

var diffMetrics = []diffMetric{
	{"throughput_tok_s", "tok/s", "higher", func(p sweep.Point) (float64, bool) { return p.ThroughputTokS, p.ThroughputTokS > 0 }},
	{"ttft_p50_ms", "TTFT p50 ms", "lower", distValue(func(d sweep.Dist) *float64 { return d.P50 }, func(p sweep.Point) sweep.Dist { return p.TTFT })},
	{"ttft_p99_ms", "TTFT p99 ms", "lower", distValue(func(d sweep.Dist) *float64 { return d.P99 }, func(p sweep.Point) sweep.Dist { return p.TTFT })},
	{"itl_p50_ms", "ITL p50 ms", "lower", distValue(func(d sweep.Dist) *float64 { return d.P50 }, func(p sweep.Point) sweep.Dist { return p.ITL })},
	{"itl_p99_ms", "ITL p99 ms", "lower", distValue(func(d sweep.Dist) *float64 { return d.P99 }, func(p sweep.Point) sweep.Dist { return p.ITL })},
	// The GPU telemetry's figures (knee sweep --telemetry, --gpu-hour-price):
	// rows only where both sides carry them.
	{"tokens_per_joule", "tok/J", "higher", optValue(func(p sweep.Point) *float64 { return p.TokensPerJoule })},
	{"gpu_power_w", "GPU W", "lower", optValue(func(p sweep.Point) *float64 { return p.GPUPowerW })},
	{"usd_per_mtok", "$/Mtok", "lower", optValue(func(p sweep.Point) *float64 { return p.USDPerMTok })},
}

// optValue reads an optional figure of a point.
func optValue(get func(p sweep.Point) *float64) func(sweep.Point) (float64, bool) {
	return func(p sweep.Point) (float64, bool) {
		v := get(p)
		if v == nil || math.IsNaN(*v) || math.IsInf(*v, 0) {
			return 0, false
		}
		return *v, true
	}
}

// DiffSweeps compares NEW with OLD: every metric at every level both
// measured, the operating point and the knee. Each side is analysed with
// kopts as knee find would.
func DiffSweeps(ctx context.Context, old, cur *sweep.Sweep, kopts knee.Options, opts DiffOptions) (*Diff, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	ro, err := knee.FindContext(ctx, old, kopts)
	if err != nil {
		return nil, err
	}
	rn, err := knee.FindContext(ctx, cur, kopts)
	if err != nil {
		return nil, err
	}
	d := &Diff{Old: diffSide(old, ro), New: diffSide(cur, rn), Options: opts, NotComparable: []string{}, Rows: []DiffRow{},
		OldCurve: ro.Points, NewCurve: rn.Points}
	d.NotComparable = mismatches(old, cur)
	d.newSearched = cur.Searched
	d.levels = levelsOf(old, cur)
	lo, ln := d.levels.byLevel(old), d.levels.byLevel(cur)
	if len(commonLevels(lo, ln)) == 0 && !(old.Searched && cur.Searched) {
		// Nothing measured twice: a gate that passed here would say nothing.
		// Two searches each chose their levels (a cap probe that read
		// 308 in one run and 217 in the other starts them on different
		// rungs): their operating points and knees are what they answer,
		// and those are compared (diff_step.go, lostRows).
		d.NotComparable = append(d.NotComparable, fmt.Sprintf("no level measured on both sides (OLD %s, NEW %s)", levelList(lo), levelList(ln)))
	}
	var g goodputs
	if hasSLOs(kopts) {
		g = goodputs{old: goodputByRepeat(ctx, old, kopts), cur: goodputByRepeat(ctx, cur, kopts)}
	}
	d.levelRows(lo, ln, ro, rn, g)
	d.lostRows(lo, ln, ro, rn)
	d.operatingRows(lo, ln, kopts)
	d.operatingGoodput(g)
	d.judgeAll()
	d.Rows = append(d.Rows, d.kneeRow())
	d.settle()
	return d, nil
}

// settle is the last step of both diffs (sweeps, overlay gates): every row
// is refused when the sides are not comparable, and the regressions counted.
func (d *Diff) settle() {
	for i := range d.Rows {
		if len(d.NotComparable) > 0 {
			d.Rows[i].refuse(d.NotComparable)
		}
		if d.Rows[i].Verdict == DiffRegressed {
			d.Regressed++
		}
	}
}

// levelRows compares every metric (and goodput, with SLOs) at every level
// both sides measured.
func (d *Diff) levelRows(lo, ln map[float64][]sweep.Point, ro, rn *knee.Result, g goodputs) {
	common := commonLevels(lo, ln)
	d.Rows = slices.Grow(d.Rows, len(common)*len(diffMetrics)+8) // grown once: a 100,000-level diff has 500,000 rows
	for _, lv := range common {
		at, perGPU, rate := d.levels.at(lv)
		note := d.invalidNote(lv, ro, rn)
		for _, m := range diffMetrics {
			if row, ok := d.metricRow(at, m, lo[lv], ln[lv]); ok {
				row.PerGPU, row.Rate, row.Note = perGPU, rate, note
				d.Rows = append(d.Rows, row)
			}
		}
		if row, ok := d.goodputRow(at, g.old[lv], g.cur[lv]); ok {
			row.PerGPU, row.Rate, row.Note = perGPU, rate, note
			d.Rows = append(d.Rows, row)
		}
	}
}

func diffSide(s *sweep.Sweep, r *knee.Result) DiffSide {
	side := DiffSide{Accelerator: s.Accelerator, GPUs: s.GPUs, Leaf: s.Leaf, Model: s.Model, Sources: s.Sources,
		Unit: r.Unit, Knee: r.Knee, OperatingPerGPU: r.RecommendedPerGPU}
	if side.Sources == nil {
		side.Sources = []string{}
	}
	for _, p := range s.Points {
		side.Simulated = side.Simulated || p.Simulated
	}
	return side
}

// mismatches is why two sweeps are not one comparison: another
// accelerator, model, GPU count or workload (each only where both say).
func mismatches(a, b *sweep.Sweep) []string {
	var out []string
	if a.Accelerator != "" && b.Accelerator != "" && !strings.EqualFold(a.Accelerator, b.Accelerator) {
		out = append(out, fmt.Sprintf("accelerator differs: OLD %s, NEW %s", a.Accelerator, b.Accelerator))
	}
	if a.Model != "" && b.Model != "" && a.Model != b.Model {
		out = append(out, fmt.Sprintf("model differs: OLD %s, NEW %s", a.Model, b.Model))
	}
	if a.GPUs > 0 && b.GPUs > 0 && a.GPUs != b.GPUs {
		out = append(out, fmt.Sprintf("GPU count differs: OLD %s, NEW %s", gpus(a.GPUs), gpus(b.GPUs)))
	}
	if (a.GPUs > 0) != (b.GPUs > 0) {
		out = append(out, "one side knows its GPU count and the other does not: per-GPU levels and requests in flight do not line up (give --gpus)")
	}
	if wa, wb := workloadOf(a), workloadOf(b); wa != "" && wb != "" && wa != wb {
		out = append(out, fmt.Sprintf("workload differs: OLD %s, NEW %s", wa, wb))
	} else if f, was, now := sweep.DiffSweepWorkload(a, b); f != "" {
		out = append(out, fmt.Sprintf("workload differs in %s: OLD %s, NEW %s", f, was, now))
	}
	return out
}

// workloadOf is a sweep's workload as one sorted "k=v" list ("" when the
// source names none; reading already refuses a sweep of several).
func workloadOf(s *sweep.Sweep) string {
	for _, p := range s.Points {
		if len(p.Workload) == 0 {
			continue
		}
		var kv []string
		for k, v := range p.Workload {
			kv = append(kv, k+"="+v)
		}
		sort.Strings(kv)
		return strings.Join(kv, ",")
	}
	return ""
}

// byLevel groups a sweep's points by per-GPU level (the overlay's gates
// are per GPU).
func byLevel(s *sweep.Sweep) map[float64][]sweep.Point { return diffLevels{}.byLevel(s) }

func commonLevels(a, b map[float64][]sweep.Point) []float64 {
	var out []float64
	for lv := range a {
		if _, ok := b[lv]; ok {
			out = append(out, lv)
		}
	}
	sort.Float64s(out)
	return out
}

func values(pts []sweep.Point, m diffMetric) []float64 {
	var out []float64
	for _, p := range pts {
		if v, ok := m.value(p); ok {
			out = append(out, v)
		}
	}
	return out
}

// metricRow compares one metric's repeats; ok is false when a side has no
// value for it.
func (d *Diff) metricRow(at string, m diffMetric, old, cur []sweep.Point) (DiffRow, bool) {
	m = tailMetric(m, old, cur)
	a, b := values(old, m), values(cur, m)
	if len(a) == 0 || len(b) == 0 {
		return DiffRow{}, false
	}
	row := DiffRow{At: at, Metric: m.name, Better: m.better}
	row.wa, row.wb, row.windowed = withinRun(old, m.name), withinRun(cur, m.name), windowedRuns(old, cur)
	d.compare(&row, a, b)
	return row, true
}

// compare fills a row from the two sides' repeats: means and relative
// change; judgeAll adds the interval and the verdict once the number of
// intervals (the family) is known.
func (d *Diff) compare(row *DiffRow, a, b []float64) {
	row.OldN, row.NewN = len(a), len(b)
	row.a, row.b = a, b
	ma, mb := stat.Mean(a, nil), stat.Mean(b, nil)
	row.Old, row.New = sweep.F(ma), sweep.F(mb)
	if len(a) > 1 {
		row.OldSD = sweep.F(stat.StdDev(a, nil))
	}
	if len(b) > 1 {
		row.NewSD = sweep.F(stat.StdDev(b, nil))
	}
	if ma != 0 {
		row.Change = sweep.F((mb - ma) / ma)
	}
}

// judgeAll gives every measured row its interval and verdict. A diff asks
// many questions at once (five metrics at every level): at 95% each, one
// row of two identical setups in four would read changed by chance, and a
// CI gate fails on any. So the coverage is family-wise (Bonferroni): each
// interval is at 1 − (1 − confidence)/m for the m rows that have one, and
// the chance that any row of a no-change diff leaves 0 stays under
// 1 − confidence.
func (d *Diff) judgeAll() {
	m := 0
	for _, r := range d.Rows {
		if r.a != nil && r.unjudged == "" && (len(r.a) > 1 || len(r.b) > 1 || r.wa != nil && r.wb != nil) {
			m++
		}
	}
	d.Family = m
	each := d.Options.Confidence
	if m > 1 {
		each = 1 - (1-d.Options.Confidence)/float64(m)
	}
	for i := range d.Rows {
		r := &d.Rows[i]
		if r.a == nil {
			continue
		}
		if r.unjudged != "" {
			r.Verdict, r.Method = DiffNoChange, r.unjudged
			continue
		}
		if r.Change == nil {
			r.Verdict, r.Method = DiffNoChange, "OLD is 0: no relative change"
			continue
		}
		var sa, sb float64
		if r.OldSD != nil {
			sa = *r.OldSD
		}
		if r.NewSD != nil {
			sb = *r.NewSD
		}
		ma := *r.Old
		half, method, ok := interval(len(r.a), len(r.b), sa, sb, each)
		if !ok && r.wa != nil && r.wb != nil {
			half, method, ok = withinHalf(r.wa, r.wb, each), WithinMethod, true
		}
		if !ok && r.windowed && r.Metric != "throughput_tok_s" {
			r.Verdict, r.Method = DiffNoChange, LatencyUnjudged
			continue
		}
		r.Method = method
		if ok {
			diff := *r.New - ma
			r.CILow, r.CIHigh = sweep.F((diff-half)/ma), sweep.F((diff+half)/ma)
		}
		if boundInterval(r) {
			continue
		}
		r.Verdict = d.judge(*r.Change, r.CILow, r.CIHigh, r.Better)
	}
}

// interval is the half-width of the t interval on the difference of two
// means: Welch's when both sides were repeated; the repeated side's spread
// for both when the other ran once (a new run against a repeated
// baseline); none when neither was repeated.
func interval(na, nb int, sa, sb, confidence float64) (half float64, method string, ok bool) {
	q := func(df float64) float64 {
		return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}.Quantile(1 - (1-confidence)/2)
	}
	fa, fb := float64(na), float64(nb)
	switch {
	case na > 1 && nb > 1:
		va, vb := sa*sa/fa, sb*sb/fb
		se := math.Sqrt(va + vb)
		if se == 0 {
			return 0, fmt.Sprintf("Welch t, no spread in %d+%d runs", na, nb), true
		}
		df := (va + vb) * (va + vb) / (va*va/(fa-1) + vb*vb/(fb-1))
		return q(df) * se, fmt.Sprintf("Welch t, %d vs %d runs", na, nb), true
	case na > 1 || nb > 1:
		s, n, which := sa, na, "OLD"
		if nb > 1 {
			s, n, which = sb, nb, "NEW"
		}
		return q(float64(n-1)) * s * math.Sqrt(1/fa+1/fb), fmt.Sprintf("t, spread of %s's %d runs (the other ran once)", which, n), true
	}
	return 0, "one run each side: no interval, judged on the change alone", false
}

// judge is benchstat's rule with a threshold: no change when the interval
// holds 0 or the change is under the threshold; otherwise the direction.
func (d *Diff) judge(change float64, lo, hi *float64, better string) DiffVerdict {
	if lo != nil && hi != nil && *lo <= 0 && *hi >= 0 {
		return DiffNoChange
	}
	if math.Abs(change) < d.Options.Threshold || change == 0 {
		return DiffNoChange
	}
	if (change > 0) == (better == "higher") {
		return DiffImproved
	}
	return DiffRegressed
}

// operatingRows compares each side at its own operating point (the level
// knee find recommends): the level itself, and throughput and TTFT p99
// there, which is what a floor gates.
func (d *Diff) operatingRows(lo, ln map[float64][]sweep.Point, kopts knee.Options) {
	oa, ob := d.Old.OperatingPerGPU, d.New.OperatingPerGPU
	if oa == nil || ob == nil {
		d.Rows = append(d.Rows, operatingLost(oa, ob))
		return
	}
	lvl := DiffRow{At: "operating point", Metric: "per_gpu", Better: "higher", OldPerGPU: oa, NewPerGPU: ob}
	lvl.Old, lvl.New, lvl.OldN, lvl.NewN = oa, ob, 1, 1
	lvl.Change = sweep.F((*ob - *oa) / *oa)
	lvl.Method = "a level, not a measurement: no interval"
	lvl.Verdict = d.judge(*lvl.Change, nil, nil, lvl.Better)
	// diff_step.go: a move no larger than the runs' resolvable step.
	step := withinOneStep(*oa, *ob, lo[*oa], ln[*ob], kopts)
	if step != "" {
		lvl.Verdict, lvl.Method = DiffNoChange, "a level within one resolvable step (within-run interval)"
		lvl.Note = step
	}
	d.Rows = append(d.Rows, lvl)
	for _, m := range diffMetrics {
		if m.name != "throughput_tok_s" && m.name != "ttft_p99_ms" {
			continue
		}
		if row, ok := d.metricRow("operating point", m, lo[*oa], ln[*ob]); ok {
			row.OldPerGPU, row.NewPerGPU = oa, ob
			if step != "" {
				row.unjudged = "not judged: the operating points are two loads within one resolvable step; the levels both sides ran are compared above"
			}
			d.Rows = append(d.Rows, row)
		}
	}
}

// kneeRow compares the knees: their intervals (bootstrap or bracketing
// levels) stand for the confidence interval; overlapping ones are no change.
func (d *Diff) kneeRow() DiffRow {
	ka, kb := d.Old.Knee, d.New.Knee
	row := DiffRow{At: "knee", Metric: "knee_per_gpu", Better: "higher", Old: ka.PerGPU, New: kb.PerGPU, OldN: 1, NewN: 1}
	if ka.PerGPU == nil || kb.PerGPU == nil || *ka.PerGPU == 0 {
		row.Method = "no interval"
		row.Verdict = DiffNoChange
		if kneeLost(ka, kb) {
			row.Verdict = DiffRegressed
			row.Note = fmt.Sprintf("knee lost: OLD's knee %s, NEW's %s", ka.Status, kb.Status)
		} else if ka.Status != kb.Status {
			row.Note = fmt.Sprintf("knee status OLD %s, NEW %s: no knee value on both sides to compare", ka.Status, kb.Status)
		} else {
			row.Note = fmt.Sprintf("knee %s on both sides", ka.Status)
		}
		return row
	}
	row.Change = sweep.F((*kb.PerGPU - *ka.PerGPU) / *ka.PerGPU)
	row.Method = "knee intervals (" + kneeMethod(ka) + " / " + kneeMethod(kb) + ")"
	if ka.LowPerGPU != nil && ka.HighPerGPU != nil && kb.LowPerGPU != nil && kb.HighPerGPU != nil {
		// The change between the nearest and the farthest ends of the two
		// intervals bounds the change of the knee.
		a := *ka.PerGPU
		row.CILow = sweep.F((*kb.LowPerGPU - *ka.HighPerGPU) / a)
		row.CIHigh = sweep.F((*kb.HighPerGPU - *ka.LowPerGPU) / a)
	}
	if !boundInterval(&row) {
		row.Verdict = d.judge(*row.Change, row.CILow, row.CIHigh, row.Better)
	}
	return row
}

func kneeMethod(k knee.Knee) string {
	if k.Method != "" {
		return k.Method
	}
	return string(k.Status)
}

// refuse turns a row of two targets that are not one comparison into its
// refusal: the values stay for the reader, no change or interval is
// computed from them.
func (r *DiffRow) refuse(why []string) {
	r.Verdict = DiffNotComparable
	r.Note = strings.Join(why, "; ")
	r.Change, r.CILow, r.CIHigh = nil, nil, nil
	r.Method = "not comparable: no change computed"
}

// invalidNote says when a compared level is invalid on a side (errors,
// client-bound, cancelled …): it is compared as measured, but a change
// there may be the invalidity's, not the server's.
func (d *Diff) invalidNote(lv float64, ro, rn *knee.Result) string {
	var out []string
	for _, side := range []struct {
		name string
		r    *knee.Result
	}{{"OLD", ro}, {"NEW", rn}} {
		for _, p := range d.levels.results(side.r, lv) {
			if p.Verdict == knee.VerdictInvalid {
				var rs []string
				for _, r := range p.Reasons {
					rs = append(rs, string(r))
				}
				at, _, _ := d.levels.at(lv)
				out = append(out, fmt.Sprintf("%s's %s is invalid (%s)", side.name, at, strings.Join(rs, ", ")))
			}
		}
	}
	if len(out) == 0 {
		return ""
	}
	return strings.Join(out, "; ") + ": compared as measured"
}

func levelList(m map[float64][]sweep.Point) string {
	var lv []float64
	for k := range m {
		lv = append(lv, k)
	}
	sort.Float64s(lv)
	var out []string
	for _, v := range lv {
		out = append(out, level(v))
	}
	return strings.Join(out, ", ")
}
