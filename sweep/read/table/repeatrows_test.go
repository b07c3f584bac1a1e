package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: the header repeated after two levels, and a rule of dashes
// after three, in a table of five levels.
func TestRepeatedHeaderAndRulesAreDropped(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "**Output tok/s**"},
		rows:  [][]string{{"1", "100"}, {"2", "190"}, {"Concurrency", "Output tok/s"}, {"4", "350"}, {"---", ":---:"}, {"8", "600"}, {"16", "700"}},
		lines: []int{3, 4, 5, 6, 7, 8, 9}}
	notes := dropRepeatRows(&g)
	require.Equal(t, [][]string{{"1", "100"}, {"2", "190"}, {"4", "350"}, {"8", "600"}, {"16", "700"}}, g.rows)
	require.Equal(t, []int{3, 4, 6, 8, 9}, g.lines)
	require.Equal(t, []string{"t.md: 1 rows repeating the header and 1 rules of dashes read as breaks in the table, not as levels"}, notes)
}

// A row that names one header cell only, or a label beside numbers, is a
// row: nothing is dropped.
func TestRowsLikeTheHeaderStay(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Engine", "Concurrency", "Output tok/s"},
		rows: [][]string{{"Engine", "1", "100"}, {"vLLM", "--", "190"}}, lines: []int{3, 4}}
	require.Nil(t, dropRepeatRows(&g))
	require.Len(t, g.rows, 2)
}
