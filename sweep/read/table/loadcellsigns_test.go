package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated tables for the rule: batch q's real shapes are a "batch"
// column of "1×" cells, a "Load" column of "1 stream", "3 streams", and a
// "Cap" column of "4 (before)", "16 (after)", "32".

func TestLoadWrittenInTheCellsUnderNoLoadHeader(t *testing.T) {
	for _, c := range []struct {
		header, one, two, four, axis string
	}{
		{"config", "B=1", "B=2", "B=4", "batch size"},
		{"mode", "c=1", "c=2", "c=4", "concurrency"},
		{"run", "1 stream", "2 streams", "4 streams", "concurrency"},
		{"", "x1", "x2", "x4", "batch size"},
		{"Load", "1 user", "2 users", "4 users", "concurrency"},
		{"setup", "bs 1", "bs 2", "bs 4", "batch size"},
	} {
		md := "| " + c.header + " | Output tok/s | TTFT p50 (ms) |\n|---|---|---|\n" +
			"| " + c.one + " | 80 | 40 |\n| " + c.two + " | 150 | 45 |\n| " + c.four + " | 260 | 60 |\n"
		s, err := Read("t.md", []byte(md), Markdown, Meta{})
		require.NoError(t, err, md)
		require.Equal(t, []float64{1, 2, 4}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency}, md)
		require.Equal(t, 260.0, s.Points[2].ThroughputTokS)
		require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "`+c.header+`" read as the `+c.axis+`: its cells write the load with its sign ("`+c.one+`"), 3 levels rising with the throughput`, md)
	}
}

func TestSignedCellsThatAreNoLoadAxis(t *testing.T) {
	for _, rows := range []string{
		// Two levels only: no axis a perf engineer would trust.
		"| B=1 | 80 | 40 |\n| B=4 | 260 | 60 |\n",
		// Not rising row to row.
		"| B=4 | 80 | 40 |\n| B=1 | 150 | 45 |\n| B=2 | 260 | 60 |\n",
		// The throughput does not move.
		"| B=1 | 80 | 40 |\n| B=2 | 80 | 45 |\n| B=4 | 80 | 60 |\n",
		// A speedup is no whole number.
		"| 1.00× | 80 | 40 |\n| 1.48× | 150 | 45 |\n| 2.10× | 260 | 60 |\n",
	} {
		md := "| config | Output tok/s | TTFT p50 (ms) |\n|---|---|---|\n" + rows
		_, err := Read("t.md", []byte(md), Markdown, Meta{})
		require.ErrorContains(t, err, "no concurrency column", rows)
	}
}

func TestSignsInTheLoadColumnTheHeaderNames(t *testing.T) {
	md := "| batch | gen tok/s | avg TTFT (ms) | speedup |\n|---|---|---|---|\n" +
		"| 1× | 50.8 | 1,650.8 | 1.00× |\n| 2× | 36.9 | 4,389.7 | 0.73× |\n| 4× | 54.6 | 8,620.2 | 1.07× |\n| 8× | 75.2 | 16,935.1 | 1.48× |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency, s.Points[3].Concurrency})
	require.Equal(t, 36.9, s.Points[1].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: the cells of "batch" write the level with a sign ("1×"): read as the number alone`)

	cap := "| Cap | Output throughput | P99 TTFT |\n| ---: | ---: | ---: |\n" +
		"| 4 (before) | 40.8 tok/s | 2,500 ms |\n| 16 (after) | 133.8 tok/s | 5,828 ms |\n| 32 | 235.5 tok/s | 9,917 ms |\n"
	s, err = Read("t.md", []byte(cap), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{4, 16, 32}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 5828.0, *s.Points[1].TTFT.P99)
	require.Contains(t, strings.Join(s.Notes, "\n"), `read "Cap" as concurrency`)

	// A load column counting GPUs is still refused, naming the cell.
	gpus := "| Concurrency | Output tok/s | TTFT p50 (ms) |\n|---|---|---|\n| 1 GPU | 80 | 40 |\n| 4 GPU | 300 | 55 |\n"
	_, err = Read("t.md", []byte(gpus), Markdown, Meta{})
	require.ErrorContains(t, err, `"1 GPU" is not a number`)
}
func TestLoadCellLevelAfterConfigurationWords(t *testing.T) {
	for cell, want := range map[string]struct {
		level int
		sign  string
	}{
		"batched B=64":                 {64, "b"},
		"paged bs=16":                  {16, "bs"},
		"continuous batching c=8":      {8, "c"},
		"single-stream (stock decode)": {1, ""},
		"single stream":                {1, ""},
		"synchronous":                  {1, ""},
	} {
		level, sign, ok := loadCellLevel(cleanCell(cell))
		require.True(t, ok, cell)
		require.Equal(t, want.level, level, cell)
		require.Equal(t, want.sign, sign, cell)
	}
	for _, cell := range []string{"gpt2 124", "batched 64", "Llama 3 B=", "multi-stream"} {
		_, _, ok := loadCellLevel(cleanCell(cell))
		require.False(t, ok, cell)
	}
}

// A configuration column whose cells write the batch after words, one
// stream first ("single-stream (stock decode)", "batched B=32" …), is the
// load axis (issue 26, batch r's load in configuration words). Simulated.
func TestConfigurationWordsAsLoadAxis(t *testing.T) {
	md := "| config | aggregate tok/s | vs single-stream |\n|---|---|---|\n" +
		"| single-stream (stock decode) | 100 | 1.0× |\n| batched B=16 | 900 | 9.0× |\n| batched B=32 | 1600 | 16.0× |\n| batched B=64 | 2100 | 21.0× |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	for i, want := range []float64{1, 16, 32, 64} {
		require.Equal(t, want, s.Points[i].Concurrency)
	}
	require.Equal(t, 2100.0, s.Points[3].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "config" read as the batch size: its cells write the load with its sign ("batched B=16"), 4 levels rising with the throughput`)
}
