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

// Simulated after batch y's GB300 table: rows whose "output tok/s (/GPU)"
// cell says in words why they hold no value ("interrupted — …", "queued
// behind …") do not stop the split; they are left out as levels not
// measured, each with a note.
func TestNodeRateWithPerGPUInBracketsBesideStatusRows(t *testing.T) {
	md := "| clients | output tok/s (/GPU) | TTFT p50 (ms) |\n|---|---|---|\n" +
		"| 48 | 786 (10.9) | 320 |\n| 96 | 2,019 (28.0) | 310 |\n| 192 | 3,267 (45.4) | 360 |\n" +
		"| 384 | **interrupted** — the node pool (np-1) was resized to 0 | |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 3267.0, s.Points[2].ThroughputTokS)
	require.Equal(t, 45.4, *s.Points[2].ThroughputPerGPU)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `t.md:6: "output tok/s (/GPU)" says "interrupted — the node pool (np-1) was resized to 0": no value of either figure`)
	require.Contains(t, notes, "a level not measured, left out")

	// One bracketed cell among words is no column of such pairs.
	one := "| clients | output tok/s (/GPU) | TTFT p50 (ms) |\n|---|---|---|\n| 48 | 786 (10.9) | 320 |\n| 96 | queued | |\n"
	g := markdownTables("t.md", []byte(one))[0]
	require.False(t, everyCellBracketed(g, 1))
}
