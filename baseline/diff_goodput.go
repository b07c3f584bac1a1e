package baseline

import (
	"context"
	"math"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// GoodputMetric is the diff's goodput row: output tok/s of the requests
// within every SLO. It exists only when SLOs are stated (--slo or
// --ttft-slo-ms); without them there is no goodput to compare.
const GoodputMetric = "goodput_tok_s"

// hasSLOs reports whether the analysis options state any SLO.
func hasSLOs(o knee.Options) bool { return len(o.SLOs) > 0 || o.TTFTSLOMs > 0 }

// goodputByRepeat is each level's goodput once per repeat. knee find's
// goodput combines a level's repeats into one value; a diff needs the
// repeats apart for their spread (the interval, as for throughput), so
// each repeat's points are analysed alone with the same options. A repeat
// the analysis refuses on its own (too few levels) gives no values.
func goodputByRepeat(ctx context.Context, s *sweep.Sweep, o knee.Options) map[float64][]float64 {
	byRepeat := map[int][]sweep.Point{}
	var order []int
	for _, p := range s.Points {
		if _, ok := byRepeat[p.Repeat]; !ok {
			order = append(order, p.Repeat)
		}
		byRepeat[p.Repeat] = append(byRepeat[p.Repeat], p)
	}
	out := map[float64][]float64{}
	for _, r := range order {
		one := *s
		one.Points = byRepeat[r]
		res, err := knee.FindContext(ctx, &one, o)
		if err != nil {
			continue
		}
		for _, p := range res.Points {
			if g := p.Goodput; g != nil && g.TokS != nil && !math.IsNaN(*g.TokS) && !math.IsInf(*g.TokS, 0) {
				out[p.PerGPU] = append(out[p.PerGPU], *g.TokS)
			}
		}
	}
	return out
}

// goodputs are both sides' goodput repeats by level (empty without SLOs).
type goodputs struct{ old, cur map[float64][]float64 }

// operatingGoodput compares goodput at each side's own operating point.
func (d *Diff) operatingGoodput(g goodputs) {
	oa, ob := d.Old.OperatingPerGPU, d.New.OperatingPerGPU
	if oa == nil || ob == nil {
		return
	}
	if row, ok := d.goodputRow("operating point", g.old[*oa], g.cur[*ob]); ok {
		row.OldPerGPU, row.NewPerGPU = oa, ob
		d.Rows = append(d.Rows, row)
	}
}

// goodputRow compares one level's goodput repeats; ok is false when a side
// has none there.
func (d *Diff) goodputRow(at string, a, b []float64) (DiffRow, bool) {
	if len(a) == 0 || len(b) == 0 {
		return DiffRow{}, false
	}
	row := DiffRow{At: at, Metric: GoodputMetric, Better: "higher"}
	d.compare(&row, a, b)
	return row, true
}
