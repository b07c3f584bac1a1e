// Package plot draws a sweep and its knee analysis with gonum.org/v1/plot:
// throughput (top) and TTFT (bottom, log scale) against concurrency per GPU
// on a log2 axis, every measured level marked by its verdict, the fitted
// curves, the knee band, the recommended level and optional floors. It is
// meant to be read by someone who reads no numbers: green is safe, orange
// is the knee, red is past it.
package plot

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
	"github.com/kneetool/knee/sweep"
)

// Options are optional additions to the chart.
type Options struct {
	// ThroughputFloor draws the proposed floor (node tok/s), when set.
	ThroughputFloor *float64
	// TTFTCeiling draws the proposed TTFT p99 ceiling (ms), when set.
	TTFTCeiling *float64
	// Values labels every level with its measured value (tok/s on top,
	// TTFT ms below) besides the level itself.
	Values bool
	// Width and Height of the image; zero means 22 cm × 20 cm.
	Width, Height vg.Length
}

// verdictStyle is how each verdict looks, chosen to survive greyscale
// printing too (distinct shapes, not only colours).
var verdictStyle = map[knee.Verdict]pointStyle{
	knee.VerdictSubKnee:    {color.RGBA{R: 0x1a, G: 0x98, B: 0x50, A: 0xff}, draw.CircleGlyph{}, "below the knee (sub_knee)"},
	knee.VerdictUnverified: {color.RGBA{R: 0x2b, G: 0x6c, B: 0xb0, A: 0xff}, draw.RingGlyph{}, "unverified (nothing lower measured)"},
	knee.VerdictAtKnee:     {color.RGBA{R: 0xf0, G: 0x8c, B: 0x00, A: 0xff}, draw.TriangleGlyph{}, "at the knee (at_knee)"},
	knee.VerdictPastKnee:   {color.RGBA{R: 0xd7, G: 0x19, B: 0x1c, A: 0xff}, draw.BoxGlyph{}, "past the knee (past_knee)"},
	knee.VerdictInvalid:    {color.RGBA{R: 0x44, G: 0x44, B: 0x44, A: 0xff}, draw.CrossGlyph{}, "invalid measurement"},
}

type pointStyle struct {
	color color.RGBA
	shape draw.GlyphDrawer
	label string
}

var verdictOrder = []knee.Verdict{knee.VerdictSubKnee, knee.VerdictUnverified, knee.VerdictAtKnee, knee.VerdictPastKnee, knee.VerdictInvalid}

var (
	kneeBand    = color.NRGBA{R: 0xf0, G: 0x8c, B: 0x00, A: 0x50}
	pastBand    = color.NRGBA{R: 0xd7, G: 0x19, B: 0x1c, A: 0x1c}
	recommendC  = color.RGBA{R: 0x1a, G: 0x98, B: 0x50, A: 0xff}
	curveColor  = color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff}
	repeatColor = color.RGBA{R: 0x99, G: 0x99, B: 0x99, A: 0xb0}
	floorColor  = color.RGBA{R: 0x7b, G: 0x32, B: 0x94, A: 0xff}
	goodputC    = color.RGBA{R: 0x00, G: 0x8b, B: 0x8b, A: 0xff}
)

// canvases are the chart formats, by the extension that picks them.
var canvases = map[string]func(w, h vg.Length) vg.CanvasWriterTo{
	".png": func(w, h vg.Length) vg.CanvasWriterTo {
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(144), vgimg.UseBackgroundColor(color.White))}
	},
	".svg": func(w, h vg.Length) vg.CanvasWriterTo { return vgsvg.New(w, h) },
}

