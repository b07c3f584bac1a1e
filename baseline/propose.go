package baseline

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/internal/stats"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// Propose turns a sweep and its knee analysis into constraints and floors
// under policy p, or into a refusal. A refusal is a Recommendation with
// Status "refused" and a nil error: it is an answer, not a failure. Errors
// are bad input: a policy value that makes no sense (*PolicyError) or an
// --at level that was not measured (*inputerr.Error naming the levels).
func Propose(s *sweep.Sweep, r *knee.Result, p Policy) (*Recommendation, error) {
	if err := checkProposal(s, r, p); err != nil {
		return nil, err
	}
	rec := newRecommendation(s, r, p)
	pt, why, err := chooseLevel(s, r, p)
	if err != nil {
		return nil, err
	}
	if pt == nil {
		// Nothing to choose: every level's blocking reasons are the refusal.
		rec.Status = StatusRefused
		rec.Refusals = noRecommendationRefusals(r)
		return rec, nil
	}
	rec.AtPerGPU = sweep.F(pt.PerGPU)
	m, samples := measure(s, *pt)
	rec.Measured = m

	simulatedLevel := containsLevel(rec.SimulatedPerGPU, pt.PerGPU)
	if refusals := chosenLevelRefusals(r, *pt, p, simulatedLevel); len(refusals) > 0 {
		rec.Status = StatusRefused
		rec.Refusals = refusals
		rec.Warnings = append(rec.Warnings, cautionWarnings(*pt)...)
		return rec, nil
	}
	rec.Warnings = append(rec.Warnings, acceptedWarnings(rec, r, *pt, simulatedLevel)...)
	rec.Warnings = append(rec.Warnings, cautionWarnings(*pt)...)
	if !simulatedLevel { // a simulated chosen level already says so, once
		rec.Warnings = append(rec.Warnings, simulatedWarnings(s, pt.PerGPU)...)
	}
	if err := propose(rec, *pt, why, samples, p, !measuredTTFT(s)); err != nil {
		return nil, err
	}
	return rec, nil
}

// checkProposal refuses input no proposal can come from: a policy value
// that makes no sense, or a sweep whose GPU count is unknown.
func checkProposal(s *sweep.Sweep, r *knee.Result, p Policy) error {
	if s == nil || r == nil {
		return errors.New("baseline: Propose needs a sweep and its analysis")
	}
	if err := p.Validate(); err != nil {
		return err
	}
	if s.GPUs <= 0 {
		// Without the GPU count every level is total concurrency, and a
		// per-GPU setting derived from it would be off by the node size.
		return inputerr.Errorf(orNone(strings.Join(s.Sources, ",")), "gpus", 0,
			"the GPU count of the node is unknown, so no per-GPU concurrency or floor can be proposed; give --gpus N")
	}
	return nil
}

// newRecommendation is the proposal before a level is chosen: what was
// measured, on what, under which policy.
func newRecommendation(s *sweep.Sweep, r *knee.Result, p Policy) *Recommendation {
	rec := &Recommendation{
		Status:      StatusProposed,
		Leaf:        s.Leaf,
		Accelerator: s.Accelerator,
		GPUs:        s.GPUs,
		Model:       s.Model,
		Constraints: []Constraint{},
		Derivation:  []Derivation{},
		Warnings:    []string{},
		Refusals:    []Refusal{},
		Knee:        r.Knee,
		Bound:       r.Bound,
		Points:      r.Points,
		Policy:      p,
	}
	if rec.Accelerator == "" {
		rec.Accelerator = r.Sweep.Accelerator
	}
	if rec.Points == nil {
		rec.Points = []knee.PointResult{}
	}
	for _, sp := range s.Points {
		if sp.Simulated && !containsLevel(rec.SimulatedPerGPU, sp.Level()) {
			rec.SimulatedPerGPU = append(rec.SimulatedPerGPU, sp.Level())
		}
	}
	return rec
}

