package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: an E2E column with no unit whose values × the served req/s
// are the concurrency is in seconds (4 in flight at 1.6 req/s: 2.5 s each).
func TestLittlesLawSaysSeconds(t *testing.T) {
	g := grid{file: "t.md", header: []string{"concurrency", "req/s", "Output tok/s", "E2E"},
		rows:  [][]string{{"1", "0.5", "60", "1.9"}, {"4", "1.6", "200", "2.5"}, {"16", "3.2", "400", "4.9"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, "s", r.cols[3].unit.name)
	require.Equal(t, fromLittle, r.cols[3].unitFrom)
	require.Contains(t, r.notes, `t.md: "E2E" read in s: by Little's law its value × "req/s" is "concurrency" on every row (in ms it would put a thousandth of the requests in flight)`)
}

// In ms the law holds (1900 ms at 0.5 req/s is about one in flight): the
// column keeps the unit benchmark clients print. Where it holds in
// neither, nothing is decided by it.
func TestLittlesLawKeepsMilliseconds(t *testing.T) {
	g := grid{file: "t.md", header: []string{"concurrency", "req/s", "Output tok/s", "E2E"},
		rows:  [][]string{{"1", "0.5", "60", "1900"}, {"4", "1.6", "200", "2500"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, "ms", r.cols[3].unit.name)
	require.False(t, r.cols[3].stated)
	require.False(t, littleHolds(g, 0, 1, 3, 1))
	require.True(t, littleHolds(g, 0, 1, 3, 1e-3))
}
