package overlay

import (
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/sweep"
)

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
