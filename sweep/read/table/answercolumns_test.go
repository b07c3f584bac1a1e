package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule (simulated tables): the real shapes are batch o's
// DGX Spark table, whose third column is prose ("Single-stream decode
// ~43.8 tok/s", "Linear scaling"), and its DeepSeek table of "~33" cells.

func TestProseColumnOutsideTheAnswerIsNotRead(t *testing.T) {
	md := "| Concurrency | Aggregate Throughput (tok/s) | TTFT p50 (ms) | Latency & Per-Stream Decode |\n|---|---|---|---|\n" +
		"| 1 | 37.1 | 90 | Single-stream decode ~43.8 tok/s |\n| 2 | 73.6 | 95 | Linear scaling |\n| 4 | 127.4 | 130 | batch finished in 4.5s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 127.4, s.Points[2].ThroughputTokS)
	require.Nil(t, s.Points[2].E2E.Mean) // the 4.5 s of a remark is not read
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md:3: "Latency & Per-Stream Decode" holds "Single-stream decode ~43.8 tok/s", which is not a value: the column is not read`)

	// An approximate ITL is read as written, with a warning.
	itl := "| concurrency | tok/s | TTFT p50 (ms) | ITL (ms) |\n|---|---|---|---|\n| 1 | 40 | 90 | ~25 |\n| 4 | 150 | 120 | 27 |\n"
	s, err = Read("t.md", []byte(itl), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 25.0, *s.Points[0].ITL.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md:3: warning: "ITL (ms)" (the ITL mean) holds 1 cell the source rounded ("~25")`)
}

func TestUnreadableCellInTheAnswerRefuses(t *testing.T) {
	// The TTFT is the answer's: a prose cell there still refuses.
	md := "| concurrency | tok/s | TTFT p50 (ms) |\n|---|---|---|\n| 1 | 40 | 90 |\n| 4 | 150 | Linear scaling |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.EqualError(t, err, `t.md:4: TTFT p50 (ms): "Linear scaling" is not a number`)

	// In a request-rate sweep the end-to-end latency places each stage:
	// it is the answer's, and a prose cell there refuses too.
	rate := "| request rate | tok/s | E2E mean (ms) |\n|---|---|---|\n| 1 | 40 | 900 |\n| 4 | 150 | about a second |\n"
	_, err = Read("t.md", []byte(rate), Markdown, Meta{})
	require.ErrorContains(t, err, `E2E mean (ms): "about a second" is not a number`)
}

// An approximation in the answer's columns is the source's rounding, not
// another measurement: read as written, with a warning per column that
// counts the rounded cells (simulated table; the real shapes are batch q's
// closed-batch table of "~197" and "~278" and batch o's "~33" cells).
func TestApproximationInTheAnswerIsReadWithAWarning(t *testing.T) {
	md := "| Concurrency | Output tok/s | TTFT p50 (ms) | Notes |\n|---|---|---|---|\n| 1 | **~33** | 80 | single user |\n| 8 | ≈197 | 95 | |\n| 15 | about 250 | ~140 | |\n| 32 | 262.5 | 900 | |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, []float64{33, 197, 250, 262.5}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS, s.Points[3].ThroughputTokS})
	require.Equal(t, 140.0, *s.Points[2].TTFT.P50)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `t.md:3: warning: "Output tok/s" (the throughput) holds 3 cells the source rounded ("~33"): read as the numbers written; a rounding of that size does not move which level is the knee`)
	require.Contains(t, notes, `t.md:5: warning: "TTFT p50 (ms)" (the TTFT p50) holds 1 cell the source rounded ("~140")`)
}

// Columns knee's answer is not read from never refuse the table: a
// "Success" of completed over sent with thousands grouped ("1,024/1,024"),
// a requests count with a remark in it (simulated table; the real shape is
// batch q's eight-H200 scheduler table).
func TestCountColumnsOutsideTheAnswerNeverRefuse(t *testing.T) {
	md := "| Clients | Output tok/s | P95 TTFT | Success |\n|---|---|---|---|\n" +
		"| 256 | 4,512.46 | 2.309 s | 256/256 |\n| 512 | 5,054.02 | 4.400 s | 512/512 |\n| 1,024 | 5,634.71 | 14.160 s | 1,024/1,024 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 5634.71, s.Points[2].ThroughputTokS)
	require.Nil(t, s.Points[2].Requests)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Success" (a fraction (1/1): a ratio, not a count)`)

	req := "| concurrency | tok/s | TTFT p50 (ms) | requests |\n|---|---|---|---|\n| 1 | 40 | 90 | 100 |\n| 4 | 150 | 120 | all of them |\n"
	s, err = Read("t.md", []byte(req), Markdown, Meta{})
	require.NoError(t, err)
	require.Nil(t, s.Points[0].Requests)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md:4: "requests" holds "all of them", which is not a value: the column is not read`)
}