// Write renders the chart to path; the extension picks the format
// (.png or .svg).
func Write(path string, s *sweep.Sweep, r *knee.Result, opts Options) error {
	newCanvas, ok := canvases[strings.ToLower(filepath.Ext(path))]
	if !ok {
		return inputerr.Errorf(path, "-o", 0, "the chart format comes from the extension: use .png or .svg")
	}
	if r == nil || len(r.Points) == 0 {
		return fmt.Errorf("plot: nothing to draw")
	}
	top, bottom, err := panels(s, r, opts)
	if err != nil {
		return err
	}
	w, h := opts.Width, opts.Height
	if w == 0 {
		w = 22 * vg.Centimeter
	}
	if h == 0 {
		h = 20 * vg.Centimeter
	}
	canvas := newCanvas(w, h)
	dc := draw.New(canvas)
	tiles := draw.Tiles{Rows: 2, Cols: 1, PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2,
		PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 4, PadY: vg.Millimeter * 4}
	cs := gplot.Align([][]*gplot.Plot{{top}, {bottom}}, tiles, dc)
	top.Draw(cs[0][0])
	bottom.Draw(cs[1][0])
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

// xRange is the x axis: the measured levels and the knee, with a margin.
func xRange(r *knee.Result) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range r.Points {
		lo, hi = math.Min(lo, p.PerGPU), math.Max(hi, p.PerGPU)
	}
	bounds := []*float64{r.Knee.LowPerGPU, r.Knee.HighPerGPU}
	if r.Bound != nil {
		bounds = append(bounds, &r.Bound.PerGPU)
	}
	for _, v := range bounds {
		if v != nil && *v > 0 {
			lo, hi = math.Min(lo, *v), math.Max(hi, *v)
		}
	}
	return lo / 1.5, hi * 1.5
}

// panels are the two charts, throughput above and TTFT below, on one
// log2 x axis of the measured levels; the layers are drawn in order, the
// points last so nothing hides them.
func panels(s *sweep.Sweep, r *knee.Result, opts Options) (*gplot.Plot, *gplot.Plot, error) {
	xmin, xmax := xRange(r)
	stat := ttftStat(r)
	top, bottom := newPanels(r, stat, xmin, xmax)
	// y ranges first: bands and lines span them.
	top.Y.Min, top.Y.Max = 0, throughputTop(s, r, opts)*1.15
	lmin, lmax := ttftRange(r, opts, stat)
	bottom.Y.Min, bottom.Y.Max = lmin/2, lmax*2

	layers := []func() error{
		func() error { return addKnee(top, r, xmin, xmax, true) },
		func() error { return addKnee(bottom, r, xmin, xmax, false) },
		func() error { return addCurves(top, bottom, r, xmin, xmax) },
		func() error { return addRepeats(top, bottom, s, r) },
		func() error { return addFloors(top, bottom, opts, xmin, xmax) },
		func() error { return addGoodput(top, bottom, r, stat, xmin, xmax) },
		func() error { return addPoints(top, bottom, r, opts.Values) },
	}
	for _, add := range layers {
		if err := add(); err != nil {
			return nil, nil, err
		}
	}
	top.Legend.Top = true
	top.Legend.Left = true
	top.Legend.TextStyle.Font.Size = vg.Points(8)
	top.Legend.Padding = vg.Millimeter * 0.6
	top.Add(legendBackdrop{}) // last: over the data, under the legend
	return top, bottom, nil
}

// ttftStat is the TTFT statistic the analysis compared (p99 by default).
func ttftStat(r *knee.Result) string {
	if r.TTFT != nil && r.TTFT.Stat != "" {
		return r.TTFT.Stat
	}
	return "p99"
}

// newPanels are the two empty charts with their titles, labels, grids and
// axes.
func newPanels(r *knee.Result, stat string, xmin, xmax float64) (top, bottom *gplot.Plot) {
	xlabel := "requests in flight per GPU (log2 scale)"
	if r.Unit == "total" {
		xlabel = "requests in flight, whole node (log2 scale)"
	}
	top = gplot.New()
	top.Title.Text = title(r)
	top.Title.TextStyle.Font.Size = vg.Points(12)
	// Room under the two-line title: without it the descenders of its
	// second line touch the top of the plot area.
	top.Title.Padding = vg.Points(6)
	top.Y.Label.Text = "throughput, output tok/s (node)"
	top.X.Label.Text = xlabel
	bottom = gplot.New()
	bottom.Title.Text = fmt.Sprintf("time to first token %s, ms (log scale) — rising steeply = requests queue", stat)
	if !anyTTFT(r) {
		// A throughput-only sweep: say why the panel is empty.
		bottom.Title.Text = "time to first token: unknown — the inputs measured no TTFT (the knee rests on throughput alone)"
	}
	bottom.Title.TextStyle.Font.Size = vg.Points(10)
	bottom.Y.Label.Text = "TTFT " + stat + " ms"
	bottom.X.Label.Text = xlabel
	levels := make([]float64, 0, len(r.Points))
	for _, p := range r.Points {
		levels = append(levels, p.PerGPU)
	}
	for _, p := range []*gplot.Plot{top, bottom} {
		p.X.Scale = gplot.LogScale{}
		p.X.Tick.Marker = levelTicks{levels: levels}
		p.X.Min, p.X.Max = xmin, xmax
		p.Add(plotter.NewGrid())
	}
	bottom.Y.Scale = gplot.LogScale{}
	bottom.Y.Tick.Marker = decadeTicks{}
	return top, bottom
}

