package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// pipeLines writes cells one a line, each closed by a pipe, as a page's
// text extraction flattens an HTML table.
func pipeLines(cells ...string) string {
	var b strings.Builder
	for _, c := range cells {
		b.WriteString(c + " |\n")
	}
	return b.String()
}

// Synthetic: a docs page's table flattened to one cell per line, the
// separator row counting its three columns, rebuilt as its grid.
func TestFlattenedPipeCellsRebuildTheGrid(t *testing.T) {
	text := "Results\n" + pipeLines("Concurrency", "TTFT (ms)", "Throughput (tok/s)") + "---|---|---|\n" +
		pipeLines("1", "120.5", "50.1", "8", "180.2", "350.4", "32", "400.9", "900.7")
	s, err := readMarkdown("t.txt", []byte(text), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 32.0, s.Points[2].Concurrency)
	require.InDelta(t, 900.7, s.Points[2].ThroughputTokS, 1e-9)
	require.InDelta(t, 400.9, *s.Points[2].TTFT.Mean, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), "one a line")
	require.Equal(t, "t.txt:9", s.Points[1].Source)
}

// Synthetic: the lines allow no single grid (cells short of a whole row, or
// a fourth one-cell line above the three-column separator that leaves the
// header's first cell in doubt): not rebuilt, refused as before.
func TestFlattenedPipeCellsNeedOneReading(t *testing.T) {
	short := pipeLines("Concurrency", "TTFT (ms)", "Throughput (tok/s)") + "---|---|---|\n" +
		pipeLines("1", "120.5", "50.1", "8", "180.2", "350.4", "32", "400.9")
	_, err := readMarkdown("t.txt", []byte(short), Meta{})
	require.Error(t, err)
	extra := pipeLines("Model A", "Concurrency", "TTFT (ms)", "Throughput (tok/s)") + "---|---|---|\n" +
		pipeLines("1", "120.5", "50.1", "8", "180.2", "350.4", "32", "400.9", "900.7")
	_, err = readMarkdown("t.txt", []byte(extra), Meta{})
	require.Error(t, err)
}
