package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: an "aggregate" column whose cells
// write tok/s beside a per-stream one.
const aggregateInCells = `| N | aggregate | per stream |
|---|---|---|
| 1 | 40.0 tok/s | 40.0 |
| 2 | 70.0 | 35.0 |
| 4 | 120.0 tok/s | 30.0 |
`

func TestAggregateWhoseCellsWriteTokRateIsTheThroughput(t *testing.T) {
	s, err := Read("t.md", []byte(aggregateInCells), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 70.0, s.Points[1].ThroughputTokS)

	_, err = Read("t.md", []byte(`| N | aggregate |
|---|---|
| 1 | 40.0 |
| 4 | 120.0 |
`), Markdown, Meta{})
	require.ErrorContains(t, err, "no throughput column", "no cell says what it sums")
}

func TestOnlySumWords(t *testing.T) {
	require.True(t, onlySumWords("**Aggregate**"))
	require.True(t, onlySumWords("total"))
	require.False(t, onlySumWords("total tokens"))
	require.False(t, onlySumWords(""))
	g := grid{rows: [][]string{{"1", "3 req/s"}, {"2", "5 tok/s"}}}
	require.False(t, cellsWriteTokRate(g, 1), "a cell in req/s: not a token rate")
}

// Built for the rule, not measured: two workloads' tables of one layout,
// the first writing no unit anywhere; the second reads, and the note names
// the first rather than leaving it unsaid.
const twoWorkloadTables = `Prose:

| N | aggregate | per stream | TTFT max |
|---|---|---|---|
| 1 | 15.0 | 15.0 | 0.2 s |
| 4 | 31.0 | 8.0 | 0.4 s |

Code:

| N | aggregate | per stream |
|---|---|---|
| 1 | 48.0 tok/s | 48.0 |
| 4 | 126.0 tok/s | 34.0 |
`

func TestTableOfTheSameColumnsNotReadIsNamed(t *testing.T) {
	s, err := Read("t.md", []byte(twoWorkloadTables), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 126.0, s.Points[1].ThroughputTokS)
	require.Contains(t, s.Notes[len(s.Notes)-1], "not read: the table at line 3")
	require.False(t, sameColumns(grid{header: []string{"N"}}, grid{header: []string{"N", "x"}}), "one shared header says nothing")
}
