package plot

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee/pareto"
	"github.com/kneetool/knee/report"
)

// configColors tell configurations apart (Okabe–Ito, readable by the
// colour-blind); a ninth configuration reuses the first colour.
var configColors = []color.RGBA{
	{0x00, 0x72, 0xb2, 0xff}, {0xe6, 0x9f, 0x00, 0xff}, {0x00, 0x9e, 0x73, 0xff}, {0xcc, 0x79, 0xa7, 0xff},
	{0x56, 0xb4, 0xe9, 0xff}, {0xd5, 0x5e, 0x00, 0xff}, {0xf0, 0xe4, 0x42, 0xff}, {0x00, 0x00, 0x00, 0xff},
}

// WritePareto draws knee pareto's points: speed per user across,
// throughput per GPU up, one curve per configuration through its levels
// (labelled by level per GPU), the frontier as a thick dashed line, and
// frontier points past their knee ringed in red. The extension picks the
// format (.png or .svg).
func WritePareto(path string, r *pareto.Result) error {
	newCanvas, ok := canvases[strings.ToLower(filepath.Ext(path))]
	if !ok {
		return inputerr.Errorf(path, "-o", 0, "the chart format comes from the extension: use .png or .svg")
	}
	p := gplot.New()
	p.Title.Text = report.ParetoTitle(r)
	p.X.Label.Text = "output tok/s per user"
	p.Y.Label.Text = "output tok/s per GPU"
	// A frontier falls from top left to bottom right: the bottom left is
	// empty.
	p.Legend.Top, p.Legend.Left = false, true
	p.Legend.Padding = vg.Points(4)
	p.Add(plotter.NewGrid())
	for i, c := range r.Configs {
		if err := addConfig(p, r, c.Name, configColors[i%len(configColors)]); err != nil {
			return err
		}
	}
	if err := addFrontier(p, r); err != nil {
		return err
	}
	canvas := newCanvas(22*vg.Centimeter, 16*vg.Centimeter)
	p.Draw(draw.New(canvas))
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := canvas.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// addConfig draws one configuration's levels that have a speed per user.
func addConfig(p *gplot.Plot, r *pareto.Result, name string, c color.Color) error {
	var xys plotter.XYs
	var labels []string
	for _, pt := range r.Points {
		if pt.Config == name && pt.TokSPerUser != nil {
			xys = append(xys, plotter.XY{X: *pt.TokSPerUser, Y: pt.ThroughputPerGPU})
			labels = append(labels, fmt.Sprintf("%s/GPU", num(pt.PerGPU)))
		}
	}
	if len(xys) == 0 {
		return nil
	}
	line, points, err := plotter.NewLinePoints(xys)
	if err != nil {
		return err
	}
	line.Color = c
	line.Width = vg.Points(1.2)
	points.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}}
	p.Add(line, points)
	p.Legend.Add(name, line, points)
	lb, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
	if err != nil {
		return err
	}
	for i := range lb.TextStyle {
		lb.TextStyle[i].Font.Size = vg.Points(7)
		lb.TextStyle[i].Color = c
	}
	lb.Offset = vg.Point{X: vg.Points(5), Y: vg.Points(3)}
	p.Add(lb)
	return nil
}

// addFrontier draws the frontier through its points, and rings in red the
// frontier points past their configuration's knee.
func addFrontier(p *gplot.Plot, r *pareto.Result) error {
	var xys, past plotter.XYs
	for _, ref := range r.Frontier {
		for _, pt := range r.Points {
			if pt.Config == ref.Config && pt.PerGPU == ref.PerGPU {
				xys = append(xys, plotter.XY{X: *pt.TokSPerUser, Y: pt.ThroughputPerGPU})
				if pt.PastKnee {
					past = append(past, xys[len(xys)-1])
				}
			}
		}
	}
	if len(xys) == 0 {
		return nil
	}
	line, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	line.Color = color.Black
	line.Width = vg.Points(2.5)
	line.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
	p.Add(line)
	p.Legend.Add("frontier", line)
	if len(past) > 0 {
		sc, err := plotter.NewScatter(past)
		if err != nil {
			return err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: color.RGBA{0xd7, 0x19, 0x1c, 0xff}, Radius: vg.Points(7), Shape: draw.RingGlyph{}}
		p.Add(sc)
		p.Legend.Add("on the frontier past its knee", sc)
	}
	return nil
}
