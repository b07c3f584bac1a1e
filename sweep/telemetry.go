package sweep

// GPUTelemetry summarises the GPUs' own telemetry (the NVIDIA DCGM
// exporter's series) sampled during one level. Every field is optional: an
// exporter exports what it is configured to, and a missing series is
// unknown, not zero.
type GPUTelemetry struct {
	// Samples is how many scrapes succeeded during the level.
	Samples int `json:"samples"`
	// WindowS is the time from the first sample to the last, in seconds:
	// the window the energy is measured over.
	WindowS float64 `json:"window_s"`
	// EnergyJ is the energy all GPUs drew in the window, in J.
	EnergyJ *float64 `json:"energy_j,omitempty"`
	// EnergyFrom says how: "counter" (the increase of
	// DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION) or "power_integral" (power
	// integrated over the samples, where no GPU exports the counter).
	EnergyFrom string `json:"energy_from,omitempty"`
	// PowerW is the GPUs' mean total power over the window, in W.
	PowerW *float64 `json:"power_w,omitempty"`
	// GPUs are the per-GPU figures, in the exporters' order.
	GPUs []GPUStats `json:"gpus"`
	// Sources are the telemetry URLs scraped (credentials redacted).
	Sources []string `json:"sources,omitempty"`
	// Dropped says which absurd values were left out, and why.
	Dropped []string `json:"dropped,omitempty"`
	// USDPerGPUHour is the price the level's usd_per_mtok was computed at.
	USDPerGPUHour *float64 `json:"usd_per_gpu_hour,omitempty"`
}

// GPUStats is one GPU's telemetry over a level.
type GPUStats struct {
	// GPU is the exporter's gpu label (the index on its node); UUID and
	// Model its UUID and modelName labels; Host its Hostname label.
	GPU   string `json:"gpu"`
	UUID  string `json:"uuid,omitempty"`
	Model string `json:"model,omitempty"`
	Host  string `json:"host,omitempty"`
	// PowerMeanW and PowerMaxW are DCGM_FI_DEV_POWER_USAGE over the samples.
	PowerMeanW *float64 `json:"power_mean_w,omitempty"`
	PowerMaxW  *float64 `json:"power_max_w,omitempty"`
	// EnergyJ is this GPU's energy in the window (see GPUTelemetry.EnergyFrom).
	EnergyJ *float64 `json:"energy_j,omitempty"`
	// PowerLimitW is DCGM_FI_DEV_POWER_MGMT_LIMIT (its last value).
	PowerLimitW *float64 `json:"power_limit_w,omitempty"`
	// SMActiveMean is DCGM_FI_PROF_SM_ACTIVE (0…1); GPUUtilMean is
	// DCGM_FI_DEV_GPU_UTIL (%), the coarser figure every GPU exports.
	SMActiveMean *float64 `json:"sm_active_mean,omitempty"`
	GPUUtilMean  *float64 `json:"gpu_util_mean,omitempty"`
	// MemUsedMaxMiB is DCGM_FI_DEV_FB_USED at its peak, in MiB.
	MemUsedMaxMiB *float64 `json:"mem_used_max_mib,omitempty"`
	// TempMaxC is DCGM_FI_DEV_GPU_TEMP at its peak, in °C.
	TempMaxC *float64 `json:"temp_max_c,omitempty"`
	// SMClockMeanMHz and SMClockMinMHz are DCGM_FI_DEV_SM_CLOCK.
	SMClockMeanMHz *float64 `json:"sm_clock_mean_mhz,omitempty"`
	SMClockMinMHz  *float64 `json:"sm_clock_min_mhz,omitempty"`
	// ClockEvents names every clock event (throttle) reason seen in a sample
	// (DCGM_FI_DEV_CLOCKS_EVENT_REASONS, formerly CLOCK_THROTTLE_REASONS).
	ClockEvents []string `json:"clock_events,omitempty"`
	// PowerCappedSamples counts the samples with a power-capping reason set
	// (sw_power_cap or hw_power_brake), of ReasonSamples that read the
	// reasons while the GPU was not idle.
	PowerCappedSamples int `json:"power_capped_samples,omitempty"`
	ReasonSamples      int `json:"reason_samples,omitempty"`
}

// DeriveEnergy fills the point's energy and cost figures from its GPU
// telemetry (p.GPU) and throughput: gpu_power_w (mean per GPU),
// tokens_per_joule (throughput ÷ the GPUs' mean total power in the
// window, i.e. the window's output tokens ÷ its energy), joules_per_request
// and, with a price per GPU hour > 0 and a known GPU count,
// usd_per_mtok = price × GPUs × seconds ÷ tokens × 10⁶. A figure whose
// inputs are unknown stays nil; nothing is guessed.
func DeriveEnergy(p *Point, gpus int, usdPerGPUHour float64) {
	if t := p.GPU; t != nil {
		sum, n := 0.0, 0
		for _, g := range t.GPUs {
			if g.PowerMeanW != nil {
				sum += *g.PowerMeanW
				n++
			}
		}
		switch {
		case t.EnergyJ != nil && t.PowerW != nil && len(t.GPUs) > 0:
			// The window's energy over its length: the mean however few
			// samples a short level got.
			p.GPUPowerW = F(*t.PowerW / float64(len(t.GPUs)))
		case n > 0:
			p.GPUPowerW = F(sum / float64(n))
		}
		if t.PowerW != nil && *t.PowerW > 0 {
			p.TokensPerJoule = F(p.ThroughputTokS / *t.PowerW)
			if rate := requestRate(p); rate > 0 {
				p.JoulesPerRequest = F(*t.PowerW / rate)
			}
		}
	}
	if usdPerGPUHour > 0 && gpus > 0 && p.ThroughputTokS > 0 {
		p.USDPerMTok = F(usdPerGPUHour * float64(gpus) / 3600 / p.ThroughputTokS * 1e6)
		if p.GPU != nil {
			p.GPU.USDPerGPUHour = F(usdPerGPUHour)
		}
	}
}

// requestRate is the point's successful requests per second, 0 unknown.
func requestRate(p *Point) float64 {
	if p.RequestRate != nil {
		return *p.RequestRate
	}
	if p.Requests != nil && p.DurationS != nil && *p.DurationS > 0 {
		return float64(*p.Requests) / *p.DurationS
	}
	return 0
}
