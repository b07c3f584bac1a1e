package baseline

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// OverlayReport compares an overlay's current performance constraints with
// the proposal and with what was measured, given the evaluator's tolerance
// (throughput fails below 0.9 × floor, TTFT above 1.1 × ceiling).
type OverlayReport struct {
	Path     string       `json:"path"`
	Rows     []OverlayRow `json:"rows"`
	Warnings []string     `json:"warnings"`
	// Written is true when --write changed the file.
	Written bool `json:"written"`
}

// OverlayRow is one constraint: current value ("" when absent), proposed
// value, and what the measurements say about the current one.
type OverlayRow struct {
	Name     string `json:"name"`
	Current  string `json:"current"`
	Proposed string `json:"proposed"`
	Note     string `json:"note"`
	// CurrentFails is true when a measurement this sweep calls healthy, or
	// the one at the overlay's own concurrency, would fail the current gate.
	CurrentFails bool `json:"current_fails"`
	// Undetected is the largest regression the current value lets pass at
	// the proposed level, when it is looser than the policy's own value:
	// a throughput drop as a fraction (0.47 = 47%), or a TTFT p99 rise as
	// a factor (3.2 = 3.2× the measured p99). Null when the gate is as
	// tight as the policy would make it, or cannot be judged.
	Undetected *float64 `json:"undetected_regression,omitempty"`
}

// Evaluator tolerances of aicr's inference-perf gate (FORMATS.md §2).
const (
	GateThroughputTolerance = 0.9
	GateTTFTTolerance       = 1.1
)

// ReportOverlay compares the overlay o with rec (a proposal or a refusal: a refused
// baseline still shows how the current values fare against the sweep).
func ReportOverlay(o *overlay.Overlay, rec *Recommendation) *OverlayReport {
	rep := &OverlayReport{Path: o.Path, Rows: []OverlayRow{}, Warnings: []string{}}
	if !o.HasPerformance() {
		rep.Warnings = append(rep.Warnings, "the overlay has no spec.validation.performance block; --write adds it with checks: [inference-perf]")
	}
	rep.Warnings = append(rep.Warnings, targetWarnings(o, rec)...)
	// How loose the current gates are only means something when the sweep
	// measured what the overlay gates (its leaf, accelerator and model).
	sameTarget := len(rep.Warnings) == 0 || (len(rep.Warnings) == 1 && !o.HasPerformance())
	curConc, _ := o.Current(ConstraintConcurrency)
	curLevel, curLevelOK := parseLevel(curConc)
	ats := gateMeasurements(rec, curLevel, curLevelOK)
	for _, name := range []string{ConstraintConcurrency, ConstraintThroughput, ConstraintTTFTP99} {
		cur, _ := o.Current(name)
		row := OverlayRow{Name: name, Current: cur, Proposed: rec.Constraint(name)}
		var notes []string
		switch name {
		case ConstraintConcurrency:
			notes = concurrencyNotes(rec, cur, curLevel, curLevelOK)
		case ConstraintThroughput:
			notes = throughputNotes(rec, cur, ats, &row)
		case ConstraintTTFTP99:
			notes = ttftNotes(rec, cur, ats, &row)
		}
		if sameTarget {
			// looseGate sets row.Undetected: only for the overlay's own target.
			if loose := looseGate(rec, name, cur, &row); loose != "" {
				notes = append(notes, loose)
				rep.Warnings = append(rep.Warnings, "LOOSE GATE: "+loose)
			}
		}
		if cur == "" && name != ConstraintConcurrency {
			notes = append(notes, "not set")
		}
		row.Note = strings.Join(notes, "; ")
		rep.Rows = append(rep.Rows, row)
	}
	return rep
}

// targetWarnings say where the overlay gates another leaf, accelerator or
// model than the sweep measured.
func targetWarnings(o *overlay.Overlay, rec *Recommendation) []string {
	var out []string
	if leaf := o.Target().Leaf; leaf != "" {
		switch {
		case rec.Leaf != "" && leaf != rec.Leaf:
			out = append(out, fmt.Sprintf("the overlay is for leaf %s but the sweep was measured on %s", leaf, rec.Leaf))
		// A sweep without a leaf still names its accelerator (a results
		// folder from knee sweep): H200 numbers must not silently become a
		// GB300 overlay's floors.
		case rec.Leaf == "" && rec.Accelerator != "" && sweep.AcceleratorFromLeaf(leaf) != rec.Accelerator:
			out = append(out, fmt.Sprintf("the overlay is for leaf %s (%s) but the sweep was measured on %s: floors do not carry over between accelerators",
				leaf, sweep.AcceleratorFromLeaf(leaf), rec.Accelerator))
		}
	}
	if m, ok := o.Current("inference-model"); ok && rec.Model != "" && m != rec.Model {
		out = append(out, fmt.Sprintf("the overlay gates model %s but the sweep measured %s: floors do not carry over between models", m, rec.Model))
	}
	return out
}

