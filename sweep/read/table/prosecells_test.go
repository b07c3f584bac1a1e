package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: the real prose cells are batch m's
// GLM-5.2 decision table, whose loads sit in its row labels.

func TestProseValue(t *testing.T) {
	cv, ok, err := proseValue("79.648 tok/s fresh matched; 75.3 prior operational", dimTokRate)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, 79.648, cv.v)

	cv, ok, err = proseValue("TTFT was 1,250 ms in the cold run", dimTime)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, 1250.0, cv.v)
	require.Equal(t, "ms", cv.unit.name)

	_, _, err = proseValue("1,382 tok/s @8k; 1,315 tok/s @64k", dimTokRate)
	require.EqualError(t, err, `"1,382 tok/s @8k; 1,315 tok/s @64k" holds 2 values in `+dimTokRate.String()+` (1,382 tok/s, 1,315 tok/s): knee reads a value out of prose only when the cell holds one`)

	for cell, want := range map[string]dimension{
		"PASS, exact, cold":              dimTokRate, // no number
		"45.901 ± 0.0218 tok/s, n=10":    dimTokRate, // a spread
		"failed after 120 s":             dimTime,    // the level did not run
		"3/3 exact, cold":                dimTokRate, // numbers without the column's unit
		"initialized at 0/1 TB; pending": dimTokRate,
		"79.6 tok/s measured":            dimNone, // a column of no dimension
	} {
		_, ok, err := proseValue(cell, want)
		require.NoError(t, err, cell)
		require.False(t, ok, cell)
	}
}

func TestProseCellsReadOrRefused(t *testing.T) {
	md := "| concurrency | throughput | TTFT p50 |\n|---|---|---|\n" +
		"| 1 | **79.6 tok/s** fresh; 75.3 prior | 120 ms |\n| 4 | 144.1 tok/s matched | 300 ms |\n| 16 | 218.6 tok/s | 2 s after warm-up |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 79.6, s.Points[0].ThroughputTokS)
	require.Equal(t, 2000.0, *s.Points[2].TTFT.P50)

	two := "| concurrency | throughput |\n|---|---|\n| 1 | 80 tok/s @8k; 70 tok/s @64k |\n| 4 | 144 tok/s |\n"
	_, err = Read("t.md", []byte(two), Markdown, Meta{})
	require.ErrorContains(t, err, "throughput")
	require.ErrorContains(t, err, "holds 2 values")
}
