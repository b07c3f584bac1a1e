package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: an open-loop sweep whose two highest offered rates completed
// nothing in the window prints 0 for throughput and every latency there:
// failed levels, left out and named, the sweep read from the levels that
// served.
func TestUnservedLevelsAreFailedLevels(t *testing.T) {
	text := "| Concurrency | Output tok/s | TTFT mean (ms) | TPOT mean (ms) |\n|---|---|---|---|\n" +
		"| 1 | 50.1 | 120 | 20 |\n| 4 | 180.3 | 150 | 22 |\n| 16 | 400.2 | 300 | 35 |\n| 32 | 0.0 | 0.0 | 0.0 |\n| 64 | 0 | 0 | 0 |\n"
	s, err := readMarkdown("t.md", []byte(text), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, "2 level(s) served nothing")
	require.Contains(t, notes, "line 6 at Concurrency 32, line 7 at Concurrency 64")
	require.Contains(t, notes, "collapsed past its last served level")
}

// Synthetic: a 0 throughput beside a measured latency is no unserved
// level (something completed, or the cell means another thing): the row
// stays for the other rules, which refuse a point at 0 tok/s as before.
func TestZeroThroughputWithLatencyIsNotUnserved(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "Output tok/s", "TTFT mean (ms)"},
		rows: [][]string{{"1", "50", "120"}, {"4", "0", "900"}}, lines: []int{3, 4}}
	require.Empty(t, dropUnservedRows(&g, classifyAll(g.header)))
	require.Len(t, g.rows, 2)
}
