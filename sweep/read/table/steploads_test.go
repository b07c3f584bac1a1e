package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured.

// A load under a header knee has no word for: where the node's rate is flat
// along it (it may be an input length), the refusal names it, and the flag
// it names reads the table; where the rate grows along it, it is read
// (steppingLoad, steppingload_test.go).
func TestSteppingColumnNamedAsTheLoad(t *testing.T) {
	md := "| Anzahl | tok/s |\n|---|---|\n| 1 | 40 |\n| 2 | 41 |\n| 4 | 42 |\n| 8 | 41 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"Anzahl" steps up row by row as a load does (1, 2, 4 … 8): if it is the level, say so with --column concurrency="Anzahl"`)
	s, err := Read("t.md", []byte(md), Markdown, Meta{Columns: map[string]string{"concurrency": "Anzahl"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	rising := "| Anzahl | tok/s |\n|---|---|\n| 1 | 40 |\n| 2 | 78 |\n| 4 | 150 |\n| 8 | 260 |\n"
	s, err = Read("t.md", []byte(rising), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 8.0, s.Points[3].Concurrency)
}

// No hint for a column that falls, repeats a few values, counts the rows
// or holds text.
func TestSteppingColumnNeedsALadder(t *testing.T) {
	for name, cells := range map[string][]string{
		"falls":      {"8", "4", "2", "1"},
		"narrow":     {"5", "6", "7", "8"},
		"row number": {"1", "2", "3", "4"},
		"text":       {"a", "b", "c", "d"},
		"a fraction": {"0.5", "1", "2", "4"},
	} {
		g := grid{header: []string{"Anzahl", "tok/s"}}
		for _, c := range cells {
			g.rows = append(g.rows, []string{c, "10"})
		}
		require.Empty(t, steppingLoadHint(g, classifyAll(g.header)), name)
	}
}
