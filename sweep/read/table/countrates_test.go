package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A count over the run divided by its duration is a rate (issue 26 item 2).
// Synthetic tables: output tokens generated and the seconds they took give
// the output throughput; requests served and the duration give the served
// request rate; each derived column is said in a note.
func TestCountOverTheRunIsARate(t *testing.T) {
	g := grid{file: "synthetic.md", header: []string{"Concurrency", "Total generated tokens", "Time (s)", "TTFT p50 (ms)"}, headerLine: 1,
		rows:  [][]string{{"1", "12,800", "64", "30"}, {"8", "51,200", "32", "80"}},
		lines: []int{3, 4}}
	s, err := tableToSweep(g, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 200.0, s.Points[0].ThroughputTokS)
	require.Equal(t, 1600.0, s.Points[1].ThroughputTokS)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `synthetic.md: the output throughput is "Total generated tokens" ÷ "Time (s)" on each row (a count over the run divided by its duration): read as "Output tok/s (derived)"`)

	g = grid{file: "synthetic.md", header: []string{"Concurrency", "Output tok/s", "Successful requests", "Benchmark duration", "TTFT p50 (ms)"}, headerLine: 1,
		rows:  [][]string{{"1", "200", "60", "2 min", "30"}, {"8", "1600", "480", "2 min", "80"}},
		lines: []int{3, 4}}
	s, err = tableToSweep(g, Meta{})
	require.NoError(t, err)
	require.Equal(t, 0.5, *s.Points[0].RequestRate)
	require.Equal(t, 4.0, *s.Points[1].RequestRate)
	require.Contains(t, strings.Join(s.Notes, "\n"), `the served request rate is "Successful requests" ÷ "Benchmark duration" on each row`)
}

// Nothing is derived where the table prints the rate, where the duration's
// unit is nowhere stated, or from input tokens. Synthetic.
func TestCountRatesNeedARunTimeInAStatedUnit(t *testing.T) {
	printed := grid{file: "t.md", header: []string{"Concurrency", "Output tok/s", "Total generated tokens", "Duration (s)"},
		rows: [][]string{{"1", "190", "12800", "64"}}, lines: []int{3}}
	require.Empty(t, countRates(&printed))
	require.Len(t, printed.header, 4)

	bare := grid{file: "t.md", header: []string{"Concurrency", "Total generated tokens", "Duration"},
		rows: [][]string{{"1", "12800", "64"}}, lines: []int{3}}
	require.Empty(t, countRates(&bare), "64 what? no rate from a duration in no unit")

	input := grid{file: "t.md", header: []string{"Concurrency", "Total input tokens", "Duration (s)"},
		rows: [][]string{{"1", "12800", "64"}}, lines: []int{3}}
	require.Empty(t, countRates(&input))

	cells := grid{file: "t.md", header: []string{"Concurrency", "Total output tokens", "Duration"},
		rows: [][]string{{"1", "12800", "64 s"}, {"2", "9000", ""}}, lines: []int{3, 4}}
	require.Len(t, countRates(&cells), 1, "each cell writes its unit")
	require.Equal(t, []string{"1", "12800", "64 s", "200"}, cells.rows[0])
	require.Equal(t, []string{"2", "9000", "", ""}, cells.rows[1], "a row without its duration has no rate")
}
