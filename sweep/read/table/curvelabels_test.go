package table

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// Two labels, each carrying the same metrics, are two curves: "1 slot:
// throughput" is the one-slot server's rate (not one stream's) and "4
// slots" no load. Their knees differ (one slot is saturated at once), so
// the reading is refused naming both; --series reads one curve's columns.
func TestLabelledGridColumnsAreCurves(t *testing.T) {
	for _, h := range []string{
		"| Users | 1 slot: throughput | 1 slot: median TTFT | 4 slots: throughput | 4 slots: median TTFT |",
		"| Users | throughput (1 slot) | median TTFT (1 slot) | throughput (4 slots) | median TTFT (4 slots) |",
		"| Users | 1 slot throughput | 1 slot median TTFT | 4 slots throughput | 4 slots median TTFT |",
	} {
		md := h + "\n|---|---|---|---|---|\n" +
			"| 1 | 20.1 tok/s | 0.30 s | 20.2 tok/s | 0.29 s |\n" +
			"| 2 | 20.3 tok/s | 15.0 s | 31.0 tok/s | 0.52 s |\n" +
			"| 4 | 20.1 tok/s | 44.0 s | 38.5 tok/s | 1.10 s |\n" +
			"| 8 | 20.2 tok/s | 90.0 s | 40.1 tok/s | 2.30 s |\n"
		_, err := Read("t.md", []byte(md), Markdown, Meta{})
		var amb *ambiguous
		require.True(t, errors.As(err, &amb), "%s: %v", h, err)
		require.Contains(t, err.Error(), "--series", h)
		require.ElementsMatch(t, []string{"1 slot", "4 slots"}, amb.headers, h)

		s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "4 slots"})
		require.NoError(t, err, h)
		require.Len(t, s.Points, 4, h)
		require.Equal(t, 31.0, s.Points[1].ThroughputTokS, h)
		require.Equal(t, 520.0, *s.Points[1].TTFT.P50, h)
	}
}

// No grid where the labels are what a column measures (a phase, a unit, a
// statistic), where one header could belong to two labels, or where another
// label carries part of the metrics (a curve spelled two ways, one measured
// less): reading part of such a grid would set a curve aside unseen.
func TestCurveLabelsNeedACleanGrid(t *testing.T) {
	for _, hs := range [][]string{
		{"Concurrency", "Input tok/s", "Output tok/s"},
		{"Concurrency", "Throughput (tok/s)", "TTFT (ms)"},
		{"Concurrency", "TTFT p50", "TTFT p99", "ITL p50", "ITL p99"},
		{"Concurrency", "Prefill: tok/s", "Decode: tok/s"},
		{"Concurrency", "vLLM tok/s", "vLLM TTFT ms", "SGLang tok/s", "SGLang TTFT ms", "TRT tok/s"},
	} {
		_, _, ok := curveLabels(hs)
		require.False(t, ok, "%q", hs)
	}
	labels, metrics, ok := curveLabels([]string{"Concurrency", "vLLM tok/s", "vLLM TTFT ms", "SGLang tok/s", "SGLang TTFT ms"})
	require.True(t, ok)
	require.Equal(t, []string{"", "vLLM", "vLLM", "SGLang", "SGLang"}, labels)
	require.Equal(t, []string{"", "tok/s", "ttft ms", "tok/s", "ttft ms"}, metrics)
	// The colon form is plain enough for one metric a label.
	labels, _, ok = curveLabels([]string{"Users", "1 slot: tok/s", "4 slots: tok/s"})
	require.True(t, ok)
	require.Equal(t, []string{"", "1 slot", "4 slots"}, labels)
}

// The safety net: whatever the passes decided, the measurement columns
// read never name two curves. "Baseline: tok/s" beside "Tuned: TTFT p50
// ms" is no grid (each label carries another metric), yet reading them as
// one curve's throughput and TTFT merges two runs: refused, naming both.
func TestReadColumnsNeverNameTwoCurves(t *testing.T) {
	md := "| Concurrency | Baseline: tok/s | Tuned: TTFT p50 ms |\n|---|---|---|\n" +
		"| 1 | 100 | 40 |\n| 2 | 190 | 45 |\n| 4 | 350 | 60 |\n| 8 | 400 | 120 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Contains(t, err.Error(), `--series "Baseline"`)
	require.Equal(t, []string{"Baseline", "Tuned"}, amb.headers)

	// Labels that say what a column measures name no curve.
	require.Equal(t, "", columnCurve(classify("Output: tok/s")))
	require.Equal(t, "", columnCurve(classify("TTFT: p50 ms")))
	require.Equal(t, "Tuned", columnCurve(classify("Tuned: TTFT p50 ms")))
	// Headers read one by one (no grid), the entry's columns merge curves:
	// the net refuses them.
	r := &resolved{cols: classifyAll([]string{"Users", "1 slot: throughput (tok/s)", "4 slots: throughput (tok/s)", "1 slot: median TTFT (s)"})}
	r.cols[1].kind = colIgnore
	require.Error(t, r.curvesApart(grid{file: "t.md"}))
}
