package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestListCell(t *testing.T) {
	require.True(t, listCell("26, 27, 24, 20, 27"))
	require.True(t, listCell("187 … 797"))
	require.False(t, listCell("1,024"))
	require.False(t, listCell("8"))
	require.False(t, listCell("a, b"))
}

// Synthetic: a column whose header names clients but whose cells list a
// value per turn is no load beside "clients", which is read as the level.
func TestListColumnIsNoLoad(t *testing.T) {
	md := "| clients | aggregate tok/s | prompt − reused, turns 2–6 (every client) |\n|---|---|---|\n" +
		"| 1 | 65.3 | 26, 27, 24 |\n| 2 | 56.9 | 190, 345, 497 |\n| 4 | 57.0 | 187 … 797 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4.0, s.Points[2].Concurrency)
	require.Contains(t, strings.Join(s.Notes, "\n"), "its cells list several values")
}
