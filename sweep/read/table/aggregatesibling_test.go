package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a sum column with bare cells beside a per-stream column whose
// cells write tok/s; the sum is the stream's rate × the load on every row
// (the stream slows a little as the load grows), so it is the node's rate.
const aggregateBesideStreamTable = `| Users | Per request | Aggregate |
|---|---|---|
| 1 | 50.0 tok/s | 50.0 |
| 2 | 48.0 tok/s | 96.1 |
| 4 | 45.0 tok/s | 179.5 |
| 8 | — | 330 |
`

func TestAggregateBesideStreamIsTheThroughput(t *testing.T) {
	s, err := Read("t.md", []byte(aggregateBesideStreamTable), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 179.5, s.Points[2].ThroughputTokS)
	require.Equal(t, 330.0, s.Points[3].ThroughputTokS)
}

// Synthetic: the same layout where the bare column is no sum of the
// streams (flat while the load grows eightfold): it stays unread.
func TestAggregateNotTheStreamsSumStaysUnread(t *testing.T) {
	_, err := Read("t.md", []byte(`| Users | Per request | Aggregate |
|---|---|---|
| 1 | 50.0 tok/s | 50.0 |
| 2 | 48.0 tok/s | 51.0 |
| 4 | 45.0 tok/s | 52.0 |
`), Markdown, Meta{})
	require.ErrorContains(t, err, "no throughput column")
}

// Synthetic: no column states a unit, but the two behave as a node's rate
// and one stream's (the aggregate grows with the users, the per-request
// one falls, the aggregate never above their product): only tokens are
// summed over streams so, and both are read as tok/s (aggstreampair.go,
// after batch bs, whose collector read a pair so; until then this table
// was refused).
func TestAggregateBesideUnitlessStreamReadByPhysics(t *testing.T) {
	s, err := Read("t.md", []byte(`| Users | Per request | Aggregate |
|---|---|---|
| 1 | 50.0 | 50.0 |
| 2 | 48.0 | 96.0 |
| 4 | 45.0 | 180.0 |
`), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{50, 96, 180}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Aggregate" grows with "Users" while "Per request" falls`)
}
