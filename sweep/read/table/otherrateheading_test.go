package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a transposed table under "**Total throughput, tok/s**" whose
// rows are servers, one named by its slots ("16 slots": a setting, not a
// row of levels). The heading names the table's only token rate: read as
// the node's, as a lone "Total" column is (families.go loneTotal), and
// the note says a floor from it counts its own tokens.
func TestTotalRateHeadingNamesTransposedRows(t *testing.T) {
	doc := `**Total throughput, tok/s** (synthetic chat 200/200)

| Concurrent requests | 1 | 8 | 32 | 128 |
|---|---|---|---|---|
| engine A, 16 slots | 87 | 607 | 2,262 | 5,458 |
| engine B | 151 | 1,099 | 3,817 | 8,713 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "engine A, 16 slots"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 5458.0, s.Points[3].ThroughputTokS)
	require.Equal(t, 128.0, s.Points[3].Concurrency)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Total throughput, tok/s" read as the node's tok/s: the table has no other token rate`)
}
