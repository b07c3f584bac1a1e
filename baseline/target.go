package baseline

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// ReasonTargetMismatch refuses --write when the sweep measured another
// target than the overlay gates: floors measured on H200 with a 0.6B model
// say nothing about what a GB300 node serving an 8B model must reach.
const ReasonTargetMismatch knee.Reason = "target_mismatch"

// targetMismatches lists how the sweep differs from what the overlay gates:
// accelerator, model, GPU count and leaf (service, os, intent, platform),
// each only where both sides say.
func targetMismatches(t overlay.Target, rec *Recommendation) []string {
	var out []string
	acc := rec.Accelerator
	if acc == "" && rec.Leaf != "" {
		acc = sweep.AcceleratorFromLeaf(rec.Leaf)
	}
	if t.Accelerator != "" && acc != "" && !strings.EqualFold(t.Accelerator, acc) {
		out = append(out, fmt.Sprintf("accelerator: the overlay %s gates %s, the sweep was measured on %s", targetName(t), t.Accelerator, acc))
	}
	if t.Model != "" && rec.Model != "" && t.Model != rec.Model {
		out = append(out, fmt.Sprintf("model: the overlay gates %s, the sweep measured %s", t.Model, rec.Model))
	}
	if t.GPUs > 0 && rec.GPUs > 0 && t.GPUs != rec.GPUs {
		out = append(out, fmt.Sprintf("GPU count: the overlay's floors were measured on %s, the sweep on %s (the throughput floor is for the whole node)", gpus(t.GPUs), gpus(rec.GPUs)))
	}
	if m := leafMismatch(t, rec.Leaf); m != "" && len(out) == 0 {
		out = append(out, m) // another accelerator already says it
	}
	return out
}

func targetName(t overlay.Target) string {
	if t.Leaf == "" {
		return "(no metadata.name)"
	}
	return t.Leaf
}

// refuseOtherTarget turns a proposal for another target into a refusal
// (unless the user said, with allow, that the floors carry over), or, when
// allowed, keeps the proposal and says what it crosses.
func refuseOtherTarget(rec *Recommendation, ov *overlay.Overlay, allow bool) {
	ms := targetMismatches(ov.Target(), rec)
	if len(ms) == 0 {
		return
	}
	if allow {
		for _, m := range ms {
			rec.Overlay.Warnings = append(rec.Overlay.Warnings, "written although the sweep measured another target (--allow-target-mismatch): "+m)
		}
		return
	}
	rec.Status = StatusRefused
	rec.Refusals = append(rec.Refusals, Refusal{
		Reason:  ReasonTargetMismatch,
		Detail:  fmt.Sprintf("the sweep measured another target than %s gates (%s): floors do not carry over", ov.Path, strings.Join(ms, "; ")),
		NextRun: "sweep the overlay's own target, or give --allow-target-mismatch if these floors are meant for it",
	})
}

// leafMismatch says how the sweep's leaf differs from the overlay's ("" when
// they agree or either is unknown). A leaf is
// <accelerator>-<service>-<os>-<intent>-<platform>: an h100-eks sweep says
// nothing of what an h100-gke node must reach, though the accelerator is
// the same, so the leaf is part of the target (issue 27 item 7: floors were
// written into another leaf's overlay with a note only).
func leafMismatch(t overlay.Target, sweepLeaf string) string {
	if t.Leaf == "" || sweepLeaf == "" || strings.EqualFold(t.Leaf, sweepLeaf) {
		return ""
	}
	a, b := leafParts(t.Leaf), leafParts(sweepLeaf)
	var diff []string
	for i, name := range []string{"accelerator", "service", "os", "intent", "platform"} {
		if i < len(a) && i < len(b) && a[i] != b[i] {
			diff = append(diff, fmt.Sprintf("%s %s ≠ %s", name, a[i], b[i]))
		}
	}
	if len(a) != len(b) || len(diff) == 0 {
		diff = append(diff, "another leaf")
	}
	return fmt.Sprintf("leaf: the overlay gates %s, the sweep measured %s (%s)", t.Leaf, sweepLeaf, strings.Join(diff, ", "))
}

// leafParts splits a leaf into accelerator, service, os, intent and
// platform (the platform keeps any further dashes).
func leafParts(leaf string) []string {
	l := strings.ToLower(leaf)
	acc := sweep.AcceleratorFromLeaf(l)
	rest := strings.TrimPrefix(strings.TrimPrefix(l, acc), "-")
	if rest == "" {
		return []string{acc}
	}
	return append([]string{acc}, strings.SplitN(rest, "-", 4)...)
}
