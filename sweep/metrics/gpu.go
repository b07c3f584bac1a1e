package metrics

import (
	dto "github.com/prometheus/client_model/go"
)

// GPUSample is one GPU's DCGM exporter readings in one scrape, in the
// exporter's units. A nil field is a series the exporter did not serve.
type GPUSample struct {
	GPU   string `json:"gpu"`
	UUID  string `json:"uuid,omitempty"`
	Model string `json:"model,omitempty"`
	Host  string `json:"host,omitempty"`
	// Pod and Namespace are the pod the exporter maps the GPU to (its
	// Kubernetes mapping labels pod and namespace; pod_name and
	// pod_namespace before DCGM exporter 2.x), "" when none.
	Pod       string `json:"pod,omitempty"`
	Namespace string `json:"namespace,omitempty"`

	PowerW      *float64 `json:"power_w,omitempty"`
	EnergyMJ    *float64 `json:"energy_mj,omitempty"`
	PowerLimitW *float64 `json:"power_limit_w,omitempty"`
	SMActive    *float64 `json:"sm_active,omitempty"`
	GPUUtil     *float64 `json:"gpu_util,omitempty"`
	FBUsedMiB   *float64 `json:"fb_used_mib,omitempty"`
	SMClockMHz  *float64 `json:"sm_clock_mhz,omitempty"`
	TempC       *float64 `json:"temp_c,omitempty"`
	ClockEvents *float64 `json:"clock_events,omitempty"`
}

// dcgmFields are the DCGM exporter's series knee reads, as its default
// counters file (etc/default-counters.csv) and the GPU test bed
// (../shared/testbed/cbserve.py, from NVML) name them. Units are DCGM's:
// power in W, energy in mJ (a counter since the driver loaded), memory in
// MiB, clocks in MHz, temperature in °C, utilisation in %, SM activity a
// ratio, clock event reasons a bit mask. Where two names exist the first
// is the newer: DCGM 3.3 renamed CLOCK_THROTTLE_REASONS to
// CLOCKS_EVENT_REASONS, and the enforced limit is the one that binds.
var dcgmFields = []struct {
	names []string
	dst   func(g *GPUSample) **float64
}{
	{[]string{"DCGM_FI_DEV_POWER_USAGE"}, func(g *GPUSample) **float64 { return &g.PowerW }},
	{[]string{"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"}, func(g *GPUSample) **float64 { return &g.EnergyMJ }},
	{[]string{"DCGM_FI_DEV_ENFORCED_POWER_LIMIT", "DCGM_FI_DEV_POWER_MGMT_LIMIT"}, func(g *GPUSample) **float64 { return &g.PowerLimitW }},
	{[]string{"DCGM_FI_PROF_SM_ACTIVE"}, func(g *GPUSample) **float64 { return &g.SMActive }},
	{[]string{"DCGM_FI_DEV_GPU_UTIL"}, func(g *GPUSample) **float64 { return &g.GPUUtil }},
	{[]string{"DCGM_FI_DEV_FB_USED"}, func(g *GPUSample) **float64 { return &g.FBUsedMiB }},
	{[]string{"DCGM_FI_DEV_SM_CLOCK"}, func(g *GPUSample) **float64 { return &g.SMClockMHz }},
	{[]string{"DCGM_FI_DEV_GPU_TEMP"}, func(g *GPUSample) **float64 { return &g.TempC }},
	{[]string{"DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"}, func(g *GPUSample) **float64 { return &g.ClockEvents }},
}

// PowerName is the series that tells a DCGM exporter apart: every
// exporter configuration serves it.
const PowerName = "DCGM_FI_DEV_POWER_USAGE"

// gpusOf reads every GPU the exposition describes, one GPUSample per GPU
// (keyed by its UUID label, else host and gpu index), in the order they
// first appear. An exposition with no DCGM series gives none.
func gpusOf(fams map[string]*dto.MetricFamily) []GPUSample {
	var out []GPUSample
	index := map[string]int{}
	for _, f := range dcgmFields {
		fam := firstFamily(fams, f.names)
		if fam == nil {
			continue
		}
		for _, m := range fam.GetMetric() {
			g := gpuLabels(m)
			k := g.UUID
			if k == "" {
				k = g.Host + "/" + g.GPU
			}
			i, ok := index[k]
			if !ok {
				i = len(out)
				index[k] = i
				out = append(out, g)
			}
			if dst := f.dst(&out[i]); *dst == nil {
				*dst = ptr(value(m))
			}
		}
	}
	return out
}

func firstFamily(fams map[string]*dto.MetricFamily, names []string) *dto.MetricFamily {
	for _, n := range names {
		if f, ok := fams[n]; ok && len(f.GetMetric()) > 0 {
			return f
		}
	}
	return nil
}

// gpuLabels reads the exporter's labels that name the GPU.
func gpuLabels(m *dto.Metric) GPUSample {
	var g GPUSample
	for _, l := range m.GetLabel() {
		switch l.GetName() {
		case "gpu":
			g.GPU = l.GetValue()
		case "UUID":
			g.UUID = l.GetValue()
		case "modelName":
			g.Model = l.GetValue()
		case "Hostname":
			g.Host = l.GetValue()
		case "pod", "pod_name":
			g.Pod = l.GetValue()
		case "namespace", "pod_namespace":
			g.Namespace = l.GetValue()
		}
	}
	return g
}
