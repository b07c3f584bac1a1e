package baseline

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// leafMismatch says how the sweep's leaf differs from the overlay's ("" when
// they agree or either is unknown). A leaf is
// <accelerator>-<service>-<os>-<intent>-<platform>: an h100-eks sweep says
// nothing of what an h100-gke node must reach, though the accelerator is
// the same, so the leaf is part of the target (issue 27 item 7: floors were
// written into another leaf's overlay with a note only).
func (t Target) leafMismatch(sweepLeaf string) string {
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
