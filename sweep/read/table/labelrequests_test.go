package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: conditions named in words, the requests in flight counted
// beside a load word, and one request written "Single user".
func TestLabelRequestsBesideLoadWord(t *testing.T) {
	doc := `| Condition | System tok/s |
|---|---|
| Single user | 150 |
| Mid concurrency (8 reqs) | 1,100 |
| Max concurrency (32 reqs) | 2,600 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 8, 32}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
}

// Synthetic: a count of requests with no load word is the run's size, not
// the load: no concurrency is read from it.
func TestLabelRequestsWithoutLoadWordNoLoad(t *testing.T) {
	doc := `| Run | System tok/s |
|---|---|
| short (100 requests) | 150 |
| medium (200 requests) | 1,100 |
| long (400 requests) | 2,600 |
`
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, "no concurrency column")
}
