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

	// An approximate ITL is outside the answer too.
	itl := "| concurrency | tok/s | TTFT p50 (ms) | ITL (ms) |\n|---|---|---|---|\n| 1 | 40 | 90 | ~25 |\n| 4 | 150 | 120 | 27 |\n"
	s, err = Read("t.md", []byte(itl), Markdown, Meta{})
	require.NoError(t, err)
	require.Nil(t, s.Points[1].ITL.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md:3: "ITL (ms)" holds "~25", an approximation: the column is not read`)
}

func TestUnreadableCellInTheAnswerRefuses(t *testing.T) {
	// The TTFT is the answer's: a prose cell there still refuses.
	md := "| concurrency | tok/s | TTFT p50 (ms) |\n|---|---|---|\n| 1 | 40 | 90 |\n| 4 | 150 | Linear scaling |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.EqualError(t, err, `t.md:4: TTFT p50 (ms): "Linear scaling" is not a number`)

	// In a request-rate sweep the end-to-end latency places each stage:
	// it is the answer's.
	rate := "| request rate | tok/s | E2E mean (ms) |\n|---|---|---|\n| 1 | 40 | 900 |\n| 4 | 150 | ~1200 |\n"
	_, err = Read("t.md", []byte(rate), Markdown, Meta{})
	require.ErrorContains(t, err, `"~1200" is an approximation, in the column knee reads the E2E mean from`)
}

func TestApproximationInTheAnswerNamesWhatToDo(t *testing.T) {
	md := "| Concurrency | Output tok/s | Notes |\n|---|---|---|\n| 1 | **~33** | single user |\n| 15 | **~250** | |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.EqualError(t, err, `t.md:3: Output tok/s: "~33" is an approximation, in the column knee reads the throughput from, and knee reads measured values only: write the value the run measured in its place (the benchmark's own output prints it), or remove the "~" if 33 is what the run measured`)
}
