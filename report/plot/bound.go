package plot

import (
	"fmt"
	"image/color"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/kneetool/knee/knee"
)

// boundC is the physical bound's line: a colour no other mark uses.
var boundC = color.NRGBA{R: 0x7b, G: 0x2d, B: 0xb5, A: 0xff}

// addBound marks the physical bound (the concurrency the KV cache holds
// for this workload, knee.PhysicalBound) as a dotted vertical line: the
// knee cannot lie right of it, and one far left of it points at another
// limit.
func addBound(p *gplot.Plot, r *knee.Result, legend bool) error {
	if r.Bound == nil || !(r.Bound.PerGPU > 0) {
		return nil
	}
	l, err := vline(r.Bound.PerGPU, p.Y.Min, p.Y.Max)
	if err != nil {
		return err
	}
	l.LineStyle.Color = boundC
	l.LineStyle.Width = vg.Points(1.5)
	l.LineStyle.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
	p.Add(l)
	if legend {
		src := "KV cache capacity ÷ tokens per request"
		if r.Bound.From == "engine" {
			src = "the engine's own maximum concurrency"
		}
		p.Legend.Add(fmt.Sprintf("physical bound %s (%s)", num(r.Bound.PerGPU), src), l)
	}
	return nil
}
