package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A catalog's "primary metric" writes "output tok/s" in every cell: the
// column is the throughput, read as if its header said so.
func TestSidedRateCellsNameTheColumn(t *testing.T) {
	csv := "conc,primary metric\n1,45.1 output tok/s\n4,168.06 output tok/s\n16,364.64 output tok/s\n64,473.1 output tok/s\n"
	s, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.InDelta(t, 168.06, s.Points[1].ThroughputTokS, 1e-9)
}

// Cells of two sides (a catalog of mixed metrics) name no one column:
// left as they are, and the column is not read as the throughput.
func TestSidedRateCellsMixedSidesStay(t *testing.T) {
	g := grid{file: "t.csv", header: []string{"conc", "primary metric"},
		rows: [][]string{{"1", "45 output tok/s"}, {"4", "900 total tok/s"}}}
	require.Empty(t, nameSidedRateCells(&g))
	require.Equal(t, "primary metric", g.header[1])
	_, ok := cellsSidedRate(grid{rows: [][]string{{"1", "4 output ms"}, {"2", "5 output ms"}}}, 1)
	require.False(t, ok, "a time is no rate")
}

// "total tok/s" in the cells names a total rate: beside an output rate it
// is input + output; alone it is the table's only token rate, read as the
// node's with a note (loneTotal).
func TestSidedRateCellsTotalIsNotOutput(t *testing.T) {
	csv := "conc,primary metric,out\n1,450 total tok/s,45 output tok/s\n4,1680 total tok/s,168 output tok/s\n16,3646 total tok/s,364 output tok/s\n"
	s, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 168.0, s.Points[1].ThroughputTokS, 1e-9)
	alone := "conc,primary metric\n1,450 total tok/s\n4,1680 total tok/s\n16,3646 total tok/s\n"
	s, err = Read("t.csv", []byte(alone), CSV, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 1680.0, s.Points[1].ThroughputTokS, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), "the table has no other token rate (were it input + output")
}
