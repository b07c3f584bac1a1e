package metrics

import (
	"fmt"
	"math"
	"sort"
	"strconv"
)

// gpuBounds are the values past which a DCGM reading is taken as broken,
// not measured: no GPU draws 10 kW, runs its SM at 100 GHz, or holds a
// petabyte of frame buffer. An energy counter of 1e18 mJ is 31 years at a
// megawatt. A value beyond them would overflow a sum into +Inf, which JSON
// cannot hold, and cost the level its point.json.
var gpuBounds = []struct {
	name   string
	field  func(g *GPUSample) **float64
	lo, hi float64
}{
	{"power_w", func(g *GPUSample) **float64 { return &g.PowerW }, 0, 1e4},
	{"energy_mj", func(g *GPUSample) **float64 { return &g.EnergyMJ }, 0, 1e18},
	{"power_limit_w", func(g *GPUSample) **float64 { return &g.PowerLimitW }, 0, 1e4},
	{"sm_active", func(g *GPUSample) **float64 { return &g.SMActive }, 0, 1},
	{"gpu_util", func(g *GPUSample) **float64 { return &g.GPUUtil }, 0, 100},
	{"fb_used_mib", func(g *GPUSample) **float64 { return &g.FBUsedMiB }, 0, 1e9},
	{"sm_clock_mhz", func(g *GPUSample) **float64 { return &g.SMClockMHz }, 0, 1e5},
	{"temp_c", func(g *GPUSample) **float64 { return &g.TempC }, -100, 1000},
	{"clock_events", func(g *GPUSample) **float64 { return &g.ClockEvents }, 0, 1 << 53},
}

// sanitizeGPUs drops every absurd GPU reading from the samples (not
// finite, or outside the bounds above) and returns one note per kind of
// value dropped: what, how often, the first value. A dropped value is
// unknown.
func sanitizeGPUs(samples []Snapshot) []string {
	type drop struct {
		n     int
		first float64
	}
	drops := map[string]*drop{}
	for i := range samples {
		for j := range samples[i].GPUs {
			g := &samples[i].GPUs[j]
			for _, b := range gpuBounds {
				v := b.field(g)
				if *v == nil {
					continue
				}
				if x := **v; finite(x) && x >= b.lo && x <= b.hi {
					continue
				}
				d := drops[b.name]
				if d == nil {
					d = &drop{first: **v}
					drops[b.name] = d
				}
				d.n++
				*v = nil
			}
		}
	}
	names := make([]string, 0, len(drops))
	for n := range drops {
		names = append(names, n)
	}
	sort.Strings(names)
	var notes []string
	for _, n := range names {
		d := drops[n]
		why := "outside any real GPU's range"
		if math.IsNaN(d.first) || math.IsInf(d.first, 0) {
			why = "not a finite number"
		}
		notes = append(notes, fmt.Sprintf("%s dropped from %d GPU reading(s) (first %s: %s)", n, d.n, strconv.FormatFloat(d.first, 'g', 4, 64), why))
	}
	return notes
}
