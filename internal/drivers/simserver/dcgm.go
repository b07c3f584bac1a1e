package simserver

import (
	"fmt"
	"math"
	"strconv"
)

// Clock event reason bits as NVML and the DCGM exporter report them
// (nvmlClocksEventReason*): GPU idle, and the software power cap.
const (
	clocksEventIdle       = 0x1
	clocksEventSWPowerCap = 0x4
)

// simSMClockMHz is the simulated GPUs' SM clock when nothing throttles it.
const simSMClockMHz = 1980

// dcgm writes each simulated GPU's telemetry under the NVIDIA DCGM
// exporter's names, units and labels (gpu, UUID, device, modelName,
// Hostname), as the GPU Operator's dcgm-exporter serves them: power in W,
// the energy counter in mJ, the power limit in W, utilisation in %, frame
// buffer in MiB, SM clock in MHz, temperature in °C and the clock event
// reasons as a bit mask. Every value follows from the power model
// (power.go) and the engine's batch: nothing is measured.
func (m *metricsText) dcgm(c Config, engines []engineStats) {
	// The bytes a simulated KV block takes, for a frame-buffer figure that
	// grows with the cache in use: 16 tokens × 128 KiB per token (an
	// 8B-class model in bf16), plus 16 GiB of weights.
	const weightsMiB, blockMiB = 16384, 2
	type field struct {
		name, help, typ string
		value           func(e engineStats) string
	}
	fields := []field{
		{"DCGM_FI_DEV_POWER_USAGE", "Power draw (in W).", "gauge",
			func(e engineStats) string { return num(c.powerAt(e.running)) }},
		{"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "Total energy consumption since boot (in mJ).", "counter",
			func(e engineStats) string { return strconv.FormatInt(int64(math.Round(e.joules*1000)), 10) }},
		{"DCGM_FI_DEV_POWER_MGMT_LIMIT", "Power management limit (in W).", "gauge",
			func(engineStats) string { return num(c.PowerLimitW) }},
		{"DCGM_FI_DEV_GPU_UTIL", "GPU utilization (in %).", "gauge",
			func(e engineStats) string { return strconv.Itoa(100 * min(e.running, 1)) }},
		{"DCGM_FI_DEV_FB_USED", "Framebuffer memory used (in MiB).", "gauge",
			func(e engineStats) string { return strconv.Itoa(weightsMiB + blockMiB*e.usedBlocks) }},
		{"DCGM_FI_DEV_SM_CLOCK", "SM clock frequency (in MHz).", "gauge",
			func(e engineStats) string { return strconv.Itoa(c.smClock(e.running)) }},
		{"DCGM_FI_DEV_GPU_TEMP", "GPU temperature (in C).", "gauge",
			func(e engineStats) string { return strconv.Itoa(int(math.Round(30 + 0.08*c.powerAt(e.running)))) }},
		{"DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "Current clock event reasons (bitmask).", "gauge",
			func(e engineStats) string { return strconv.Itoa(c.clockEvents(e.running)) }},
	}
	for _, f := range fields {
		m.family(f.name, f.help, f.typ)
		for g, e := range engines {
			fmt.Fprintf(&m.b, `%s{gpu="%d",UUID="GPU-simulated-%04d",device="nvidia%d",modelName="simulated",Hostname="simserver"} %s`+"\n",
				f.name, g, g, g, f.value(e))
		}
	}
}

// smClock is the SM clock at batch b: lowered in proportion when the
// demand would pass the power limit, as a power-capped GPU lowers it.
func (c Config) smClock(b int) int {
	want := c.PowerIdleW + c.PowerPerSeqW*float64(b)
	if want <= c.PowerLimitW || want <= 0 {
		return simSMClockMHz
	}
	return int(math.Round(simSMClockMHz * c.PowerLimitW / want))
}

// clockEvents is the clock event reason mask at batch b.
func (c Config) clockEvents(b int) int {
	switch {
	case b == 0:
		return clocksEventIdle
	case c.powerCapped(b):
		return clocksEventSWPowerCap
	}
	return 0
}

func num(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