// chosenLevelRefusals are the reasons the chosen level cannot carry a
// floor: its verdict's, and simulated numbers unless allowed.
func chosenLevelRefusals(r *knee.Result, pt knee.PointResult, p Policy, simulated bool) []Refusal {
	refusals := levelRefusals(r, pt, p)
	if simulated && !p.AllowSimulated {
		refusals = append(refusals, Refusal{
			PerGPU:  sweep.F(pt.PerGPU),
			Reason:  ReasonSimulated,
			Detail:  fmt.Sprintf("the numbers at %s/GPU were simulated, not measured: a floor from them would gate real nodes on invented data", level(pt.PerGPU)),
			NextRun: fmt.Sprintf("measure %s/GPU on the real node (knee sweep --per-gpu %s)", level(pt.PerGPU), level(pt.PerGPU)),
		})
	}
	return refusals
}

// cautionWarnings are the chosen level's cautions, and the SLOs it misses
// (only --at reaches a level over a stated SLO: the recommendation never
// is one).
func cautionWarnings(pt knee.PointResult) []string {
	var out []string
	for i, rs := range pt.Reasons {
		if rs.IsCaution() {
			out = append(out, fmt.Sprintf("%s/GPU: %s", level(pt.PerGPU), rs.Caution()))
		}
		if rs.IsSLO() && i < len(pt.Details) {
			out = append(out, fmt.Sprintf("SLO: %s/GPU misses a stated SLO (%s, %s); --at overrides the SLO cap", level(pt.PerGPU), rs, pt.Details[i]))
		}
	}
	return out
}

// acceptedWarnings say what was accepted in proposing at pt: simulated
// numbers, an unverified level, a level at the knee. They mark rec.
func acceptedWarnings(rec *Recommendation, r *knee.Result, pt knee.PointResult, simulated bool) []string {
	var out []string
	if simulated {
		rec.Simulated = true
		out = append(out, fmt.Sprintf(
			"SIMULATED: the numbers at %s/GPU were simulated, not measured (--allow-simulated): these floors show the method and must not gate real nodes",
			level(pt.PerGPU)))
	}
	if pt.Verdict == knee.VerdictUnverified {
		rec.Unverified = true
		out = append(out, fmt.Sprintf(
			"UNVERIFIED: %s/GPU was accepted with --accept-unverified although nothing measured below it shows it is still on the scaling part of the curve; %s",
			level(pt.PerGPU), r.NextRun(pt, knee.ReasonUnverified)))
	}
	if pt.Verdict == knee.VerdictAtKnee {
		out = append(out, fmt.Sprintf(
			"%s/GPU is at the knee: a small change in the stack can push it past; a level below the knee (%s) would leave headroom",
			level(pt.PerGPU), r.LevelBelow(pt.PerGPU)))
	}
	return out
}

// measuredTTFT reports whether any point of the sweep has a TTFT.
func measuredTTFT(s *sweep.Sweep) bool {
	for _, sp := range s.Points {
		if !sp.TTFT.Empty() {
			return true
		}
	}
	return false
}

// chooseLevel picks the level floors are set from and says why. A nil point
// with a nil error means the analysis recommends nothing and offers no
// candidate.
func chooseLevel(s *sweep.Sweep, r *knee.Result, p Policy) (*knee.PointResult, string, error) {
	if p.At > 0 {
		for i := range r.Points {
			if sameLevel(r.Points[i].PerGPU, p.At) {
				return &r.Points[i], fmt.Sprintf("%s/GPU was chosen with --at (verdict %s; %s)", level(p.At), r.Points[i].Verdict, kneeSummary(r.Knee)), nil
			}
		}
		levels := make([]string, 0, len(r.Points))
		for _, pt := range r.Points {
			levels = append(levels, level(pt.PerGPU))
		}
		return nil, "", inputerr.Errorf(strings.Join(s.Sources, ","), "--at", 0,
			"no level %s/GPU was measured; measured levels (per GPU): %s", level(p.At), orNone(strings.Join(levels, ", ")))
	}
	pick := func(v *float64) *knee.PointResult {
		if v == nil {
			return nil
		}
		for i := range r.Points {
			if sameLevel(r.Points[i].PerGPU, *v) {
				return &r.Points[i]
			}
		}
		return nil
	}
	if pt := pick(r.RecommendedPerGPU); pt != nil {
		return pt, fmt.Sprintf("%s/GPU is the highest level the knee analysis verified as below the knee and valid (%s)",
			level(pt.PerGPU), kneeSummary(r.Knee)), nil
	}
	if pt := pick(r.CandidatePerGPU); pt != nil {
		return pt, fmt.Sprintf("%s/GPU is the knee analysis' candidate: below the knee as far as measured, but unverified (%s)",
			level(pt.PerGPU), kneeSummary(r.Knee)), nil
	}
	return nil, "", nil
}

