package table

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// Run names that end with the row's load ("…-c8" beside conc 8) name the
// curve without it: two curves of three levels each, and a single-stream
// run at c=1 apart from the curve's own c=1, never merged with it.
func TestLabelEndingInLoadNamesTheCurve(t *testing.T) {
	csv := "run,conc,output tok/s\n" +
		"[short-c1](a.md),1,88\n[short-c8](b.md),8,256\n[short-c64](c.md),64,503\n" +
		"[medium-c1](d.md),1,81\n[medium-c8](e.md),8,98\n[medium-c64](f.md),64,109\n" +
		"[short_single_stream](g.md),1,93\n"
	_, err := Read("t.csv", []byte(csv), CSV, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"short", "medium", "short_single_stream"}, amb.headers)
	s, err := Read("t.csv", []byte(csv), CSV, Meta{Series: "short"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
}

// An ending whose number is not the row's load (a model "llama-c2" at
// several loads) is part of the name: nothing is dropped.
func TestLabelEndingNotTheLoadStays(t *testing.T) {
	g := grid{header: []string{"run", "conc", "output tok/s"},
		rows: [][]string{{"llama-c2", "1", "88"}, {"llama-c2", "8", "256"}, {"llama-c2", "64", "503"}}}
	require.Empty(t, dropLabelLoads(&g))
	require.Equal(t, "llama-c2", g.rows[1][0])
}
