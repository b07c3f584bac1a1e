package baseline

import (
	"fmt"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/sweep/read"
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
}

// Evaluator tolerances of aicr's inference-perf gate (FORMATS.md §2).
const (
	gateThroughputTolerance = 0.9
	gateTTFTTolerance       = 1.1
)

// Report compares the overlay with rec (a proposal or a refusal: a refused
// baseline still shows how the current values fare against the sweep).
func (o *Overlay) Report(rec *Recommendation) *OverlayReport {
	rep := &OverlayReport{Path: o.Path, Rows: []OverlayRow{}, Warnings: []string{}}
	if !o.HasPerformance() {
		rep.Warnings = append(rep.Warnings, "the overlay has no spec.validation.performance block; --write adds it with checks: [inference-perf]")
	}
	if _, meta := lookup(o.root, "metadata"); meta != nil {
		if _, name := lookup(meta, "name"); name != nil && name.Kind == yaml.ScalarNode && name.Value != "" {
			switch {
			case rec.Leaf != "" && name.Value != rec.Leaf:
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("the overlay is for leaf %s but the sweep was measured on %s", name.Value, rec.Leaf))
			// A sweep without a leaf still names its accelerator (a
			// results folder from knee sweep): H200 numbers must not
			// silently become a GB300 overlay's floors.
			case rec.Leaf == "" && rec.Accelerator != "" && read.AcceleratorFromLeaf(name.Value) != rec.Accelerator:
				rep.Warnings = append(rep.Warnings, fmt.Sprintf("the overlay is for leaf %s (%s) but the sweep was measured on %s: floors do not carry over between accelerators",
					name.Value, read.AcceleratorFromLeaf(name.Value), rec.Accelerator))
			}
		}
	}
	if m, ok := o.Current("inference-model"); ok && rec.Model != "" && m != rec.Model {
		rep.Warnings = append(rep.Warnings, fmt.Sprintf("the overlay gates model %s but the sweep measured %s: floors do not carry over between models", m, rec.Model))
	}
	curConc, _ := o.Current(ConstraintConcurrency)
	curLevel, curLevelOK := parseLevel(curConc)

	// Measurements to hold the current gates against: at the overlay's own
	// concurrency (what the gate runs today) and at the proposed level.
	type at struct {
		label    string
		per      float64
		tokS     float64
		ttftP99  float64
		hasTTFT  bool
		proposed bool
	}
	var ats []at
	if curLevelOK {
		for _, p := range rec.Points {
			if sameLevel(p.PerGPU, curLevel) {
				ats = append(ats, at{label: "the current " + level(curLevel) + "/GPU", per: p.PerGPU, tokS: p.ThroughputTokS, ttftP99: p.TTFTP99Ms, hasTTFT: p.TTFTP99Ms > 0})
			}
		}
	}
	if rec.AtPerGPU != nil && rec.Measured != nil && !(curLevelOK && sameLevel(*rec.AtPerGPU, curLevel)) {
		a := at{label: level(*rec.AtPerGPU) + "/GPU", per: *rec.AtPerGPU, tokS: rec.Measured.ThroughputTokS, proposed: true}
		if rec.Measured.TTFTP99Ms != nil {
			a.ttftP99, a.hasTTFT = *rec.Measured.TTFTP99Ms, true
		}
		ats = append(ats, a)
	}

	for _, name := range []string{ConstraintConcurrency, ConstraintThroughput, ConstraintTTFTP99} {
		cur, _ := o.Current(name)
		row := OverlayRow{Name: name, Current: cur, Proposed: rec.Constraint(name)}
		var notes []string
		switch name {
		case ConstraintConcurrency:
			switch {
			case cur == "":
				notes = append(notes, "not set: aicr's compiled default (256/GPU) applies")
			case !curLevelOK:
				notes = append(notes, "not a whole positive number")
			default:
				found := false
				for _, p := range rec.Points {
					if sameLevel(p.PerGPU, curLevel) {
						found = true
						notes = append(notes, fmt.Sprintf("%s/GPU was measured: %s", level(curLevel), verdictCell(p)))
					}
				}
				if !found {
					notes = append(notes, fmt.Sprintf("%s/GPU was not measured in this sweep", level(curLevel)))
				}
			}
		case ConstraintThroughput:
			floor, ok := parseBound(cur, ">=")
			if cur != "" && !ok {
				notes = append(notes, `not of the form ">= N"`)
			}
			if ok {
				gate := gateThroughputTolerance * floor
				for _, a := range ats {
					if a.tokS < gate {
						row.CurrentFails = true
						notes = append(notes, fmt.Sprintf("at %s the measured %s tok/s would FAIL it (below 0.9 × %s = %s)", a.label, tok(a.tokS), num(floor), num(gate)))
					} else {
						notes = append(notes, fmt.Sprintf("at %s the floor is %s of the measured %s tok/s", a.label, pct(floor/a.tokS), tok(a.tokS)))
					}
				}
			}
		case ConstraintTTFTP99:
			ceil, ok := parseBound(cur, "<=")
			if cur != "" && !ok {
				notes = append(notes, `not of the form "<= N"`)
			}
			if ok {
				gate := gateTTFTTolerance * ceil
				for _, a := range ats {
					if !a.hasTTFT {
						continue
					}
					if a.ttftP99 > gate {
						row.CurrentFails = true
						notes = append(notes, fmt.Sprintf("at %s the measured p99 %s ms would FAIL it (above 1.1 × %s = %s ms)", a.label, latency(a.ttftP99), num(ceil), num(gate)))
					} else {
						notes = append(notes, fmt.Sprintf("at %s the measured p99 %s ms is %s of it", a.label, latency(a.ttftP99), pct(a.ttftP99/ceil)))
					}
				}
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

func parseLevel(s string) (float64, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n <= 0 {
		return 0, false
	}
	return float64(n), true
}

// parseBound reads ">= 60000" / "<= 2000" as aicr writes them.
func parseBound(s, op string) (float64, bool) {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, op) {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(strings.TrimPrefix(s, op)), 64)
	if err != nil || v <= 0 {
		return 0, false
	}
	return v, true
}
