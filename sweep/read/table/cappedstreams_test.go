package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: an engine capped at 32 running requests. Up to 32 the node's
// rate is the per-stream speed × the load; past it both stay flat while
// the load doubles. The speed column is one stream's, the throughput the
// node's, with no flag.
func TestPerStreamSpeedBesideACappedEngine(t *testing.T) {
	md := "| Concurrency | Inference Speed (token/second) | Throughput (token/second) |\n|---|---|---|\n" +
		"| 1 | 48.8 | 48.0 |\n| 2 | 47.3 | 92.9 |\n| 4 | 45.1 | 176.5 |\n| 8 | 42.5 | 333.5 |\n| 16 | 38.4 | 597.8 |\n" +
		"| 32 | 29.9 | 929.2 |\n| 64 | 30.0 | 933.1 |\n| 128 | 30.0 | 934.3 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 8)
	require.Equal(t, 934.3, s.Points[7].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Inference Speed (token/second)" read as a per-stream rate`)
}

// Synthetic: past the plateau the stream rate keeps falling: no cap, so
// the capped reading does not hold (the rows must say which it is).
func TestCappedStreamsNeedsFlatStreamsPastThePlateau(t *testing.T) {
	pts := streamPoints{{1, 48, 48}, {2, 47, 93}, {4, 45, 177}, {8, 42, 333}, {16, 38, 598}, {32, 30, 929}, {64, 20, 933}}
	require.False(t, pts.cappedStreams())
	pts[6].stream = 30.2
	require.True(t, pts.cappedStreams())
}
