package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated for the rule, not measured: guidellm's progress panel as it
// prints, three concurrent benchmarks, two lines each, in a box.
const guidellmPanel = "```\n" +
	"│ [10:00:00]   100% concurrent@1  (complete)   Req:    0.5 req/s,    2.00s Lat,     1.0 Conc,      15 Comp,        0 Inc,        0 Err   │\n" +
	"│                                              Tok:   60.0 gen/s,  190.0 tot/s, 100.0ms TTFT,   15.0ms ITL,   256 Prompt,      128 Gen   │\n" +
	"│ [10:00:40]   100% concurrent@4  (complete)   Req:    1.8 req/s,    2.20s Lat,     3.9 Conc,      54 Comp,        2 Inc,        1 Err   │\n" +
	"│                                              Tok:  220.5 gen/s,  700.0 tot/s, 180.5ms TTFT,   16.0ms ITL,   256 Prompt,      128 Gen   │\n" +
	"│ [10:01:20]   100% concurrent@16 (complete)   Req:    2.0 req/s,    8.00s Lat,    15.7 Conc,      60 Comp,       16 Inc,        0 Err   │\n" +
	"│                                              Tok:  250.0 gen/s,  790.0 tot/s, 5000.0ms TTFT,  20.0ms ITL,   256 Prompt,      128 Gen   │\n" +
	"```\n"

func TestGuidellmPanelReadsABenchmarkPerLevel(t *testing.T) {
	require.True(t, looksBenchText([]byte(guidellmPanel)))
	s, err := Read("t.txt", []byte(guidellmPanel), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	p := s.Points[1]
	require.Equal(t, 4.0, p.Concurrency, "the level is the benchmark's name, concurrent@4")
	require.Equal(t, 220.5, p.ThroughputTokS, "gen/s, not tot/s")
	require.Equal(t, 180.5, *p.TTFT.Mean)
	require.Equal(t, 2200.0, *p.E2E.Mean, "Lat in seconds")
	require.Equal(t, 3.9, *p.AchievedConcurrency)
	require.Equal(t, 54, *p.Requests)
	require.Equal(t, 1, *p.Failures)
	require.Equal(t, "t.txt:4", p.Source, "a point leads back to its benchmark's first line")
}

func TestGuidellmPanelNeedsBothLines(t *testing.T) {
	rows := panelRows("│ [10:00:00]   100% concurrent@1  (complete)   Req:    0.5 req/s,  2.00s Lat │\n")
	require.Len(t, rows, 1)
	require.Equal(t, map[string]string{"Request rate (req/s)": "0.5", "Mean request latency (s)": "2.00"}, rows[0].values)
	require.False(t, looksGuidellmPanel([]byte("Tok: 60.0 gen/s\n")), "a token line alone is no benchmark")
	require.False(t, looksGuidellmPanel([]byte("see Req: below\n")))
}

// FuzzGuidellmPanel reads panel text: never a panic.
func FuzzGuidellmPanel(f *testing.F) {
	f.Add([]byte(guidellmPanel))
	f.Add([]byte("│ constant@2.5 Req: 1 req/s, 1s Lat │\n│ Tok: 1 gen/s, 1ms TTFT │\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksBenchText(b)
		s, err := readBenchText("t.txt", b, Meta{})
		checkResult(t, s, err)
	})
}
