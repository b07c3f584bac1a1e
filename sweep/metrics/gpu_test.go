package metrics

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The GPU test bed's /metrics (a hand-written sample in cbserve.py's
// format, labelled so in the file) parses to vLLM's running and waiting
// counts and one GPU with every DCGM field in DCGM's units.
func TestParseReadsTheTestBedsDCGMNames(t *testing.T) {
	f, err := os.Open("testdata/cbserve-format.txt")
	require.NoError(t, err)
	defer f.Close()
	s, err := Parse(f)
	require.NoError(t, err)
	require.Equal(t, 12.0, *s.Running)
	require.Equal(t, 3.0, *s.Waiting)
	require.Len(t, s.GPUs, 1)
	g := s.GPUs[0]
	require.Equal(t, "0", g.GPU)
	require.Equal(t, "GPU-0a1b2c3d-0000-1111-2222-333344445555", g.UUID)
	require.Equal(t, "NVIDIA H200", g.Model)
	require.Equal(t, "testbed", g.Host)
	require.Equal(t, 312.451, *g.PowerW)
	require.Equal(t, 98765432100.0, *g.EnergyMJ)
	require.Equal(t, 700.0, *g.PowerLimitW)
	require.Equal(t, 97.0, *g.GPUUtil)
	require.Equal(t, 41234.0, *g.FBUsedMiB)
	require.Equal(t, 1980.0, *g.SMClockMHz)
	require.Equal(t, 52.0, *g.TempC)
	require.Equal(t, 4.0, *g.ClockEvents)
	require.Nil(t, g.SMActive, "the test bed serves no DCGM_FI_PROF_SM_ACTIVE")
}

// dcgmLine is one GPU's power, energy and clock event reasons.
func dcgmText(gpu string, powerW, energyMJ float64, reasons int) string {
	l := `{gpu="` + gpu + `",UUID="GPU-` + gpu + `",modelName="NVIDIA H200",Hostname="n1"}`
	return "DCGM_FI_DEV_POWER_USAGE" + l + " " + ftoa(powerW) + "\n" +
		"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION" + l + " " + ftoa(energyMJ) + "\n" +
		"DCGM_FI_DEV_POWER_MGMT_LIMIT" + l + " 700\n" +
		"DCGM_FI_DEV_CLOCKS_EVENT_REASONS" + l + " " + ftoa(float64(reasons)) + "\n"
}

func snapAt(t *testing.T, at time.Time, text string) Snapshot {
	s, err := Parse(strings.NewReader(text))
	require.NoError(t, err)
	s.At = at
	return s
}

// Energy is the counter's increase (mJ → J) per GPU, summed; the window is
// first to last scrape; a GPU at its limit with sw_power_cap set in every
// sample is counted as capped. Hand computation: GPU 0 draws 600 J and
// GPU 1 1,000 J in 2 s, so 1,600 J and 800 W in total.
func TestSummarizeGPUsEnergyFromCounter(t *testing.T) {
	t0 := time.Unix(1000, 0)
	samples := []Snapshot{
		snapAt(t, t0, dcgmText("0", 300, 1_000_000, 0)+dcgmText("1", 500, 5_000_000, 4)),
		snapAt(t, t0.Add(time.Second), dcgmText("0", 300, 1_300_000, 0)+dcgmText("1", 700, 5_500_000, 4)),
		snapAt(t, t0.Add(2*time.Second), dcgmText("0", 300, 1_600_000, 1)+dcgmText("1", 700, 6_000_000, 4|0x40)),
	}
	sum := SummarizeGPUs(samples, []string{"http://n1:9400/metrics"})
	require.NotNil(t, sum)
	require.Equal(t, 3, sum.Samples)
	require.Equal(t, 2.0, sum.WindowS)
	require.Equal(t, "counter", sum.EnergyFrom)
	require.InDelta(t, 1600, *sum.EnergyJ, 1e-9)
	require.InDelta(t, 800, *sum.PowerW, 1e-9)
	require.InDelta(t, 600, *sum.GPUs[0].EnergyJ, 1e-9)
	require.InDelta(t, 1900.0/3, *sum.GPUs[1].PowerMeanW, 1e-9)
	require.Equal(t, 700.0, *sum.GPUs[1].PowerMaxW)
	require.Equal(t, 3, sum.GPUs[1].PowerCappedSamples)
	require.Equal(t, []string{"hw_thermal_slowdown", "sw_power_cap"}, sum.GPUs[1].ClockEvents)
	require.Equal(t, []string{"gpu_idle"}, sum.GPUs[0].ClockEvents)
}

// Without the energy counter, energy is power integrated over the samples
// (trapezoids): (300+500)/2 + (500+500)/2 = 900 J over 2 s.
func TestSummarizeGPUsEnergyFromPowerIntegral(t *testing.T) {
	t0 := time.Unix(1000, 0)
	line := func(p string) string { return `DCGM_FI_DEV_POWER_USAGE{gpu="0",UUID="GPU-a"} ` + p + "\n" }
	samples := []Snapshot{snapAt(t, t0, line("300")), snapAt(t, t0.Add(time.Second), line("500")), snapAt(t, t0.Add(2*time.Second), line("500"))}
	sum := SummarizeGPUs(samples, nil)
	require.Equal(t, "power_integral", sum.EnergyFrom)
	require.InDelta(t, 900, *sum.EnergyJ, 1e-9)
	require.InDelta(t, 450, *sum.PowerW, 1e-9)
	require.Nil(t, SummarizeGPUs([]Snapshot{snapAt(t, t0, "vllm:num_requests_running 3\n")}, nil))
}

// Absurd readings are dropped and said, never summed.
func TestSanitizeGPUsDropsAbsurdReadings(t *testing.T) {
	s := snapAt(t, time.Unix(0, 0), dcgmText("0", 1e300, -5, 0))
	notes := sanitizeGPUs([]Snapshot{s})
	require.Equal(t, []string{
		"energy_mj dropped from 1 GPU reading(s) (first -5: outside any real GPU's range)",
		"power_w dropped from 1 GPU reading(s) (first 1e+300: outside any real GPU's range)",
	}, notes)
	require.Nil(t, s.GPUs[0].PowerW)
	require.Nil(t, s.GPUs[0].EnergyMJ)
	require.Equal(t, 700.0, *s.GPUs[0].PowerLimitW)
}

func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// The Prometheus text parser panics on some malformed expositions (found
// by FuzzParse); Parse turns that into an error, so a hostile engine or
// exporter /metrics never ends a sweep. Fails (panics) on the old Parse.
func TestParseSurvivesTheParsersPanic(t *testing.T) {
	_, err := Parse(strings.NewReader("#TYPE A \n{}0"))
	require.ErrorContains(t, err, "the Prometheus text parser failed on this exposition")
}
