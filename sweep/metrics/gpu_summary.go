package metrics

import (
	"math"
	"sort"
	"time"

	"gonum.org/v1/gonum/floats"

	"github.com/kneetool/knee/sweep"
)

// clockEventNames are the NVML clock event reason bits
// (nvmlClocksEventReason*) as the DCGM exporter reports them.
var clockEventNames = []struct {
	bit  uint64
	name string
}{
	{0x1, "gpu_idle"}, {0x2, "applications_clocks_setting"}, {0x4, "sw_power_cap"},
	{0x8, "hw_slowdown"}, {0x10, "sync_boost"}, {0x20, "sw_thermal_slowdown"},
	{0x40, "hw_thermal_slowdown"}, {0x80, "hw_power_brake_slowdown"}, {0x100, "display_clock_setting"},
}

// powerCapBits are the reasons that say the power limit lowered the clocks.
const powerCapBits = 0x4 | 0x80

// idleBit is gpu_idle: nothing ran on the GPU.
const idleBit = 0x1

// SummarizeGPUs reduces a level's samples to each GPU's figures and the
// energy of the window. It returns nil when no sample describes a GPU.
func SummarizeGPUs(samples []Snapshot, sources []string) *sweep.GPUTelemetry {
	series, order, n := gpuSeries(samples)
	if len(order) == 0 {
		return nil
	}
	t := &sweep.GPUTelemetry{Samples: n, Sources: sources, GPUs: []sweep.GPUStats{}}
	counterAll := true
	total, totalPower := 0.0, 0.0
	first, last := windowOf(samples)
	t.WindowS = last.Sub(first).Seconds()
	for _, k := range order {
		st, energy, fromCounter := summarizeGPU(series[k])
		t.GPUs = append(t.GPUs, st)
		counterAll = counterAll && fromCounter
		if energy == nil {
			total = math.NaN()
		} else {
			total += *energy
		}
		if st.PowerMeanW != nil {
			totalPower += *st.PowerMeanW
		}
	}
	if finite(total) && t.WindowS > 0 {
		t.EnergyJ = ptr(total)
		t.PowerW = ptr(total / t.WindowS)
		t.EnergyFrom = "power_integral"
		if counterAll {
			t.EnergyFrom = "counter"
		}
	} else if totalPower > 0 {
		t.PowerW = ptr(totalPower)
	}
	return t
}

// timedGPU is one GPU's reading at one scrape's time.
type timedGPU struct {
	at float64 // seconds since the first scrape
	g  GPUSample
}

// gpuSeries groups the samples' GPUs by GPU, in order of first appearance,
// and counts the scrapes that described any GPU.
func gpuSeries(samples []Snapshot) (map[string][]timedGPU, []string, int) {
	series := map[string][]timedGPU{}
	var order []string
	n := 0
	first, _ := windowOf(samples)
	for _, s := range samples {
		if len(s.GPUs) == 0 {
			continue
		}
		n++
		for _, g := range s.GPUs {
			k := g.UUID
			if k == "" {
				k = g.Host + "/" + g.GPU
			}
			if _, ok := series[k]; !ok {
				order = append(order, k)
			}
			series[k] = append(series[k], timedGPU{at: s.At.Sub(first).Seconds(), g: g})
		}
	}
	return series, order, n
}

// summarizeGPU is one GPU's figures, its energy in J (nil when neither
// the counter nor two power readings give it) and whether the counter did.
func summarizeGPU(ts []timedGPU) (sweep.GPUStats, *float64, bool) {
	g := ts[len(ts)-1].g
	st := sweep.GPUStats{GPU: g.GPU, UUID: g.UUID, Model: g.Model, Host: g.Host}
	get := func(f func(GPUSample) *float64) []float64 {
		var vs []float64
		for _, x := range ts {
			if v := f(x.g); v != nil {
				vs = append(vs, *v)
			}
		}
		return vs
	}
	st.PowerMeanW, st.PowerMaxW = meanOf(get(func(s GPUSample) *float64 { return s.PowerW })), maxOf(get(func(s GPUSample) *float64 { return s.PowerW }))
	if l := get(func(s GPUSample) *float64 { return s.PowerLimitW }); len(l) > 0 {
		st.PowerLimitW = ptr(l[len(l)-1])
	}
	st.SMActiveMean = meanOf(get(func(s GPUSample) *float64 { return s.SMActive }))
	st.GPUUtilMean = meanOf(get(func(s GPUSample) *float64 { return s.GPUUtil }))
	st.MemUsedMaxMiB = maxOf(get(func(s GPUSample) *float64 { return s.FBUsedMiB }))
	st.TempMaxC = maxOf(get(func(s GPUSample) *float64 { return s.TempC }))
	clocks := get(func(s GPUSample) *float64 { return s.SMClockMHz })
	st.SMClockMeanMHz = meanOf(clocks)
	st.SMClockMinMHz = minOf(clocks)
	st.ClockEvents, st.PowerCappedSamples, st.ReasonSamples = clockEvents(get(func(s GPUSample) *float64 { return s.ClockEvents }))
	energy, fromCounter := gpuEnergy(ts)
	if energy != nil {
		st.EnergyJ = ptr(*energy)
	}
	return st, energy, fromCounter
}

// gpuEnergy is the counter's increase in J (a reset counts what
// accumulated after it), else power integrated by the trapezoid rule.
func gpuEnergy(ts []timedGPU) (*float64, bool) {
	var counter []Snapshot
	for _, x := range ts {
		if x.g.EnergyMJ != nil {
			counter = append(counter, Snapshot{Running: x.g.EnergyMJ})
		}
	}
	if len(counter) >= 2 {
		inc := counterIncrease(counter, func(s Snapshot) *float64 { return s.Running })
		return ptr(*inc / 1000), true
	}
	var prevAt, prevP float64
	havePrev, integral, any := false, 0.0, false
	for _, x := range ts {
		if x.g.PowerW == nil {
			continue
		}
		if havePrev {
			integral += (x.at - prevAt) * (prevP + *x.g.PowerW) / 2
			any = true
		}
		prevAt, prevP, havePrev = x.at, *x.g.PowerW, true
	}
	if !any {
		return nil, false
	}
	return ptr(integral), false
}

// clockEvents names every reason bit seen, and counts the samples with a
// power-capping bit and those that read reasons while the GPU was not idle
// (the level's start and end often catch it idle).
func clockEvents(masks []float64) ([]string, int, int) {
	var seen uint64
	capped, busy := 0, 0
	for _, m := range masks {
		b := uint64(m)
		seen |= b
		if b&powerCapBits != 0 {
			capped++
		}
		if b&idleBit == 0 {
			busy++
		}
	}
	var names []string
	for _, e := range clockEventNames {
		if seen&e.bit != 0 {
			names = append(names, e.name)
		}
	}
	sort.Strings(names)
	return names, capped, busy
}

// windowOf is the times of the first and last scrapes that described a
// GPU: the window the energy is measured over.
func windowOf(samples []Snapshot) (first, last time.Time) {
	for _, s := range samples {
		if len(s.GPUs) == 0 {
			continue
		}
		if first.IsZero() {
			first = s.At
		}
		last = s.At
	}
	return first, last
}

func meanOf(vs []float64) *float64 {
	if len(vs) == 0 {
		return nil
	}
	return ptr(floats.Sum(vs) / float64(len(vs)))
}

func maxOf(vs []float64) *float64 {
	if len(vs) == 0 {
		return nil
	}
	return ptr(floats.Max(vs))
}

func minOf(vs []float64) *float64 {
	if len(vs) == 0 {
		return nil
	}
	return ptr(floats.Min(vs))
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
