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
