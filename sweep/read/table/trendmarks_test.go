package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a trend arrow after a value is a mark, not a unit.
func TestTrendArrowAfterValue(t *testing.T) {
	require.Equal(t, "2900", cleanCell("2900 ↑"))
	require.Equal(t, "3,000", cleanCell("**3,000** ↓"))
	require.Equal(t, "↑", cleanCell("↑"))
	doc := "| Concurrency | Output tok/s |\n|---|---|\n| 1 | 850 ↑ |\n| 4 | 1600 ↑ |\n| 16 | 2900 ↑ |\n| 64 | 3000 ↓ |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 3000.0, s.Points[3].ThroughputTokS)
}