// throughputTop is the most throughput to show: any level, any repeat, the
// floor (1 when nothing is positive).
func throughputTop(s *sweep.Sweep, r *knee.Result, opts Options) float64 {
	tmax := 0.0
	for _, p := range r.Points {
		tmax = math.Max(tmax, p.ThroughputTokS)
	}
	for _, pt := range s.Points {
		tmax = math.Max(tmax, pt.ThroughputTokS)
	}
	if opts.ThroughputFloor != nil {
		tmax = math.Max(tmax, *opts.ThroughputFloor)
	}
	if tmax <= 0 {
		return 1
	}
	return tmax
}

// ttftRange spans every level's TTFT, the ceiling and a TTFT SLO on the
// same statistic (1 to 10 ms when none is known).
func ttftRange(r *knee.Result, opts Options, stat string) (lmin, lmax float64) {
	lmin, lmax = math.Inf(1), math.Inf(-1)
	span := func(v float64) { lmin, lmax = math.Min(lmin, v), math.Max(lmax, v) }
	for _, p := range r.Points {
		if p.TTFTMs != nil && *p.TTFTMs > 0 {
			span(*p.TTFTMs)
		}
	}
	if opts.TTFTCeiling != nil && *opts.TTFTCeiling > 0 {
		span(*opts.TTFTCeiling)
	}
	if r.SLO != nil {
		for _, t := range r.SLO.Targets {
			if t.Metric == "ttft_"+stat {
				span(t.LimitMs)
			}
		}
	}
	if math.IsInf(lmin, 1) {
		return 1, 10
	}
	return lmin, lmax
}

func title(r *knee.Result) string {
	head := report.Title(r)
	k := r.Knee
	u := knee.UnitOf(r)
	// The knee in knee's own phrase, so that the chart pasted next to the
	// tables of find and baseline tells the same story.
	kn := "knee " + k.Phrase(u)
	rec := "no recommended level"
	if r.RecommendedPerGPU != nil {
		rec = fmt.Sprintf("operating point %s%s", num(*r.RecommendedPerGPU), u)
	} else if r.CandidatePerGPU != nil {
		rec = fmt.Sprintf("no recommended level (candidate %s%s, unverified)", num(*r.CandidatePerGPU), u)
	}
	switch {
	case r.SLO == nil:
	case r.SLO.Binds == knee.BindsSLO:
		rec += " (the SLO binds)"
	default:
		rec += " (the knee binds)"
	}
	if head == "" {
		return kn + " · " + rec
	}
	return head + "\n" + kn + " · " + rec
}