// levelRefusals lists why pt cannot carry a floor: every reason the analysis
// gave for a past_knee or invalid verdict, or "unverified" unless accepted.
func levelRefusals(r *knee.Result, pt knee.PointResult, p Policy) []Refusal {
	blocked := pt.Verdict == knee.VerdictPastKnee || pt.Verdict == knee.VerdictInvalid ||
		(pt.Verdict == knee.VerdictUnverified && !p.AcceptUnverified)
	if !blocked {
		return nil
	}
	// Cautions are reported as warnings, not refusals: they do not decide a
	// verdict, and --accept-unverified must not be read as overriding them.
	var reasons []knee.Reason
	for _, rs := range pt.Reasons {
		if !rs.IsCaution() {
			reasons = append(reasons, rs)
		}
	}
	if len(reasons) == 0 {
		// A verdict with no blocking reason still has to be explained.
		reasons = []knee.Reason{knee.Reason(pt.Verdict)}
	}
	var out []Refusal
	for _, rs := range reasons {
		out = append(out, Refusal{
			PerGPU:  sweep.F(pt.PerGPU),
			Reason:  rs,
			Detail:  r.ReasonSentence(pt, rs),
			NextRun: r.NextRun(pt, rs),
		})
	}
	return out
}

// noRecommendationRefusals explains a sweep with no usable level: one entry
// for the sweep, then every level's own blocking reasons.
func noRecommendationRefusals(r *knee.Result) []Refusal {
	out := []Refusal{{
		Reason:  ReasonNoRecommendation,
		Detail:  fmt.Sprintf("the knee analysis verified no level as below the knee and valid (%s)", kneeSummary(r.Knee)),
		NextRun: r.SweepNextRun(),
	}}
	for _, pt := range r.Points {
		// A level below the knee blocks only by a stated SLO it misses.
		sloOnly := pt.Verdict == knee.VerdictSubKnee || pt.Verdict == knee.VerdictAtKnee
		for _, rs := range pt.Reasons {
			if rs.IsCaution() || (sloOnly && !rs.IsSLO()) {
				continue
			}
			out = append(out, Refusal{PerGPU: sweep.F(pt.PerGPU), Reason: rs, Detail: r.ReasonSentence(pt, rs), NextRun: r.NextRun(pt, rs)})
		}
	}
	return out
}

// measure collects what was measured at pt's level. With repeats, the
// throughput is their mean and the TTFT p99 their median; samples are the
// per-repeat values for the noise checks.
func measure(s *sweep.Sweep, pt knee.PointResult) (*Measured, levelSamples) {
	var smp levelSamples
	// The level's TTFT tail is p90 when a repeat's p99 rested on fewer
	// than 100 requests (knee find says the same of the level): then every
	// repeat's p90 sets the ceiling, and the derivation says so.
	tail := pt.TTFTTail
	for _, sp := range s.Points {
		if sameLevel(sp.Level(), pt.PerGPU) && sp.TTFTTail == sweep.TailP90 {
			tail = sweep.TailP90
		}
	}
	for _, sp := range s.Points {
		if !sameLevel(sp.Level(), pt.PerGPU) {
			continue
		}
		smp.throughput = append(smp.throughput, sp.ThroughputTokS)
		v := sp.TTFT.P99
		if tail == sweep.TailP90 {
			v = sp.TTFT.P90
		}
		if v != nil {
			smp.ttftP99 = append(smp.ttftP99, *v)
		}
	}
	m := &Measured{ThroughputTokS: pt.ThroughputTokS, Repeats: len(smp.throughput), TTFTTail: tail}
	if len(smp.throughput) == 0 {
		// The analysis knows the level but the sweep does not (hand-built
		// results): trust the analysis' numbers as a single run.
		m.Repeats = 1
		smp.throughput = []float64{pt.ThroughputTokS}
		if pt.TTFTP99Ms > 0 {
			smp.ttftP99 = []float64{pt.TTFTP99Ms}
		}
	}
	if st, ok := spread(smp.throughput); ok {
		m.ThroughputTokS = st.mean
		m.ThroughputSD = sweep.F(st.sd)
		m.ThroughputMin = sweep.F(st.min)
	} else {
		m.ThroughputTokS = smp.throughput[0]
	}
	if len(smp.ttftP99) > 0 {
		m.TTFTP99Ms = sweep.F(stats.Median(smp.ttftP99))
	}
	if s.GPUs > 0 {
		m.ThroughputPerGPU = sweep.F(m.ThroughputTokS / float64(s.GPUs))
	}
	return m, smp
}

