package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated table; the real shape is batch q's GB300 table, whose
// "output tok/s (/GPU)" cells read "775 (32.3)" on 24 GPUs.
func TestNodeRateWithPerGPUInBrackets(t *testing.T) {
	md := "| clients | output tok/s (/GPU) | TTFT p50 (ms) |\n|---|---|---|\n" +
		"| 48 | 775 (32.3) | 420 |\n| 96 | **1,803 (75.1)** | 670 |\n| 192 | 2,323 (96.8) | 1560 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{775, 1803, 2323}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Equal(t, 75.1, *s.Points[1].ThroughputPerGPU)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "output tok/s (/GPU)" holds the node's value and, in brackets, the same rate per GPU ("775 (32.3)"): read as "output tok/s" and "output tok/s per GPU"`)

	// With the GPU count, the two must agree: 24 GPUs do, 8 do not.
	_, err = Read("t.md", []byte(md), Markdown, Meta{GPUs: 24})
	require.NoError(t, err)
	_, err = Read("t.md", []byte(md), Markdown, Meta{GPUs: 8})
	require.ErrorContains(t, err, "the GPU count or one of the two columns is wrong")

	// A bracket that is a remark ("(peak)") is no per-GPU figure.
	remark := "| clients | output tok/s (/GPU) | TTFT p50 (ms) |\n|---|---|---|\n| 48 | 32.3 | 420 |\n| 96 | 75.1 (peak) | 670 |\n"
	_, err = Read("t.md", []byte(remark), Markdown, Meta{})
	require.ErrorContains(t, err, "pass --gpus N")
}