// addKnee shades the knee interval and marks the recommended level.
func addKnee(p *gplot.Plot, r *knee.Result, xmin, xmax float64, legend bool) error {
	k := r.Knee
	if k.LowPerGPU != nil || k.HighPerGPU != nil {
		lo, hi := xmin, xmax
		if k.LowPerGPU != nil {
			lo = *k.LowPerGPU
		}
		if k.HighPerGPU != nil {
			hi = *k.HighPerGPU
		}
		band, err := box(lo, hi, p.Y.Min, p.Y.Max, kneeBand)
		if err != nil {
			return err
		}
		p.Add(band)
		if legend {
			p.Legend.Add("the knee lies in here", band)
		}
		if k.HighPerGPU != nil {
			past, err := box(hi, xmax, p.Y.Min, p.Y.Max, pastBand)
			if err != nil {
				return err
			}
			p.Add(past)
			if legend {
				p.Legend.Add("past the knee", past)
			}
		}
	}
	if r.RecommendedPerGPU != nil {
		l, err := vline(*r.RecommendedPerGPU, p.Y.Min, p.Y.Max)
		if err != nil {
			return err
		}
		l.LineStyle.Color = recommendC
		l.LineStyle.Width = vg.Points(1.5)
		l.LineStyle.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		p.Add(l)
		if legend {
			p.Legend.Add(fmt.Sprintf("operating point, the recommended level (%s)", num(*r.RecommendedPerGPU)), l)
		}
	}
	return addBound(p, r, legend)
}

func box(x0, x1, y0, y1 float64, c color.Color) (*plotter.Polygon, error) {
	b, err := plotter.NewPolygon(plotter.XYs{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}})
	if err != nil {
		return nil, err
	}
	b.Color = c
	b.LineStyle.Width = 0
	b.LineStyle.Color = color.Transparent
	return b, nil
}

func vline(x, y0, y1 float64) (*plotter.Line, error) {
	return plotter.NewLine(plotter.XYs{{X: x, Y: y0}, {X: x, Y: y1}})
}

// addCurves draws the fitted throughput curve and TTFT hinge, or, when
// nothing was fitted, thin lines joining the valid measured levels.
func addCurves(top, bottom *gplot.Plot, r *knee.Result, xmin, xmax float64) error {
	// The fitted curves where there are some, else the measured levels
	// joined by a dashed line.
	thr, fitted := sampleCurve(r.Fit.Throughput, xmin, xmax, func(y float64) (float64, bool) {
		return math.Min(y, top.Y.Max), y >= 0 && !math.IsNaN(y)
	})
	ttft, hinge := sampleCurve(r.TTFT.TTFT, xmin, xmax, func(y float64) (float64, bool) {
		return math.Max(math.Min(y, bottom.Y.Max), bottom.Y.Min), y > 0
	})
	for _, p := range r.Points {
		if p.Verdict == knee.VerdictInvalid {
			continue
		}
		if !fitted {
			thr = append(thr, plotter.XY{X: p.PerGPU, Y: p.ThroughputTokS})
		}
		if !hinge && p.TTFTMs != nil && *p.TTFTMs > 0 {
			ttft = append(ttft, plotter.XY{X: p.PerGPU, Y: *p.TTFTMs})
		}
	}
	if len(thr) > 1 {
		l, err := curveLine(thr, fitted)
		if err != nil {
			return err
		}
		if fitted {
			top.Legend.Add(fmt.Sprintf("fitted curve (%s)", r.Fit.Chosen), l)
		} else {
			top.Legend.Add("measured levels joined (too few to fit)", l)
		}
		top.Add(l)
	}
	if len(ttft) > 1 {
		l, err := curveLine(ttft, hinge)
		if err != nil {
			return err
		}
		bottom.Add(l)
	}
	return nil
}

// sampleCurve samples a fitted curve at 201 points evenly spaced on the
// log axis, keeping the values clip accepts as it clips them; ok is false
// when there is no fitted curve.
func sampleCurve(curve func(float64) (float64, bool), xmin, xmax float64, clip func(float64) (float64, bool)) (plotter.XYs, bool) {
	if _, ok := curve(1); !ok {
		return nil, false
	}
	var xys plotter.XYs
	for i := 0; i <= 200; i++ {
		x := xmin * math.Pow(xmax/xmin, float64(i)/200)
		y, _ := curve(x)
		if v, keep := clip(y); keep {
			xys = append(xys, plotter.XY{X: x, Y: v})
		}
	}
	return xys, true
}

// curveLine draws a curve: solid when fitted, dashed when it only joins
// the measured levels.
func curveLine(xys plotter.XYs, fitted bool) (*plotter.Line, error) {
	l, err := plotter.NewLine(xys)
	if err != nil {
		return nil, err
	}
	l.LineStyle.Color = curveColor
	l.LineStyle.Width = vg.Points(1.2)
	if !fitted {
		l.LineStyle.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
	}
	return l, nil
}