type levelSamples struct {
	throughput []float64
	ttftP99    []float64
}

// propose fills the constraints, floors, derivations and noise warnings.
func propose(rec *Recommendation, pt knee.PointResult, why string, smp levelSamples, p Policy, noTTFT bool) error {
	conc, concHow := concurrencySetting(rec, pt, why)
	base, baseHow, ok := throughputBase(rec, pt, smp, p)
	if !ok {
		return nil
	}
	raw := base * (1 - p.Headroom)
	floor := RoundDownSig(raw, p.SigFigs)
	tputHow := fmt.Sprintf("%s; × (1 − %s headroom) = %s, rounded down to %d significant figures → %s",
		baseHow, plain(p.Headroom), num(raw), p.SigFigs, plain(floor))
	if !(floor > 0) {
		refuse(rec, Refusal{
			PerGPU:  sweep.F(pt.PerGPU),
			Reason:  knee.Reason(knee.VerdictInvalid),
			Detail:  fmt.Sprintf("the measured throughput at %s/GPU is %s tok/s: no positive floor follows", level(pt.PerGPU), num(base)),
			NextRun: fmt.Sprintf("re-run %s/GPU and check that the server returns output tokens", level(pt.PerGPU)),
		})
		return nil
	}
	floors := &Floors{ConcurrencyPerGPU: conc, ThroughputTokS: floor}
	perGPUHow := perGPUFloor(floors, raw, rec.GPUs, p)
	ceilRaw, ttftHow := ttftCeiling(rec, smp, p, noTTFT)
	ceil := RoundUpSig(ceilRaw, p.SigFigs)
	floors.TTFTP99Ms = ceil

	rec.Floors = floors
	rec.Constraints = []Constraint{
		{Name: ConstraintConcurrency, Value: fmt.Sprintf("%d", conc)},
		{Name: ConstraintThroughput, Value: ">= " + plain(floor)},
		{Name: ConstraintTTFTP99, Value: "<= " + plain(ceil)},
	}
	if noTTFT {
		// A throughput-only sweep (a non-streaming run, a llama.cpp slot
		// sweep, a table without TTFT) measured no TTFT at any level: a
		// ceiling would be the catalog value, checked against nothing.
		rec.Constraints = rec.Constraints[:2]
		floors.TTFTP99Ms = 0
		ttftHow = "none proposed: no level of the inputs measured TTFT (a non-streaming run or a throughput-only table), so there is nothing to check a ceiling against; the overlay's current TTFT gate, if any, is left as it is. Measure with a streaming client to derive one"
		rec.Warnings = append(rec.Warnings, "no TTFT ceiling proposed: the inputs measured no TTFT at any level")
	}
	rec.Derivation = []Derivation{
		{Name: ConstraintConcurrency, Value: rec.Constraints[0].Value, How: concHow},
		{Name: ConstraintThroughput, Value: rec.Constraints[1].Value, How: tputHow},
	}
	if floors.ThroughputPerGPU != nil {
		rec.Derivation = append(rec.Derivation, Derivation{Name: "throughput per GPU", Value: ">= " + plain(*floors.ThroughputPerGPU), How: perGPUHow})
	}
	ttftValue := "none"
	if len(rec.Constraints) > 2 {
		ttftValue = rec.Constraints[2].Value
	}
	rec.Derivation = append(rec.Derivation, Derivation{Name: ConstraintTTFTP99, Value: ttftValue, How: ttftHow})
	rec.Warnings = append(rec.Warnings, noiseWarnings(floor, ceil, smp)...)
	return nil
}

