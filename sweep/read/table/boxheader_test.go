package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The header lines below are copied from real console output: evalscope's
// perf summary (fixtures/corpus/f-evalscope-gptoss20b-h20-rich-box) and
// guidellm 0.4's latency table (a public README, library file id
// 57737782947).

func TestStackHeaderRichTwoLines(t *testing.T) {
	got := stackHeader([]string{
		"┃      ┃      ┃      Avg ┃      P99 ┃    Gen. ┃      Avg ┃     P99 ┃   Success┃",
		"┃Conc. ┃  RPS ┃  Lat.(s) ┃  Lat.(s) ┃  toks/s ┃  TTFT(s) ┃ TTFT(s) ┃      Rate┃",
	})
	require.Equal(t, []string{"Conc.", "RPS", "Avg Lat.(s)", "P99 Lat.(s)", "Gen. toks/s", "Avg TTFT(s)", "P99 TTFT(s)", "Success Rate"}, got)
}

func TestStackHeaderSpannedGroups(t *testing.T) {
	got := stackHeader([]string{
		"| Benchmark   | Request Latency || TTFT             || ITL        || TPOT         ||",
		"| Strategy    | Sec             || ms               || ms         || ms           ||",
		"|             | Mdn     | p95    | Mdn     | p95     | Mdn  | p95  | Mdn   | p95   |",
	})
	require.Equal(t, []string{"Benchmark Strategy",
		"Request Latency Sec Mdn", "Request Latency Sec p95",
		"TTFT ms Mdn", "TTFT ms p95", "ITL ms Mdn", "ITL ms p95", "TPOT ms Mdn", "TPOT ms p95"}, got)
}

func TestHeaderRuleSkipsTitleAndTopBorder(t *testing.T) {
	block := []alignedLine{
		{"        Detailed Performance Metrics", 1},
		{"┏━━━━━━┳━━━━━━┓", 2},
		{"┃      ┃  Gen.┃", 3},
		{"┃Conc. ┃toks/s┃", 4},
		{"┡━━━━━━╇━━━━━━┩", 5},
		{"│    5 │ 634.8│", 6},
		{"└──────┴──────┘", 7},
	}
	require.Equal(t, 4, headerRule(block))
	// A key/value box has no rule under a header: one header line.
	require.Equal(t, -1, headerRule([]alignedLine{
		{"┌──────┬──────┐", 1}, {"│ Model│ x    │", 2}, {"│ Time │ 3 s  │", 3}, {"└──────┴──────┘", 4},
	}))
}

// A box whose header spans two lines is read with both: the table that
// evalscope prints reads as a sweep with its TTFT in seconds.
func TestReadAlignedRichTwoLineHeader(t *testing.T) {
	data := []byte("" +
		"┏━━━━━━┳━━━━━━━━━┳━━━━━━━━━━┓\n" +
		"┃      ┃    Gen. ┃      Avg ┃\n" +
		"┃Conc. ┃  toks/s ┃  TTFT(s) ┃\n" +
		"┡━━━━━━╇━━━━━━━━━╇━━━━━━━━━━┩\n" +
		"│    1 │  150.34 │    0.094 │\n" +
		"│   10 │  986.63 │    0.865 │\n" +
		"└──────┴─────────┴──────────┘\n")
	require.True(t, looksAligned(data))
	s, err := readAligned("t.txt", data, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 10.0, s.Points[1].Concurrency)
	require.InDelta(t, 986.63, s.Points[1].ThroughputTokS, 1e-9)
	require.InDelta(t, 865.0, *s.Points[1].TTFT.Mean, 1e-9)
}
