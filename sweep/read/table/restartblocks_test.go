package table

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: two curves under a header knee has no word for, their labels
// naming no configuration and no level repeated: the load falls back
// where the label changes, so the rows are two curves, never one zigzag.
func TestLoadFallingBackAtALabelNamesCurves(t *testing.T) {
	md := "| arm | concurrency | output tok/s |\n|---|---:|---:|\n" +
		"| alpha | 1 | 100 |\n| alpha | 4 | 350 |\n| alpha | 16 | 900 |\n" +
		"| beta | 2 | 150 |\n| beta | 8 | 500 |\n| beta | 32 | 620 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"alpha", "beta"}, amb.headers)

	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "beta"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 2.0, s.Points[0].Concurrency)
}

func TestRestartsLoad(t *testing.T) {
	rows := func(cells ...string) grid {
		var g grid
		for j := 0; j < len(cells); j += 2 {
			g.rows = append(g.rows, []string{cells[j], cells[j+1]})
		}
		return g
	}
	require.True(t, restartsLoad(rows("a", "1", "a", "4", "b", "2", "b", "8"), 0, 1))
	require.False(t, restartsLoad(rows("ramp", "1", "ramp", "2", "saturated", "4", "saturated", "8"), 0, 1), "the load climbs on: one curve in two phases")
	require.False(t, restartsLoad(rows("a", "1", "b", "2", "a", "4", "b", "8"), 0, 1), "labels interleaved")
	require.False(t, restartsLoad(rows("a", "4", "a", "1", "b", "2", "b", "8"), 0, 1), "no climb inside a block")
	require.False(t, restartsLoad(rows("a", "1", "a", "4", "b", "2"), 0, 1), "a label of one row")
}
