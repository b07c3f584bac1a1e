package baseline

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// ReasonTargetMismatch refuses --write when the sweep measured another
// target than the overlay gates: floors measured on H200 with a 0.6B model
// say nothing about what a GB300 node serving an 8B model must reach.
const ReasonTargetMismatch knee.Reason = "target_mismatch"

// Target is what an overlay gates, as far as the file says: "" or 0 where it
// does not say.
type Target struct {
	Leaf        string
	Accelerator string
	Model       string
	// GPUs comes from the knee comment block a previous --write left
	// ("Measured with knee: …, 4 GPUs, …"); aicr's format has no GPU field.
	GPUs int
}

// gpusInComment finds the GPU count in the first line of knee's own
// measurement comment.
var gpusInComment = regexp.MustCompile(`^#\s*Measured with knee: .*?, (\d+) GPUs?[,.]`)

// Target reads what the overlay gates: its leaf (metadata.name), its
// accelerator (spec.criteria.accelerator, else the leaf's first word), the
// model of its inference-model constraint and the GPU count of knee's
// comment block.
func (o *Overlay) Target() Target {
	var t Target
	if name := scalarAt(o.root, "metadata", "name"); name != nil {
		t.Leaf = name.Value
	}
	if acc := scalarAt(o.spec, "criteria", "accelerator"); acc != nil {
		t.Accelerator = strings.ToLower(strings.TrimSpace(acc.Value))
	}
	if t.Accelerator == "" && t.Leaf != "" {
		t.Accelerator = sweep.AcceleratorFromLeaf(t.Leaf)
	}
	if m, ok := o.Current("inference-model"); ok {
		t.Model = m
	}
	t.GPUs = o.commentGPUs()
	return t
}

// scalarAt is the scalar at the path of mapping keys below n; nil when a
// key is missing or the value is not a scalar.
func scalarAt(n *yaml.Node, keys ...string) *yaml.Node {
	for _, k := range keys {
		if n == nil {
			return nil
		}
		_, n = lookup(n, k)
	}
	if n == nil || n.Kind != yaml.ScalarNode {
		return nil
	}
	return n
}

// commentGPUs is the GPU count the first measurement line of knee's
// comment block names (0 when none does).
func (o *Overlay) commentGPUs() int {
	inBlock := false
	for _, start := range o.lineStart {
		if start >= len(o.src) {
			break
		}
		line := strings.TrimSpace(string(o.src[start:o.lineEnd(start)]))
		switch {
		case strings.HasPrefix(line, markerBegin):
			inBlock = true
			continue
		case strings.HasPrefix(line, markerEnd):
			inBlock = false
		}
		if !inBlock {
			continue
		}
		if m := gpusInComment.FindStringSubmatch(line); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > 0 {
				return n
			}
			return 0
		}
	}
	return 0
}

// mismatches lists how the sweep differs from what the overlay gates:
// accelerator, model, GPU count and leaf (service, os, intent, platform),
// each only where both sides say.
func (t Target) mismatches(rec *Recommendation) []string {
	var out []string
	acc := rec.Accelerator
	if acc == "" && rec.Leaf != "" {
		acc = sweep.AcceleratorFromLeaf(rec.Leaf)
	}
	if t.Accelerator != "" && acc != "" && !strings.EqualFold(t.Accelerator, acc) {
		out = append(out, fmt.Sprintf("accelerator: the overlay %s gates %s, the sweep was measured on %s", t.name(), t.Accelerator, acc))
	}
	if t.Model != "" && rec.Model != "" && t.Model != rec.Model {
		out = append(out, fmt.Sprintf("model: the overlay gates %s, the sweep measured %s", t.Model, rec.Model))
	}
	if t.GPUs > 0 && rec.GPUs > 0 && t.GPUs != rec.GPUs {
		out = append(out, fmt.Sprintf("GPU count: the overlay's floors were measured on %s, the sweep on %s (the throughput floor is for the whole node)", gpus(t.GPUs), gpus(rec.GPUs)))
	}
	if m := t.leafMismatch(rec.Leaf); m != "" && len(out) == 0 {
		out = append(out, m) // another accelerator already says it
	}
	return out
}

func (t Target) name() string {
	if t.Leaf == "" {
		return "(no metadata.name)"
	}
	return t.Leaf
}

// refuseOtherTarget turns a proposal for another target into a refusal
// (unless the user said, with allow, that the floors carry over), or, when
// allowed, keeps the proposal and says what it crosses.
func refuseOtherTarget(rec *Recommendation, ov *Overlay, allow bool) {
	ms := ov.Target().mismatches(rec)
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
