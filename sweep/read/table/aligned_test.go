package table

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The A10 sweep (fixtures/sweeps/aiportfoliorhea…) printed as tabulate
// "simple" and "plain" (with a title line above), and as rich's default
// box with a title and a 🏆 marker, reads as the markdown does.
func TestAlignedConsoleTables(t *testing.T) {
	tput := []float64{29.8, 56.2, 105.7, 183.3, 317.4, 478.8, 616.0, 588.7}
	p95 := []float64{123, 264, 499, 920, 1460, 1970, 3810, 14957}
	for _, name := range []string{"tabulate-simple.txt", "tabulate-plain-title.txt", "rich-heavy-head.txt"} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", "aligned", name)
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			require.True(t, looksAligned(b))
			s, err := readAligned(path, b, Meta{GPUs: 1})
			require.NoError(t, err)
			require.Len(t, s.Points, 8)
			for i, p := range s.Points {
				require.Equal(t, []float64{1, 2, 4, 8, 16, 32, 64, 128}[i], p.Concurrency)
				require.Equal(t, tput[i], p.ThroughputTokS)
				require.Equal(t, p95[i], *p.TTFT.P95)
				require.Nil(t, p.TTFT.P99)
			}
		})
	}
}

func TestAlignedColumnT(t *testing.T) {
	path := filepath.Join("testdata", "aligned", "column-t.txt")
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, looksAligned(b))
	s, err := readAligned(path, b, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	p := s.Points[3]
	require.Equal(t, 32.0, p.Concurrency)
	require.Equal(t, 24.0, *p.AchievedConcurrency)
	require.Equal(t, 975.0, p.ThroughputTokS)
	require.InDelta(t, 938, *p.TTFT.P99, 1e-9)
	require.Equal(t, path+":2", s.Points[0].Source)
}

func TestAlignedOtherStyles(t *testing.T) {
	for _, tc := range []struct{ name, body string }{
		{"rich simple", "                 Results\n  Users   Output tok/s   TTFT p99 (ms)  \n ─────────────────────────────────────\n  8       2,544          386            \n  16      4,240 ⚠️        348            \n"},
		{"psql", " users | output tok/s | ttft p99 (ms)\n-------+--------------+---------------\n     8 |         2544 |           386\n    16 |         4240 |           348\n(2 rows)\n"},
		{"units row", "Clients   Throughput   TTFT p99\n          tok/s        s\n8         2,544        0.386\n16        4,240        0.348\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := []byte(tc.body)
			require.True(t, looksAligned(b))
			s, err := readAligned("t.txt", b, Meta{})
			require.NoError(t, err)
			require.Len(t, s.Points, 2)
			require.Equal(t, 16.0, s.Points[1].Concurrency)
			require.Equal(t, 4240.0, s.Points[1].ThroughputTokS)
			require.InDelta(t, 348, *s.Points[1].TTFT.P99, 1e-9)
		})
	}
}

func TestLooksAlignedRefusesOtherFormats(t *testing.T) {
	for _, b := range []string{
		"| c | tok/s | TTFT p99 |\n|---|---|---|\n| 1 | 2 | 3 |\n",
		"concurrency,tok/s,TTFT p99 ms\n128,84788,677\n",
		`{"points": [], "version": 1}`,
		"hello world\nthis is prose  with  gaps\n",
	} {
		require.False(t, looksAligned([]byte(b)), b)
	}
}

func TestStatisticWordInAProductNameIsNoStatistic(t *testing.T) {
	require.Equal(t, []string{"maxq", "output"}, headerTokens("Max-Q Output"))
	require.Equal(t, []string{"max", "ttft"}, headerTokens("max-TTFT"))
	require.Equal(t, []string{"req", "s"}, headerTokens("req-s"))
}
