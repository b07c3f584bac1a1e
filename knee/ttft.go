package knee

import (
	"math"

	"gonum.org/v1/gonum/optimize"
)

// hingeFit is TTFT(N) = T0 + s·max(0, N − Nh): flat while the server keeps
// up, then rising linearly, as Little's law predicts once requests queue
// (each extra request in flight waits about one service time, 1/rate).
type hingeFit struct {
	t0, slope, nh float64 // real units: ms, ms per request (analysis units), N
}

func (h *hingeFit) eval(n float64) float64 { return h.t0 + h.slope*math.Max(0, n-h.nh) }

// fitHinge fits the hinge to (x, t) with Nelder–Mead on log residuals
// (TTFT spans orders of magnitude past a cliff). It needs four points with
// known TTFT; nil otherwise or when the fit fails.
func fitHinge(x, t []float64) *hingeFit {
	if len(x) < 4 {
		return nil
	}
	if len(x) > maxFitLevels {
		// As for the throughput curves (fitknee.go): the fit's cost is
		// linear in its points, and three parameters need few of them.
		keep := spread(len(x), maxFitLevels)
		tx, tt := make([]float64, len(keep)), make([]float64, len(keep))
		for k, i := range keep {
			tx[k], tt[k] = x[i], t[i]
		}
		x, t = tx, tt
	}
	sN, sT := x[len(x)-1], maxOf(t)
	if !(sN > 0) || !(sT > 0) {
		return nil
	}
	u := make([]float64, len(x))
	y := make([]float64, len(x))
	logY := make([]float64, len(x)) // the objective's logs of the data, taken once
	for i := range x {
		u[i], y[i] = x[i]/sN, t[i]/sT
		if !(y[i] > 0) {
			return nil
		}
		logY[i] = math.Log(y[i])
	}
	best := minimizeHinge(u, y, logY)
	if best == nil {
		return nil
	}
	h := &hingeFit{t0: math.Exp(best[0]) * sT, slope: math.Exp(best[1]) * sT / sN, nh: math.Exp(best[2]) * sN}
	if !finite(h.t0) || !finite(h.slope) || !finite(h.nh) {
		return nil
	}
	return h
}

// minimizeHinge fits log t0, log s and log u_h on the scaled data (u, y)
// from three starting corners and keeps the best; nil when none converges.
func minimizeHinge(u, y, logY []float64) []float64 {
	obj := func(p []float64) float64 {
		for _, v := range p {
			if math.Abs(v) > 60 {
				return 1e12
			}
		}
		t0, s, uh := math.Exp(p[0]), math.Exp(p[1]), math.Exp(p[2])
		var r2 float64
		for i := range u {
			r := logY[i] - math.Log(t0+s*math.Max(0, u[i]-uh))
			r2 += r * r
		}
		return r2
	}
	ymin := y[0]
	for _, v := range y {
		ymin = math.Min(ymin, v)
	}
	best, bestF := []float64(nil), math.Inf(1)
	for _, uh := range []float64{u[len(u)/2], u[len(u)-2], u[1]} {
		s := math.Max((1-ymin)/math.Max(1-uh, 1e-3), 1e-3)
		res, err := optimize.Minimize(optimize.Problem{Func: obj}, []float64{math.Log(ymin), math.Log(s), math.Log(uh)},
			&optimize.Settings{FuncEvaluations: 3000, Converger: &optimize.FunctionConverge{Absolute: 1e-12, Relative: 1e-10, Iterations: 80}},
			&optimize.NelderMead{})
		if res == nil || (err != nil && res.F >= 1e12) {
			continue
		}
		if res.F < bestF {
			best, bestF = res.X, res.F
		}
	}
	return best
}