// addRepeats draws individual repeats as small grey dots behind the level
// marks, so a noisy level (one stalled run) is visible as such.
func addRepeats(top, bottom *gplot.Plot, s *sweep.Sweep, r *knee.Result) error {
	if s == nil {
		return nil
	}
	count := map[float64]int{}
	for _, pt := range s.Points {
		count[xOf(pt, r)]++
	}
	var thr, ttft plotter.XYs
	stat := ""
	if r.TTFT != nil {
		stat = r.TTFT.Stat
	}
	for _, pt := range s.Points {
		x := xOf(pt, r)
		if count[x] < 2 {
			continue
		}
		thr = append(thr, plotter.XY{X: x, Y: pt.ThroughputTokS})
		if v := ttftOf(pt.TTFT, stat); v > 0 {
			ttft = append(ttft, plotter.XY{X: x, Y: v})
		}
	}
	for _, d := range []struct {
		p   *gplot.Plot
		xys plotter.XYs
	}{{top, thr}, {bottom, ttft}} {
		if len(d.xys) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(d.xys)
		if err != nil {
			return err
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: repeatColor, Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
		d.p.Add(sc)
		if d.p == top {
			top.Legend.Add("single repeat", sc)
		}
	}
	return nil
}

func xOf(pt sweep.Point, r *knee.Result) float64 {
	switch {
	case r.Unit == "total":
		return pt.Concurrency
	case pt.PerGPU == nil && r.Sweep.GPUs > 0:
		return pt.Concurrency / float64(r.Sweep.GPUs)
	}
	return pt.Level()
}

func ttftOf(d sweep.Dist, stat string) float64 {
	var v *float64
	switch stat {
	case "p99":
		v = d.P99
	case "p50":
		v = d.P50
	case "mean":
		v = d.Mean
	}
	if v == nil {
		return 0
	}
	return *v
}

func addFloors(top, bottom *gplot.Plot, opts Options, xmin, xmax float64) error {
	for _, f := range []struct {
		p     *gplot.Plot
		v     *float64
		label string
	}{{top, opts.ThroughputFloor, "throughput floor"}, {bottom, opts.TTFTCeiling, "TTFT ceiling"}} {
		if f.v == nil {
			continue
		}
		l, err := plotter.NewLine(plotter.XYs{{X: xmin, Y: *f.v}, {X: xmax, Y: *f.v}})
		if err != nil {
			return err
		}
		l.LineStyle.Color = floorColor
		l.LineStyle.Width = vg.Points(1.2)
		l.LineStyle.Dashes = []vg.Length{vg.Points(8), vg.Points(3), vg.Points(2), vg.Points(3)}
		f.p.Add(l)
		top.Legend.Add(fmt.Sprintf("%s (%s)", f.label, num(*f.v)), l)
	}
	return nil
}

// addGoodput draws, when SLOs are stated, each level's goodput (output
// tok/s of the requests within every SLO) as a line with diamond marks on
// the throughput panel, and a TTFT SLO on the statistic the TTFT panel
// shows as a flat line there. A percentile-bound goodput is labelled "≥".
func addGoodput(top, bottom *gplot.Plot, r *knee.Result, stat string, xmin, xmax float64) error {
	if r.SLO == nil {
		return nil
	}
	var xys plotter.XYs
	bound := false
	for _, p := range r.Points {
		if g := p.Goodput; g != nil && g.TokS != nil {
			xys = append(xys, plotter.XY{X: p.PerGPU, Y: *g.TokS})
			bound = bound || g.Method == knee.GoodputPercentileBound
		}
	}
	if len(xys) > 0 {
		l, sc, err := plotter.NewLinePoints(xys)
		if err != nil {
			return err
		}
		l.LineStyle.Color = goodputC
		l.LineStyle.Width = vg.Points(1.2)
		l.LineStyle.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
		sc.GlyphStyle = draw.GlyphStyle{Color: goodputC, Radius: vg.Points(3), Shape: draw.PyramidGlyph{}}
		top.Add(l, sc)
		label := "goodput: tok/s of requests within every SLO"
		if bound {
			label = "goodput ≥: tok/s within every SLO (lower bound from percentiles)"
		}
		top.Legend.Add(label, l, sc)
	}
	for _, t := range r.SLO.Targets {
		if t.Metric != "ttft_"+stat {
			continue
		}
		l, err := plotter.NewLine(plotter.XYs{{X: xmin, Y: t.LimitMs}, {X: xmax, Y: t.LimitMs}})
		if err != nil {
			return err
		}
		l.LineStyle.Color = goodputC
		l.LineStyle.Width = vg.Points(1.2)
		l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
		bottom.Add(l)
		top.Legend.Add(fmt.Sprintf("SLO %s ≤ %s ms", t.Metric, num(t.LimitMs)), l)
	}
	return nil
}

// addPoints marks every level by its verdict and labels it with its level.
func addPoints(top, bottom *gplot.Plot, r *knee.Result, values bool) error {
	for _, v := range verdictOrder {
		st := verdictStyle[v]
		thr, ttft := verdictSeries(r, v, values)
		if len(thr.xys) == 0 {
			continue
		}
		for _, d := range []struct {
			p *gplot.Plot
			s series
		}{{top, thr}, {bottom, ttft}} {
			if len(d.s.xys) == 0 {
				continue
			}
			if err := addSeries(d.p, d.p == top, d.s, st); err != nil {
				return err
			}
		}
	}
	return nil
}

// series are the points of one verdict on one panel, with their labels.
type series struct {
	xys    plotter.XYs
	labels []string
}

// verdictSeries are the throughput and TTFT points of the levels with
// verdict v.
func verdictSeries(r *knee.Result, v knee.Verdict, values bool) (thr, ttft series) {
	for _, p := range r.Points {
		if p.Verdict != v {
			continue
		}
		lab := num(p.PerGPU)
		if p.Simulated {
			lab += " (simulated)"
		}
		// Levels closer than 15% on the log axis would print their
		// labels over each other: label the first of such a cluster.
		if n := len(thr.xys); n > 0 && p.PerGPU < thr.xys[n-1].X*1.15 {
			lab = ""
		}
		thr.xys = append(thr.xys, plotter.XY{X: p.PerGPU, Y: p.ThroughputTokS})
		thr.labels = append(thr.labels, valueLabel(lab, values, grouped(p.ThroughputTokS)))
		if p.TTFTMs != nil && *p.TTFTMs > 0 {
			ttft.xys = append(ttft.xys, plotter.XY{X: p.PerGPU, Y: *p.TTFTMs})
			ttft.labels = append(ttft.labels, valueLabel(lab, values, grouped(*p.TTFTMs)+" ms"))
		}
	}
	return thr, ttft
}

// addSeries draws one series' glyphs and labels on p, in the legend when
// p carries it.
func addSeries(p *gplot.Plot, legend bool, s series, st pointStyle) error {
	sc, err := plotter.NewScatter(s.xys)
	if err != nil {
		return err
	}
	sc.GlyphStyle = draw.GlyphStyle{Color: st.color, Radius: vg.Points(5), Shape: st.shape}
	p.Add(sc)
	if legend {
		p.Legend.Add(st.label, sc)
	}
	labels, err := plotter.NewLabels(plotter.XYLabels{XYs: s.xys, Labels: s.labels})
	if err != nil {
		return err
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].Font.Size = vg.Points(8)
		labels.TextStyle[i].Color = st.color
	}
	labels.Offset = vg.Point{X: vg.Points(7), Y: vg.Points(-3)}
	p.Add(labels)
	return nil
}

