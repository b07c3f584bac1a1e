package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a sweep run at three memory fractions, the levels repeating
// under each: the fractions key three curves, never one merged curve.
func TestMemoryFractionsKeyCurves(t *testing.T) {
	md := "| KV Cache (`mem_fraction`) | Concurrent | Output tok/s |\n|---|---|---|\n"
	for _, f := range []string{"0.80", "0.90"} {
		for i, c := range []string{"5", "15", "35"} {
			md += "| " + f + " | " + c + " | " + []string{"381", "919", "1,378"}[i] + " |\n"
		}
	}
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "0.90"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"KV Cache (`+"`mem_fraction`"+`)" holds fractions of one, no size`)
	// A memory column in GiB stays a size, unread.
	g := grid{rows: [][]string{{"40"}, {"80"}}}
	require.False(t, bareFractions(g, 0))
}
