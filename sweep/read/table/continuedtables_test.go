package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// continuedDoc is simulated: an in-capacity sweep, then an overload sweep
// of the same columns past the server's cap, each under its own caption.
const continuedDoc = `# Concurrency sweep

In-capacity sweep:

| concurrency | aggregate tok/s | per-stream tok/s |
| ---: | ---: | ---: |
| 1 | 300 | 300 |
| 4 | 900 | 225 |
| 16 | 2000 | 125 |
| 32 | 2600 | 81 |

Overload sweep:

| concurrency | aggregate tok/s | per-stream tok/s |
| ---: | ---: | ---: |
| 48 | 2500 | 52 |
| 64 | 2550 | 40 |
`

// Two tables of the same columns whose levels continue above each other,
// with the rate staying on the plateau, are one curve: read as one sweep.
func TestContinuedTablesReadAsOneCurve(t *testing.T) {
	s, err := readMarkdown("t.md", []byte(continuedDoc), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 6)
	require.Equal(t, 32.0, s.Points[3].Concurrency)
	require.Equal(t, 48.0, s.Points[4].Concurrency)
	require.Equal(t, 2550.0, s.Points[5].ThroughputTokS)
	require.Contains(t, s.Notes[len(s.Notes)-1], `"In-capacity sweep" (line 5), "Overload sweep" (line 14) have the same columns`)
}

// Simulated: the second table starts well above the first's highest rate
// (another setup, not a continuation), or its levels overlap the first's:
// two curves, refused as before.
func TestTablesThatAreTwoCurvesStayRefused(t *testing.T) {
	stronger := []byte(`In-capacity sweep:

| concurrency | aggregate tok/s |
| ---: | ---: |
| 1 | 300 |
| 4 | 900 |
| 16 | 2000 |

Bigger node:

| concurrency | aggregate tok/s |
| ---: | ---: |
| 32 | 5200 |
| 64 | 7800 |
| 128 | 9000 |
`)
	_, err := readMarkdown("t.md", stronger, Meta{})
	require.ErrorContains(t, err, "--series")

	overlapping := []byte(`Run A:

| concurrency | aggregate tok/s |
| ---: | ---: |
| 1 | 300 |
| 4 | 900 |
| 16 | 2000 |

Run B:

| concurrency | aggregate tok/s |
| ---: | ---: |
| 8 | 1500 |
| 16 | 1900 |
| 32 | 2100 |
`)
	_, err = readMarkdown("t.md", overlapping, Meta{})
	require.ErrorContains(t, err, "--series")
}
