package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated for the rule, not measured: a script's report in double-line
// boxes, a banner, a box per load test with no values, and a result box
// per level.
const resultBoxes = `╔══════════════════════════════╗
║ BENCHMARK: 4, 8 Users ║
╚══════════════════════════════╝

╔══════════════════════════════╗
║ LOAD TEST: 4 Concurrent Users
╚══════════════════════════════╝

╔══════════════════════════════╗
║ RESULTS: 4 Concurrent Users ║
╠══════════════════════════════╣
║ Requests: 20/20 successful ║
║ Duration: 10.0s ║
╟──────────────────────────────╢
║ TIME TO FIRST TOKEN (TTFT) ║
║ Avg: 300.0 ms | P99: 450.0 ms ║
╟──────────────────────────────╢
║ THROUGHPUT ║
║ Aggregate: 120.0 tok/s ║
║ Per Request: 30.0 tok/s (avg) ║
╚══════════════════════════════╝

╔══════════════════════════════╗
║ RESULTS: 8 Concurrent Users ║
╠══════════════════════════════╣
║ Requests: 38/40 successful ║
║ Duration: 10.0s ║
╟──────────────────────────────╢
║ TIME TO FIRST TOKEN (TTFT) ║
║ Avg: 700.0 ms | P99: 1200.0 ms ║
╟──────────────────────────────╢
║ THROUGHPUT ║
║ Aggregate: 180.0 tok/s ║
║ Per Request: 22.5 tok/s (avg) ║
╚══════════════════════════════╝
`

func TestResultBoxesReadABoxPerLevel(t *testing.T) {
	require.True(t, looksBenchText([]byte(resultBoxes)))
	s, err := Read("t.txt", []byte(resultBoxes), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2, "the banner and the load-test box hold no values")
	p := s.Points[1]
	require.Equal(t, 8.0, p.Concurrency)
	require.Equal(t, 180.0, p.ThroughputTokS, "the aggregate, not the per-request rate")
	require.Equal(t, 700.0, *p.TTFT.Mean)
	require.Equal(t, 1200.0, *p.TTFT.P99)
	require.Equal(t, 38, *p.Requests)
	require.Equal(t, "t.txt:24", p.Source, "a point leads back to its box's title")
}

func TestOneResultBoxIsNoSweep(t *testing.T) {
	_, ok := resultBoxesGrid("t.txt", resultBoxes[:len(resultBoxes)/2])
	require.False(t, ok)
}

// FuzzResultBoxes reads box reports: never a panic.
func FuzzResultBoxes(f *testing.F) {
	f.Add([]byte(resultBoxes))
	f.Add([]byte("╔\n║ RESULTS: 1 Users\n║ A: 1 ms | B: 2\n╚\n╔\n║ RESULTS: 2 Users\n║ A: 1 (p50)\n╚\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksBenchText(b)
		s, err := readBenchText("t.txt", b, Meta{})
		checkResult(t, s, err)
	})
}

// The level's column is named by the title's load words only, never by
// the box's label before a colon. Synthetic titles.
func TestBoxLoadNameIsTheLoadWords(t *testing.T) {
	for title, want := range map[string]string{
		"RESULTS: 10 Concurrent Users": "Concurrent Users",
		"Results — Users: 10":          "Users",
		"RESULTS：Concurrency 16":       "Concurrency",
		"Concurrency = 32":             "Concurrency",
	} {
		name, _, ok := headingLevel([]string{title})
		require.True(t, ok, title)
		require.Equal(t, want, boxLoadName(name, title), title)
	}
}
