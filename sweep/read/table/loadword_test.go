package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: "Load" 4 and 16 with 1.6 and 3.2 req/s served at 2.5 s and
// 5 s each: Little's law makes it the requests in flight.
func TestBareLoadIsConcurrencyByLittlesLaw(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Load", "Request throughput (req/s)", "Output tok/s", "Mean E2E (s)"},
		rows:  [][]string{{"4", "1.6", "200", "2.5"}, {"16", "3.2", "400", "5.0"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, r.cols[0].kind)
	require.Contains(t, r.notes, `t.md: "Load" read as the concurrency: by Little's law it is "Request throughput (req/s)" × "Mean E2E (s)" on every row`)
}

// "Level" 1, 2, 4 req/s served as 1, 1.98, 3.1: an offered rate, which
// the server serves in full below its capacity.
func TestBareLoadIsOfferedRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Level", "Request throughput (req/s)", "Output tok/s", "Mean E2E (s)"},
		rows:  [][]string{{"1", "1", "120", "1.2"}, {"2", "1.98", "230", "1.5"}, {"4", "3.1", "370", "9.0"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colRequestedRate, r.cols[0].kind)
}

// Neither law holds: the column stays unread.
func TestBareLoadNeedsThePhysics(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Load", "Request throughput (req/s)", "Output tok/s"},
		rows:  [][]string{{"4", "9", "200"}, {"16", "12", "400"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colIgnore, r.cols[0].kind)
}
