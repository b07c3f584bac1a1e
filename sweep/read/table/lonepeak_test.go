package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: the table's only rate of the node is a peak, beside a
// per-user rate: read, with a note that floors from a peak are high.
func TestLonePeakRateIsRead(t *testing.T) {
	doc := `| Concurrency | Peak Tokens/Sec | Per-User tok/s |
|---|---|---|
| 1 | 95 | 95 |
| 8 | 610 | 76 |
| 32 | 1,480 | 46 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 1480.0, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Peak Tokens/Sec" read as the node's tok/s: the table has no other rate of the node`)
}

// Synthetic: beside a mean node rate the peak stays unread: there the
// choice changes the answer.
func TestPeakBesideMeanStaysUnread(t *testing.T) {
	doc := `| Concurrency | Output tok/s | Peak tok/s |
|---|---|---|
| 1 | 90 | 120 |
| 8 | 600 | 900 |
| 32 | 1,400 | 2,100 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 1400.0, s.Points[2].ThroughputTokS)
}

// Synthetic: "total tok/s" beside its own peak: the total is the table's
// rate (the peak is the same rate's best instant), read as loneTotal reads.
func TestTotalBesidePeakIsRead(t *testing.T) {
	doc := `| concurrency | total tok/s | peak tok/s |
|---|---|---|
| 1 | 39.8 | 45 |
| 2 | 58.6 | 69 |
| 4 | 76.2 | 102 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 76.2, s.Points[2].ThroughputTokS)
}