// gateAt is a measurement the current gates are held against.
type gateAt struct {
	label    string
	per      float64
	tokS     float64
	ttftP99  float64
	hasTTFT  bool
	proposed bool
}

// gateMeasurements are the measurements at the overlay's own concurrency
// (what the gate runs today) and at the proposed level.
func gateMeasurements(rec *Recommendation, curLevel float64, curLevelOK bool) []gateAt {
	var ats []gateAt
	if curLevelOK {
		for _, p := range rec.Points {
			if sameLevel(p.PerGPU, curLevel) {
				ats = append(ats, gateAt{label: "the current " + level(curLevel) + "/GPU", per: p.PerGPU, tokS: p.ThroughputTokS, ttftP99: p.TTFTP99Ms, hasTTFT: p.TTFTP99Ms > 0})
			}
		}
	}
	if rec.AtPerGPU != nil && rec.Measured != nil && !(curLevelOK && sameLevel(*rec.AtPerGPU, curLevel)) {
		a := gateAt{label: level(*rec.AtPerGPU) + "/GPU", per: *rec.AtPerGPU, tokS: rec.Measured.ThroughputTokS, proposed: true}
		if rec.Measured.TTFTP99Ms != nil {
			a.ttftP99, a.hasTTFT = *rec.Measured.TTFTP99Ms, true
		}
		ats = append(ats, a)
	}
	return ats
}

// concurrencyNotes say what the sweep measured at the overlay's level.
func concurrencyNotes(rec *Recommendation, cur string, curLevel float64, curLevelOK bool) []string {
	switch {
	case cur == "":
		return []string{"not set: aicr's compiled default (256/GPU) applies"}
	case !curLevelOK:
		return []string{"not a whole positive number"}
	}
	var notes []string
	for _, p := range rec.Points {
		if sameLevel(p.PerGPU, curLevel) {
			notes = append(notes, fmt.Sprintf("%s/GPU was measured: %s", level(curLevel), VerdictText(p)))
		}
	}
	if len(notes) == 0 {
		notes = append(notes, fmt.Sprintf("%s/GPU was not measured in this sweep", level(curLevel)))
	}
	return notes
}

// throughputNotes hold the current floor against each measurement: the
// gate fails below 0.9 × floor.
func throughputNotes(rec *Recommendation, cur string, ats []gateAt, row *OverlayRow) []string {
	g, err := ParseGate(ConstraintThroughput, cur)
	if err != nil {
		if cur != "" {
			return []string{"not a gate the validator can read: " + err.Error()}
		}
		return nil
	}
	var notes []string
	for _, a := range ats {
		if !g.Passes(a.tokS) {
			row.CurrentFails = true
			notes = append(notes, fmt.Sprintf("at %s the measured %s tok/s would FAIL it (below 0.9 × %s = %s)", a.label, tok(a.tokS), num(g.Value), num(g.Limit())))
		} else {
			notes = append(notes, fmt.Sprintf("at %s the floor is %s of the measured %s tok/s", a.label, pct(g.Value/a.tokS), tok(a.tokS)))
		}
	}
	return notes
}

// ttftNotes hold the current ceiling against each measurement with a TTFT
// p99: the gate fails above 1.1 × ceiling.
func ttftNotes(rec *Recommendation, cur string, ats []gateAt, row *OverlayRow) []string {
	g, err := ParseGate(ConstraintTTFTP99, cur)
	if err != nil {
		if cur != "" {
			return []string{"not a gate the validator can read: " + err.Error()}
		}
		return nil
	}
	var notes []string
	for _, a := range ats {
		if !a.hasTTFT {
			continue
		}
		if !g.Passes(a.ttftP99) {
			row.CurrentFails = true
			notes = append(notes, fmt.Sprintf("at %s the measured p99 %s ms would FAIL it (above 1.1 × %s = %s ms)", a.label, latency(a.ttftP99), num(g.Value), num(g.Limit())))
		} else {
			notes = append(notes, fmt.Sprintf("at %s the measured p99 %s ms is %s of it", a.label, latency(a.ttftP99), pct(a.ttftP99/g.Value)))
		}
	}
	return notes
}

// looseGate says how much regression a current floor or ceiling lets pass
// beyond the policy's own ("" when none, or when it cannot be read).
func looseGate(rec *Recommendation, name, cur string, row *OverlayRow) string {
	switch name {
	case ConstraintThroughput:
		if floor, ok := parseBound(cur, ">="); ok {
			return looseFloor(rec, floor, row)
		}
	case ConstraintTTFTP99:
		if ceil, ok := parseBound(cur, "<="); ok {
			return looseCeiling(rec, ceil, row)
		}
	}
	return ""
}

