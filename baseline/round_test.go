package baseline

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRoundDownSig(t *testing.T) {
	cases := []struct {
		in   float64
		sig  int
		want float64
	}{
		{63591, 2, 63000},             // GB300 128/GPU: 84,788 × 0.75
		{63000, 2, 63000},             // exact values stay
		{15897.75, 2, 15000},          // GB300 per-GPU floor
		{72346.03307937628, 2, 72000}, // EKS H100 repeats, lower 95% CI × 0.75
		{99999, 2, 99000},
		{100000, 2, 100000},
		{0.29, 2, 0.29}, // binary representation of 0.29 must not drop to 0.28
		{0, 2, 0},
		{7, 2, 7},
		{63591, 1, 60000},
		{63591, 3, 63500},
		{63591, 0, 60000}, // sig < 1 treated as 1
		{-1354, 2, -1400}, // toward −∞
	}
	for _, c := range cases {
		require.Equal(t, c.want, RoundDownSig(c.in, c.sig), "RoundDownSig(%v, %d)", c.in, c.sig)
	}
}

func TestRoundUpSig(t *testing.T) {
	cases := []struct {
		in   float64
		sig  int
		want float64
	}{
		{1354, 2, 1400}, // GB300 128/GPU TTFT p99 677 ms × 2
		{1400, 2, 1400}, // exact values stay
		{2000, 2, 2000},
		{2001, 2, 2100},
		{1870, 2, 1900},
		{0.29, 2, 0.29},
		{0, 2, 0},
		{99001, 2, 100000},  // carries into a new digit
		{-63591, 2, -63000}, // toward +∞
	}
	for _, c := range cases {
		require.Equal(t, c.want, RoundUpSig(c.in, c.sig), "RoundUpSig(%v, %d)", c.in, c.sig)
	}
}

func TestRoundSigPassesNonFiniteThrough(t *testing.T) {
	require.True(t, math.IsNaN(RoundDownSig(math.NaN(), 2)))
	require.True(t, math.IsInf(RoundUpSig(math.Inf(1), 2), 1))
}
