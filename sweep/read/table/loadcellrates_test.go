package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: an offered-rate sweep writes its levels "1/s", "8/s", "32/s":
// read as 1, 8 and 32 requests a second.
func TestRateCellsWithAPerSecondMarkAreRead(t *testing.T) {
	md := `| Request rate | Output tok/s | Mean E2E (ms) |
|---|---|---|
| 1/s | 13.3 | 215 |
| 8/s | 85.9 | 760 |
| 32/s | 139.6 | 830 |
`
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 139.6, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: the cells of "Request rate" mark the rate per second ("1/s"): read as requests a second`)
}

// Simulated: a cell with any other mark is left to the column passes,
// which refuse it by name.
func TestRateCellsWithAnotherMarkAreRefused(t *testing.T) {
	md := `| Request rate | Output tok/s | Mean E2E (ms) |
|---|---|---|
| 1/s | 13.3 | 215 |
| 8/min | 85.9 | 760 |
| 32/s | 139.6 | 830 |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"1/s" is not a number`)
}
