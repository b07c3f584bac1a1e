package pareto

import (
	"encoding/json"
	"math"
	"sort"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/sweep"
)

// lengthTolerance is how far two sweeps' mean prompt or output lengths may
// differ and still be one workload: harnesses count tokens with different
// tokenizers and EOS ends some outputs early, but 5% apart is another load.
const lengthTolerance = 0.05

// comparable refuses inputs that are not one frontier: configurations of
// different models or workloads, or a sweep without a GPU count (no
// throughput per GPU). Each refusal names the input and the field.
func comparable(ins []Input) error {
	if len(ins) == 0 {
		return inputerr.Errorf("", "RUN", 0, "give at least one sweep")
	}
	first := ins[0]
	for _, in := range ins {
		if in.Sweep.GPUs <= 0 {
			return inputerr.Errorf(in.Arg, "gpus", 0, "unknown GPU count: throughput per GPU needs it (give --gpus)")
		}
		if m := modelOf([]Input{in}); m != "" && modelOf([]Input{first}) != "" && m != first.Sweep.Model {
			return inputerr.Errorf(in.Arg, "model", 0, "model %s differs from %s's %s: a frontier compares configurations of one model", m, first.Arg, first.Sweep.Model)
		}
		if a, b := workloadKey(in.Sweep), workloadKey(first.Sweep); a != b {
			return inputerr.Errorf(in.Arg, "workload", 0, "workload %s differs from %s's %s: a frontier compares configurations under one workload", orNone(a), first.Arg, orNone(b))
		}
		for _, f := range []struct {
			name string
			get  func(sweep.Point) *float64
		}{{"input_tokens_mean", func(p sweep.Point) *float64 { return p.InputTokensMean }}, {"output_tokens_mean", func(p sweep.Point) *float64 { return p.OutputTokensMean }}} {
			a, b := meanOf(in.Sweep, f.get), meanOf(first.Sweep, f.get)
			if a > 0 && b > 0 && math.Abs(a-b) > lengthTolerance*math.Max(a, b) {
				return inputerr.Errorf(in.Arg, f.name, 0, "%s tokens on average, %s's %s: a frontier compares configurations under one workload", num(a), first.Arg, num(b))
			}
		}
	}
	return nil
}

// modelOf is the first model the inputs name.
func modelOf(ins []Input) string {
	for _, in := range ins {
		if in.Sweep.Model != "" {
			return in.Sweep.Model
		}
	}
	return ""
}

// workloadKey identifies what a sweep sent: the built-in harness's
// workload and the source's own workload fields ("" for neither).
func workloadKey(s *sweep.Sweep) string {
	var parts []string
	if s.Workload != nil {
		if b, err := json.Marshal(s.Workload); err == nil {
			parts = append(parts, string(b))
		}
	}
	for _, p := range s.Points {
		if len(p.Workload) == 0 {
			continue
		}
		var kv []string
		for k, v := range p.Workload {
			kv = append(kv, k+"="+v)
		}
		sort.Strings(kv)
		parts = append(parts, strings.Join(kv, ","))
		break
	}
	return strings.Join(parts, " ")
}

// meanOf is the mean of a per-point length over the points that give it
// (0 when none does).
func meanOf(s *sweep.Sweep, get func(sweep.Point) *float64) float64 {
	var vs []float64
	for _, p := range s.Points {
		if v := get(p); v != nil && *v > 0 {
			vs = append(vs, *v)
		}
	}
	if len(vs) == 0 {
		return 0
	}
	return mean(vs)
}

func orNone(s string) string {
	if s == "" {
		return "(none stated)"
	}
	return s
}

// num writes a level or length without trailing zeros.
func num(v float64) string { return numfmt.Trimmed(v, 2) }