// legendBackdrop fills the legend's area with near-opaque white so its
// swatches read true over the shaded bands. The legend is drawn on the
// unpadded data area, hence the shift by the axis padding (top-left legend).
type legendBackdrop struct{}

func (legendBackdrop) Plot(c draw.Canvas, p *gplot.Plot) {
	// Only the size of Legend.Rectangle is used: gonum v0.17 places it on
	// the opposite side for Left legends.
	size := p.Legend.Rectangle(c).Size()
	m := vg.Points(2)
	minX := c.Min.X - p.X.Padding
	maxY := c.Max.Y + p.Y.Padding
	descent := p.Legend.TextStyle.FontExtents().Descent
	r := vg.Rectangle{Min: vg.Point{X: minX, Y: maxY - size.Y - descent - 2*m}, Max: vg.Point{X: minX + size.X + 3*m, Y: maxY - vg.Points(0.5)}}
	c.SetColor(color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xe6})
	c.Fill(r.Path())
}

// levelTicks puts a labelled tick at every measured level, so a reader
// finds 48 or 192 on the axis, not only powers of two; unmeasured powers of
// two get a plain tick. A label closer than 12% (on the log axis) to the
// previous one is left out rather than printed over it.
type levelTicks struct{ levels []float64 }

func (t levelTicks) Ticks(min, max float64) []gplot.Tick {
	if len(t.levels) == 0 {
		return log2Ticks(min, max)
	}
	ls := append([]float64(nil), t.levels...)
	sort.Float64s(ls)
	var out []gplot.Tick
	last := math.Inf(-1)
	for _, v := range ls {
		if v < min || v > max || v == last {
			continue
		}
		tk := gplot.Tick{Value: v}
		if math.IsInf(last, -1) || v >= last*1.12 {
			tk.Label = num(v)
			last = v
		}
		out = append(out, tk)
	}
	for e := math.Ceil(math.Log2(min)); e <= math.Floor(math.Log2(max)); e++ {
		if v := math.Pow(2, e); !containsValue(ls, v) {
			out = append(out, gplot.Tick{Value: v})
		}
	}
	return out
}

