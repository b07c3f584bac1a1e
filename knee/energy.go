package knee

import (
	"fmt"
	"math"

	"github.com/kneetool/knee/sweep"
)

// energyFigures sets a level's energy and cost figures: the mean over its
// repeats of each figure the repeats carry (sweep.DeriveEnergy filled them
// from the GPUs' telemetry); a figure no repeat carries stays absent, so
// output without telemetry is unchanged.
func energyFigures(l *levelEval, p *PointResult) {
	mean := func(get func(sweep.Point) *float64) *float64 {
		t, n := 0.0, 0
		for _, q := range l.points {
			if v := get(q); v != nil && finite(*v) {
				t += *v
				n++
			}
		}
		if n == 0 {
			return nil
		}
		return ptr(round6(t / float64(n)))
	}
	p.GPUPowerW = mean(func(q sweep.Point) *float64 { return q.GPUPowerW })
	p.TokensPerJoule = mean(func(q sweep.Point) *float64 { return q.TokensPerJoule })
	p.JoulesPerRequest = mean(func(q sweep.Point) *float64 { return q.JoulesPerRequest })
	p.USDPerMTok = mean(func(q sweep.Point) *float64 { return q.USDPerMTok })
}

// Thresholds of the power-cap rule: a GPU sits at its limit when its peak
// power reaches 98% of it (the limit is enforced on a ~100 ms average, so
// a capped GPU reads just under it) and a capping clock event reason
// (sw_power_cap, hw_power_brake) is set in at least half the samples that
// caught it busy.
const (
	powerCapShare    = 0.98
	powerCapReasons  = 0.5
	powerCapMinBusy  = 1
	powerCapFallback = 0.95 // mean power share of the limit, where no reasons are exported
)

// powerCap is the limit sentence's power clause for a level ("power cap:
// 700 W of 700 W, clocks throttled"), "" when no GPU sat at its limit or
// no telemetry was sampled. Without clock event reasons the clause says
// only that the power sat at the limit.
func powerCap(l *levelEval) string {
	t := sampledGPU(l)
	if t == nil {
		return ""
	}
	capped, throttled, peak, limit := 0, 0, 0.0, 0.0
	for _, g := range t.GPUs {
		if g.PowerLimitW == nil || g.PowerMaxW == nil || *g.PowerLimitW <= 0 {
			continue
		}
		reasons := g.ReasonSamples >= powerCapMinBusy && float64(g.PowerCappedSamples) >= powerCapReasons*float64(g.ReasonSamples)
		atLimit := *g.PowerMaxW >= powerCapShare**g.PowerLimitW
		if g.ReasonSamples == 0 && g.PowerMeanW != nil {
			atLimit = *g.PowerMeanW >= powerCapFallback**g.PowerLimitW
		}
		if !atLimit {
			continue
		}
		capped++
		if reasons {
			throttled++
		}
		peak, limit = math.Max(peak, *g.PowerMaxW), math.Max(limit, *g.PowerLimitW)
	}
	if capped == 0 {
		return ""
	}
	s := fmt.Sprintf("power cap: %s W of %s W", thousands(peak), thousands(limit))
	if capped < len(t.GPUs) {
		s = fmt.Sprintf("power cap on %d of %d GPUs: %s W of %s W", capped, len(t.GPUs), thousands(peak), thousands(limit))
	}
	if throttled > 0 {
		s += ", clocks throttled"
	}
	return s
}

// sampledGPU is the GPU telemetry of the level's first repeat that has it.
func sampledGPU(l *levelEval) *sweep.GPUTelemetry {
	for _, p := range l.points {
		if p.GPU != nil && len(p.GPU.GPUs) > 0 {
			return p.GPU
		}
	}
	return nil
}