// looseFloor says how large a throughput drop the current floor lets pass
// at the proposed level, when that is more than the policy's own floor
// would let pass: a gate that passes a 47% drop cannot catch the
// regression it exists for. The gate fails below 0.9 × floor, so a run
// passes down to that: the undetected drop is 1 − 0.9·floor/measured.
func looseFloor(rec *Recommendation, floor float64, row *OverlayRow) string {
	policyFloor, _, ok := policyGates(rec)
	if !ok {
		return ""
	}
	m := rec.Measured.ThroughputTokS
	drop := 1 - GateThroughputTolerance*floor/m
	policyDrop := 1 - GateThroughputTolerance*policyFloor/m
	// Within 5 points of the policy's own tolerance is the policy's own
	// rounding (2 significant figures), not a loose gate.
	if drop <= policyDrop+looseMargin || drop <= 0 {
		return ""
	}
	row.Undetected = &drop
	return fmt.Sprintf("the current floor %s lets a %s drop at %s/GPU pass (%s → %s tok/s still passes 0.9 × %s); %s fails any drop beyond %s",
		row.Current, pct(drop), level(*rec.AtPerGPU), tok(m), tok(GateThroughputTolerance*floor), num(floor), policyName(rec, ConstraintThroughput), pct(policyDrop))
}

// looseCeiling is looseFloor for the TTFT ceiling: the gate fails above
// 1.1 × ceiling, so a p99 may grow to 1.1·ceiling/measured times what was
// measured before it fails; flagged when the current ceiling is above the
// one the policy gives (which already keeps the catalog ceiling).
func looseCeiling(rec *Recommendation, ceil float64, row *OverlayRow) string {
	_, policyCeil, ok := policyGates(rec)
	if !ok || rec.Measured.TTFTP99Ms == nil || !(*rec.Measured.TTFTP99Ms > 0) || policyCeil <= 0 {
		return ""
	}
	t := *rec.Measured.TTFTP99Ms
	if ceil <= policyCeil*(1+looseMargin) {
		return ""
	}
	rise := GateTTFTTolerance * ceil / t
	row.Undetected = &rise
	return fmt.Sprintf("the current ceiling %s lets the TTFT p99 at %s/GPU grow %s× (%s → %s ms) before it fails; %s fails beyond %s×",
		row.Current, level(*rec.AtPerGPU), factor(rise), latency(t), latency(GateTTFTTolerance*ceil), policyName(rec, ConstraintTTFTP99), factor(GateTTFTTolerance*policyCeil/t))
}

// looseMargin is how much looser than the policy a gate may be before it is
// called loose: the policy's rounding to 2 significant figures alone moves a
// floor by up to a few percent.
const looseMargin = 0.05

// policyGates are the floor and ceiling the policy gives at the chosen
// level: the proposal's, or, when the level was refused only for being
// unverified (its numbers are sound, nothing below it was measured), the
// policy applied to what was measured there without rounding. ok is false
// when there is no sound measurement to hold a gate against.
func policyGates(rec *Recommendation) (floor, ceil float64, ok bool) {
	if rec.Measured == nil || rec.AtPerGPU == nil || !(rec.Measured.ThroughputTokS > 0) {
		return 0, 0, false
	}
	if rec.Status == StatusProposed && rec.Floors != nil {
		return rec.Floors.ThroughputTokS, rec.Floors.TTFTP99Ms, true
	}
	for _, r := range rec.Refusals {
		if r.Reason != knee.ReasonUnverified {
			return 0, 0, false
		}
	}
	p := rec.Policy
	floor = rec.Measured.ThroughputTokS * (1 - p.Headroom)
	if rec.Measured.TTFTP99Ms != nil {
		ceil = math.Max(p.TTFTCeilingMs, *rec.Measured.TTFTP99Ms*p.TTFTMultiplier)
	}
	return floor, ceil, len(rec.Refusals) > 0
}

// policyName is how a message names the policy's value: the proposed
// constraint, or the policy's rule when the level was refused.
func policyName(rec *Recommendation, name string) string {
	if rec.Status == StatusProposed {
		return "the proposed " + rec.Constraint(name)
	}
	if name == ConstraintThroughput {
		return fmt.Sprintf("a floor at the policy's %s headroom", pct(rec.Policy.Headroom))
	}
	return "the policy's ceiling"
}

func factor(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }

func parseLevel(s string) (float64, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n <= 0 {
		return 0, false
	}
	return float64(n), true
}

// parseBound reads ">= 60000" / "<= 2000" as aicr writes them, strictly
// (parseGateValue): ok is false for anything the validator could not read.
func parseBound(s, op string) (float64, bool) {
	v, err := parseGateValue(s, op)
	return v, err == nil
}