// log2Ticks labels powers of two (every other one when the range is wide).
func log2Ticks(min, max float64) []gplot.Tick {
	lo, hi := math.Floor(math.Log2(min)), math.Ceil(math.Log2(max))
	step := 1.0
	if hi-lo > 10 {
		step = 2
	}
	var out []gplot.Tick
	for e := lo; e <= hi; e++ {
		v := math.Pow(2, e)
		t := gplot.Tick{Value: v}
		if math.Mod(e-lo, step) == 0 {
			t.Label = num(v)
		}
		out = append(out, t)
	}
	return out
}

// decadeTicks labels 1, 2 and 5 × 10^k on a log axis (1 and 3 when it
// spans more than three decades), with plain ticks at the other integers
// of each decade: a TTFT of 700 ms is read off the axis, not guessed
// between 100 and 1000.
type decadeTicks struct{}

func (decadeTicks) Ticks(min, max float64) []gplot.Tick {
	if !(min > 0) || !(max > min) {
		return nil
	}
	labelled := map[int]bool{1: true, 2: true, 5: true}
	if math.Log10(max/min) > 3 {
		labelled = map[int]bool{1: true, 3: true}
	}
	var out []gplot.Tick
	for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
		base := math.Pow(10, e)
		for m := 1; m <= 9; m++ {
			v := float64(m) * base
			if v < min || v > max {
				continue
			}
			tk := gplot.Tick{Value: v}
			if labelled[m] {
				tk.Label = grouped(v)
			}
			out = append(out, tk)
		}
	}
	return out
}

func containsValue(vs []float64, v float64) bool {
	for _, x := range vs {
		if math.Abs(x-v) <= 1e-9*math.Max(1, v) {
			return true
		}
	}
	return false
}

func valueLabel(level string, values bool, value string) string {
	if !values || level == "" {
		return level
	}
	return level + ": " + value
}

// grouped writes a value as every table does (1,576; 33,320; 2.5).
func grouped(v float64) string { return numfmt.Group(v, -1) }

func num(v float64) string {
	switch {
	case v == math.Trunc(v) && math.Abs(v) < 1e15:
		return fmt.Sprintf("%d", int64(v))
	case math.Abs(v) >= 10:
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.2g", v)
}

// anyTTFT reports whether any level of the analysis has a TTFT value.
func anyTTFT(r *knee.Result) bool {
	for _, p := range r.Points {
		if p.TTFTMs != nil {
			return true
		}
	}
	return false
}
