package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Thousands grouped by a space (synthetic tables): read when the column's
// cells agree, with a comma then the decimal mark; refused naming the cell
// when another cell of the column is written whole.
func TestSpaceGroupedThousandsAreReadWhenTheColumnAgrees(t *testing.T) {
	md := `| Concurrency | Output tok/s | TTFT p50 (ms) |
|---|---|---|
| 1 | 812,5 | 436 |
| 8 | 2 022,25 | 2 022 |
| 32 | 12 400 tok/s | 15 289 |
`
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.InDelta(t, 812.5, s.Points[0].ThroughputTokS, 1e-9)
	require.InDelta(t, 2022.25, s.Points[1].ThroughputTokS, 1e-9)
	require.InDelta(t, 12400, s.Points[2].ThroughputTokS, 1e-9)
	require.InDelta(t, 436.0, *s.Points[0].TTFT.P50, 1e-9)
	require.InDelta(t, 2022.0, *s.Points[1].TTFT.P50, 1e-9)
	require.InDelta(t, 15289.0, *s.Points[2].TTFT.P50, 1e-9)
	require.Contains(t, s.Notes, `t.md: "TTFT p50 (ms)" writes thousands with a space ("2 022"): read as 2022`)
}

func TestSpaceGroupsInAColumnThatAlsoWritesThousandsWholeAreRefused(t *testing.T) {
	md := `| Concurrency | Output tok/s | TTFT p50 (ms) |
|---|---|---|
| 1 | 80 | 1436 |
| 8 | 600 | 2 022 |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `TTFT p50 (ms): "2 022" is not a number`)

	// A comma that may group thousands ("12,345") leaves the column as written.
	require.False(t, spaceGroupedColumn(synthetic([]string{"x"}, "", []string{"12,345"}, []string{"1 234"}), 0))
}

func TestJoinGroups(t *testing.T) {
	for in, want := range map[string]string{
		"2 022": "2022", "1 234,5": "1234.5", "~2 400 tok/s": "~2400 tok/s", "-1 000 000": "-1000000", "987,5": "987.5", "12": "12",
	} {
		require.Equal(t, want, joinGroups(in), in)
	}
}
