package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: guidellm's strategies with only the median requests in
// flight, one or more on every row: the only load, read as the level.
func TestMedianInFlightNeverIdleIsLevel(t *testing.T) {
	doc := `| Strategy | Concurrency (Mdn) | Output tok/s (Mean) |
|---|---|---|
| synchronous | 1 | 23.2 |
| constant (low) | 2 | 33.1 |
| constant (mid) | 5 | 60.7 |
| constant (high) | 9 | 72.9 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 9.0, s.Points[3].Concurrency)
	require.Contains(t, strings.Join(s.Notes, "\n"), "the median requests in flight each stage measured, read as the level")
}

// Synthetic: a median of 0 on a row (the stage idled half its time) is no
// level: refused, naming the flag.
func TestMedianInFlightIdleRefused(t *testing.T) {
	doc := `| Strategy | Concurrency (Mdn) | Output tok/s (Mean) |
|---|---|---|
| constant (low) | 0 | 12.0 |
| constant (mid) | 3 | 60.7 |
| constant (high) | 9 | 72.9 |
`
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, "nor a mean of it")
}
