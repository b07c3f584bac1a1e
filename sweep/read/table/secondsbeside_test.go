package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a CPU run's TPOT of 0.48–0.89 beside TTFTs only possible in
// seconds: the table's one unit, seconds.
func TestTPOTInSecondsBesideSecondTTFT(t *testing.T) {
	doc := "conc  TTFT p50  TPOT p50  tok/s\n" +
		"1     1.396     0.4837    1.7\n" +
		"2     1.692     0.5495    2.9\n" +
		"4     2.863     0.8904    3.5\n"
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 549.5, *s.Points[1].ITL.P50, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"TPOT p50" read in s: the table's other latencies are in seconds`)
}

// Synthetic: a bare TPOT of 8–12 beside "TTFT (s)" is a decode step in
// ms, not seconds.
func TestBareTPOTBesideSecondsStaysMS(t *testing.T) {
	doc := "| conc | TTFT (s) | TPOT | tok/s |\n|---|---|---|---|\n| 1 | 0.2 | 8 | 120 |\n| 2 | 0.3 | 9 | 220 |\n| 4 | 0.5 | 12 | 330 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 9.0, *s.Points[1].ITL.Mean, 1e-9)
}