// refuse turns rec into a refusal for one reason found while deriving
// the floors: no constraint is proposed.
func refuse(rec *Recommendation, r Refusal) {
	rec.Status = StatusRefused
	rec.Refusals = append(rec.Refusals, r)
	rec.Constraints = []Constraint{}
}

// concurrencySetting is the per-GPU setting aicr takes: a whole number,
// the chosen level rounded down (and at least 1).
func concurrencySetting(rec *Recommendation, pt knee.PointResult, why string) (int, string) {
	conc := int(math.Floor(pt.PerGPU))
	if conc < 1 {
		conc = 1
	}
	if float64(conc) == pt.PerGPU {
		return conc, why
	}
	rec.Warnings = append(rec.Warnings, fmt.Sprintf(
		"%s/GPU is not a whole number (a derived concurrency); aicr takes a bare integer, so the setting is %d", level(pt.PerGPU), conc))
	return conc, why + fmt.Sprintf("; rounded down to the whole number %d aicr accepts", conc)
}

// throughputBase is what the throughput floor is taken from: the mean of
// one run, or the lower end of the confidence interval of the mean when
// the level was repeated. ok is false when rec was refused (no positive
// bound).
func throughputBase(rec *Recommendation, pt knee.PointResult, smp levelSamples, p Policy) (base float64, how string, ok bool) {
	m := rec.Measured
	st, repeated := lowerBound(smp.throughput, p.Confidence)
	if !repeated {
		rec.Notes = append(rec.Notes, fmt.Sprintf(
			"%s/GPU was measured once, so run-to-run noise is unknown; repeat it (3 or more runs) to base the floor on a confidence bound", level(pt.PerGPU)))
		return m.ThroughputTokS, fmt.Sprintf("measured %s tok/s (one run)", num(m.ThroughputTokS)), true
	}
	m.ThroughputLowerCI = sweep.F(st.lower)
	how = fmt.Sprintf("mean of %d repeats %s tok/s (sd %s); lower end of its %s confidence interval = %s − %.3f × %s / √%d = %s tok/s (Student t, %d degrees of freedom)",
		st.n, num(st.mean), num(st.sd), pct(p.Confidence), num(st.mean), st.t, num(st.sd), st.n, num(st.lower), st.n-1)
	if st.lower <= 0 {
		refuse(rec, Refusal{
			PerGPU:  sweep.F(pt.PerGPU),
			Reason:  ReasonNoisy,
			Detail:  fmt.Sprintf("the repeats spread so widely that the lower end of the %s confidence interval of the mean is %s tok/s: no positive floor follows", pct(p.Confidence), num(st.lower)),
			NextRun: fmt.Sprintf("find out why runs at %s/GPU differ (stalls, noisy neighbours) and repeat the level at least 5 times", level(pt.PerGPU)),
		})
		return 0, "", false
	}
	return st.lower, how, true
}

// perGPUFloor sets the per-GPU floor (aicr#1254) from the same unrounded
// value, so it is not a rounding of a rounding, and says how.
func perGPUFloor(floors *Floors, raw float64, nGPUs int, p Policy) string {
	if nGPUs <= 0 {
		return ""
	}
	rawPer := raw / float64(nGPUs)
	pf := RoundDownSig(rawPer, p.SigFigs)
	floors.ThroughputPerGPU = sweep.F(pf)
	return fmt.Sprintf("%s / %s = %s, rounded down to %d significant figures → %s tok/s per GPU (for nodes of another size, aicr#1254)",
		num(raw), gpus(nGPUs), num(rawPer), p.SigFigs, plain(pf))
}

