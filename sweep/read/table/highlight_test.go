package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic tables: the author's bold, or a caption naming a column, marks
// the number the table is about.
func TestHighlightedFirstBoldValues(t *testing.T) {
	g := grid{
		header: []string{"Users", "tok/s A", "tok/s B"},
		rows: [][]string{
			{"1", "10", "**11**"},
			{"2", "19", "**21**"},
			{"4", "30", "33"},
		},
	}
	require.Equal(t, []int{2, 1}, highlightedFirst(g, []int{1, 2}))
	g.rows[1][2] = "21"
	require.Equal(t, []int{1, 2}, highlightedFirst(g, []int{1, 2}), "one bold cell in three is a peak marked, not a column")
}

func TestHighlightedFirstCaption(t *testing.T) {
	g := grid{
		header:  []string{"Users", "Rate A", "Rate B"},
		rows:    [][]string{{"1", "10", "11"}, {"2", "19", "21"}},
		caption: "Rate B by users, measured on one GPU:",
	}
	require.Equal(t, []int{2, 1}, highlightedFirst(g, []int{1, 2}))
	g.caption = ""
	g.title = []string{"Results", "Rate A"}
	require.Equal(t, []int{1, 2}, highlightedFirst(g, []int{1, 2}))
}
