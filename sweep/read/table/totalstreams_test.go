package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: "Total TPS" is "Per-Session TPS" times the concurrency on
// every row: the sum over the streams, the node's output rate, though
// "total" alone would read as input + output.
func TestTotalThatSumsStreamsIsNodeRate(t *testing.T) {
	doc := `| Concurrency | Total TPS | Per-Session TPS |
|---|---|---|
| 1 | 100 | 100 |
| 4 | 230 | 57 |
| 8 | 236 | 30 |
| 16 | 230 | 14 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 236.0, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Total TPS" read as the node's output tok/s: on every row it is "Per-Session TPS" times the concurrency`)
}
