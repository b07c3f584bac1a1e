package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// baselineDoc is simulated: a new build's curve beside the old one's, the
// caption naming the old one as what the table compares against.
const baselineDoc = `## Build 7: fused decode kernel

Throughput vs the unfused build-6 path:

| batch | build 6 tok/s | build 7 tok/s | speedup |
|---|---|---|---|
| 1 | 30 | 40 | 1.33x |
| 4 | 50 | 90 | 1.80x |
| 8 | 55 | 115 | 2.09x |
| 16 | 58 | 130 | 2.24x |
`

// The caption names the baseline: the other curve, the table's subject, is
// read with a note; --series still reads the baseline.
func TestCaptionBaselineLeavesTheSubject(t *testing.T) {
	s, err := readMarkdown("t.md", []byte(baselineDoc), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 130.0, s.Points[3].ThroughputTokS)
	require.Contains(t, s.Notes, `t.md: the table compares "7" against the baseline "6" its caption names: "7" read; --series "6" reads the baseline`)

	b, err := readMarkdown("t.md", []byte(baselineDoc), Meta{Series: "6"})
	require.NoError(t, err)
	require.Equal(t, 58.0, b.Points[3].ThroughputTokS)
}

// Simulated: a caption that compares nothing, or names both curves, leaves
// the choice to the user.
func TestCaptionWithoutOneBaselineStaysRefused(t *testing.T) {
	for _, caption := range []string{"Throughput of both builds:", "Build 6 vs build 7:"} {
		doc := "# Results\n\n" + caption + "\n\n| batch | build 6 tok/s | build 7 tok/s |\n|---|---|---|\n| 1 | 30 | 40 |\n| 4 | 50 | 90 |\n| 8 | 55 | 115 |\n"
		_, err := readMarkdown("t.md", []byte(doc), Meta{})
		require.ErrorContains(t, err, "--series", caption)
	}
}
