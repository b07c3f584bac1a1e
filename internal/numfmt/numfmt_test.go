package numfmt

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestGroup(t *testing.T) {
	cases := []struct {
		v    float64
		d    int
		want string
	}{
		{84788, 0, "84,788"},
		{84788.4, 0, "84,788"},
		{15897.75, 2, "15,897.75"},
		{1182.333, 2, "1,182.33"},
		{2.5, 2, "2.5"},
		{2000, 2, "2,000"},
		{-1234567, 0, "-1,234,567"},
		{-0.001, 0, "0"},
		{773.81, -1, "774"},
		{12.34, -1, "12.3"},
		{2.345, -1, "2.35"},
		{0, 0, "0"},
		{math.NaN(), 0, "–"},
		{math.Inf(1), 2, "–"},
	}
	for _, c := range cases {
		require.Equal(t, c.want, Group(c.v, c.d), "%v, %d", c.v, c.d)
	}
}

// The level writers knee's sentences and baseline's derivations use, one
// place each: a level in prose (Short), in a table (Count), in an overlay
// (Plain, Level).
func TestLevelWriters(t *testing.T) {
	for v, want := range map[float64]string{128: "128", 96.5: "96", 2.154: "2.15", 0.5: "0.5", 1024: "1024", 0.0001234: "0.000123"} {
		require.Equal(t, want, Short(v), "Short(%g)", v)
	}
	require.Equal(t, "NaN", Short(math.NaN()))
	for v, want := range map[float64]string{1024: "1,024", 999: "999", 96.5: "96", 2.5: "2.5"} {
		require.Equal(t, want, Count(v), "Count(%g)", v)
	}
	require.Equal(t, "63000", Plain(63000))
	require.Equal(t, "96.5", Plain(96.5))
	require.Equal(t, "96.57", Level(96.5678))
	require.Equal(t, "128", Level(128.0000001))
}

// Baseline's shares, GPU counts, latencies and throughputs.
func TestBaselineWriters(t *testing.T) {
	require.Equal(t, "75%", Percent(0.75))
	require.Equal(t, "33%", Percent(0.3333))
	require.Equal(t, "1 GPU", GPUs(1))
	require.Equal(t, "4 GPUs", GPUs(4))
	require.Equal(t, "298", Latency(298.25))
	require.Equal(t, "33,320", Latency(33320.4))
	require.Equal(t, "8.25", Latency(8.254))
	require.Equal(t, "84,788", Tok(84787.6))
}