// ttftCeiling is the unrounded TTFT ceiling: the catalog value unless this
// stack's healthy p99 is already close to it; 0 when no level measured
// TTFT.
func ttftCeiling(rec *Recommendation, smp levelSamples, p Policy, noTTFT bool) (float64, string) {
	m := rec.Measured
	switch {
	case m.TTFTP99Ms != nil:
		scaled := *m.TTFTP99Ms * p.TTFTMultiplier
		ceilRaw := math.Max(p.TTFTCeilingMs, scaled)
		tail := sweep.TailLabel(m.TTFTTail)
		measured := fmt.Sprintf("measured %s %s ms", tail, num(*m.TTFTP99Ms))
		if m.Repeats > 1 {
			measured = fmt.Sprintf("median %s of %d repeats %s ms", tail, len(smp.ttftP99), num(*m.TTFTP99Ms))
		}
		return ceilRaw, fmt.Sprintf("max(catalog ceiling %s ms, %s × %s = %s ms) = %s ms, rounded up to %d significant figures → %s",
			num(p.TTFTCeilingMs), measured, plain(p.TTFTMultiplier), num(scaled), num(ceilRaw), p.SigFigs, plain(RoundUpSig(ceilRaw, p.SigFigs)))
	case !noTTFT:
		rec.Warnings = append(rec.Warnings, "no TTFT p99 was measured at the chosen level: the TTFT ceiling is the catalog value, unchecked against this stack")
		return p.TTFTCeilingMs, fmt.Sprintf("no TTFT p99 was measured at this level, so the catalog ceiling %s ms, rounded up to %d significant figures → %s",
			num(p.TTFTCeilingMs), p.SigFigs, plain(RoundUpSig(p.TTFTCeilingMs, p.SigFigs)))
	}
	return 0, ""
}

// noiseWarnings says when a gate sits inside the run-to-run noise the
// repeats showed: a floor above the slowest repeat, within two standard
// deviations of the mean, or a ceiling that some repeats would exceed. The
// evaluator fails throughput below 0.9 × floor and TTFT above 1.1 × ceiling.
func noiseWarnings(floor, ceil float64, smp levelSamples) []string {
	var out []string
	if st, ok := spread(smp.throughput); ok {
		failing := 0
		for _, v := range smp.throughput {
			if v < 0.9*floor {
				failing++
			}
		}
		if floor > st.min {
			out = append(out, fmt.Sprintf(
				"NOISE: the throughput floor %s is above the slowest of %d repeats (%s tok/s); %d of %d repeats would fail the gate (below 0.9 × floor = %s)",
				plain(floor), st.n, num(st.min), failing, st.n, num(0.9*floor)))
		}
		if st.mean-floor < 2*st.sd {
			out = append(out, fmt.Sprintf(
				"NOISE: the throughput floor %s sits within two standard deviations of the mean (mean %s − floor = %s < 2 × sd = %s): run-to-run noise alone can fail the gate",
				plain(floor), num(st.mean), num(st.mean-floor), num(2*st.sd)))
		}
	}
	if len(smp.ttftP99) > 1 {
		over := 0
		for _, v := range smp.ttftP99 {
			if v > 1.1*ceil {
				over++
			}
		}
		if over > 0 {
			out = append(out, fmt.Sprintf(
				"NOISE: %d of %d repeats had TTFT p99 above 1.1 × the ceiling (%s ms) and would fail the gate",
				over, len(smp.ttftP99), num(1.1*ceil)))
		}
	}
	return out
}

// simulatedWarnings flags a choice that rests on simulated points below it
// (a simulated chosen level is refused outright).
func simulatedWarnings(s *sweep.Sweep, at float64) []string {
	below := simulatedOnlyBelow(s, at)
	if len(below) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("SIMULATED: %s/GPU is verified as below the knee only by simulated points at %s/GPU; measure those levels on the real node before merging",
		level(at), strings.Join(below, ", "))}
}

// simulatedOnlyBelow lists the simulated levels below at when nothing
// measured lies below it: then only simulated numbers show that at is still
// on the scaling part of the curve. Nil when a measured level below exists
// or nothing simulated does.
func simulatedOnlyBelow(s *sweep.Sweep, at float64) []string {
	var below []float64
	for _, sp := range s.Points {
		if sp.Level() >= at || sameLevel(sp.Level(), at) {
			continue
		}
		if !sp.Simulated {
			return nil
		}
		if !containsLevel(below, sp.Level()) {
			below = append(below, sp.Level())
		}
	}
	sort.Float64s(below)
	out := make([]string, len(below))
	for i, l := range below {
		out[i] = level(l)
	}
	return out
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func containsLevel(ls []float64, v float64) bool {
	for _, l := range ls {
		if sameLevel(l, v) {
			return true
		}
	}
	return false
}
