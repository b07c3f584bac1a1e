package baseline

import (
	"context"
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// DiffOverlay compares NEW with an overlay's floors instead of an old
// sweep: at the overlay's inference-concurrency-per-gpu, NEW's throughput
// against inference-throughput (>= N) and its TTFT p99 against
// inference-ttft-p99 (<= N). A gate is the limit itself (its headroom is
// already in it), so a row is regressed when NEW fails it, unless the
// interval of NEW's mean reaches across the gate: then it is within noise
// of it (no change, said in the note). --threshold does not apply.
func DiffOverlay(ctx context.Context, ov *overlay.Overlay, cur *sweep.Sweep, kopts knee.Options, opts DiffOptions) (*Diff, error) {
	if err := opts.Validate(); err != nil {
		return nil, err
	}
	rn, err := knee.FindContext(ctx, cur, kopts)
	if err != nil {
		return nil, err
	}
	t := ov.Target()
	d := &Diff{New: diffSide(cur, rn), Options: opts, NotComparable: []string{}, Rows: []DiffRow{}, OverlayPath: ov.Path, NewCurve: rn.Points}
	d.Old = DiffSide{Accelerator: t.Accelerator, GPUs: t.GPUs, Leaf: t.Leaf, Model: t.Model, Sources: []string{ov.Path}, Unit: "per_gpu"}
	d.NotComparable = append(d.NotComparable, targetDifferences(t, cur)...)
	lvText, _ := ov.Current(ConstraintConcurrency)
	lv, ok := parseLevel(lvText)
	if !ok {
		return nil, inputerr.Errorf(ov.Path, ConstraintConcurrency, 0, "no per-GPU level to compare NEW at (got %q)", lvText)
	}
	gates, err := overlayGatesOf(ov)
	if err != nil {
		return nil, err
	}
	pts := byLevel(cur)[lv]
	if len(pts) == 0 && len(d.NotComparable) == 0 {
		// A gate at a level NEW never ran judges nothing: refuse, naming it.
		return nil, inputerr.Errorf(ov.Path, ConstraintConcurrency, 0, "the overlay gates %s/GPU, which NEW never measured (NEW's levels: %s)", level(lv), levelList(byLevel(cur)))
	}
	for _, g := range gates {
		d.Rows = append(d.Rows, d.overlayGateRow(g, lv, pts, ov.Path))
	}
	d.settle()
	return d, nil
}

// targetDifferences say where NEW measured another accelerator, model or GPU
// count than the overlay gates: not comparable.
func targetDifferences(t overlay.Target, cur *sweep.Sweep) []string {
	var out []string
	if t.Accelerator != "" && cur.Accelerator != "" && !strings.EqualFold(t.Accelerator, cur.Accelerator) {
		out = append(out, fmt.Sprintf("accelerator differs: the overlay gates %s, NEW was measured on %s", t.Accelerator, cur.Accelerator))
	}
	if t.Model != "" && cur.Model != "" && t.Model != cur.Model {
		out = append(out, fmt.Sprintf("model differs: the overlay gates %s, NEW measured %s", t.Model, cur.Model))
	}
	if t.GPUs > 0 && cur.GPUs > 0 && t.GPUs != cur.GPUs {
		out = append(out, fmt.Sprintf("GPU count differs: the overlay's floors were measured on %s, NEW on %s", gpus(t.GPUs), gpus(cur.GPUs)))
	}
	if m := leafMismatch(t, cur.Leaf); m != "" && len(out) == 0 {
		out = append(out, m)
	}
	return out
}

// overlayGates are the overlay constraints a diff holds NEW against, with
// the metric each gates.
var overlayGates = []struct{ constraint, metric string }{
	{ConstraintThroughput, "throughput_tok_s"}, {ConstraintTTFTP99, "ttft_p99_ms"},
}

// overlayGatesOf reads the overlay's gates strictly: an absent one is no
// gate, one the validator could not read is exit 2 naming it.
func overlayGatesOf(ov *overlay.Overlay) ([]Gate, error) {
	var out []Gate
	for _, og := range overlayGates {
		cv, present := ov.Current(og.constraint)
		if !present && cv == "" {
			continue
		}
		g, err := ParseGate(og.constraint, cv)
		if err != nil {
			return nil, inputerr.Errorf(ov.Path, og.constraint, 0, "%v", err)
		}
		out = append(out, g)
	}
	return out, nil
}

func gateMetric(g Gate) diffMetric {
	for _, og := range overlayGates {
		if og.constraint != g.Constraint {
			continue
		}
		for _, dm := range diffMetrics {
			if dm.name == og.metric {
				return dm
			}
		}
	}
	return diffMetric{}
}

// overlayGateRow holds NEW's points at the overlay's level lv against one
// gate.
func (d *Diff) overlayGateRow(g Gate, lv float64, pts []sweep.Point, path string) DiffRow {
	// NEW's tail is its p90 where its p99 rested on fewer than 100
	// requests: held against the TTFT ceiling as p90, and labelled so.
	m := tailMetric(gateMetric(g), nil, pts)
	row := DiffRow{At: level(lv), PerGPU: sweep.F(lv), Metric: m.name, Better: m.better, Old: sweep.F(g.Value), OldN: 0,
		Note: fmt.Sprintf("%s %s %s of %s (the validator %s)", g.Constraint, g.Op, plain(g.Value), path, g.Rule())}
	vs := values(pts, m)
	if len(vs) == 0 {
		row.Verdict = DiffNotComparable
		row.Method = "no interval"
		row.Note = fmt.Sprintf("NEW has no %s at %s/GPU, the overlay's level: sweep it", m.name, level(lv))
		return row
	}
	d.gateRow(&row, g, vs)
	return row
}

// gateRow judges NEW's repeats against one gate as the validator does
// (Gate.Passes, with its tolerance): regressed when NEW's mean fails it,
// no change when it passes or when the gate's limit lies within the
// interval of NEW's mean (noise, said in the note).
func (d *Diff) gateRow(row *DiffRow, g Gate, vs []float64) {
	row.NewN = len(vs)
	mean := stat.Mean(vs, nil)
	row.New = sweep.F(mean)
	row.Change = sweep.F((mean - g.Value) / g.Value)
	fails := !g.Passes(mean)
	row.Verdict = DiffNoChange
	row.Method = "one run: no interval, judged against the gate alone"
	if len(vs) > 1 {
		s := stat.StdDev(vs, nil)
		half := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(vs) - 1)}.Quantile(1-(1-d.Options.Confidence)/2) * s / math.Sqrt(float64(len(vs)))
		row.NewSD = sweep.F(s)
		row.CILow, row.CIHigh = sweep.F((mean-half-g.Value)/g.Value), sweep.F((mean+half-g.Value)/g.Value)
		row.Method = fmt.Sprintf("t %s interval of NEW's mean of %d runs", pct(d.Options.Confidence), len(vs))
		if fails && mean-half <= g.Limit() && mean+half >= g.Limit() {
			row.Note += "; fails the gate on its mean, but the limit lies within its interval (noise)"
			return
		}
	}
	if fails {
		row.Verdict = DiffRegressed
		row.Note += "; fails the gate"
		return
	}
	row.Note += "; passes"
}
