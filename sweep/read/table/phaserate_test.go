package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: "Decode tok/s" above "Output tok/s" on every row, the output
// rate rising with the batch: the output rate is read, the decode one not.
func TestDecodePhaseRateBesideOutputRate(t *testing.T) {
	md := "| Batch | Prefill tok/s | Decode tok/s | Output tok/s |\n|---|---|---|---|\n" +
		"| 1 | 1107 | 225.8 | 72.2 |\n| 4 | 2487 | 654.5 | 173.1 |\n| 8 | 3292 | 1141.2 | 242.6 |\n| 16 | 1680 | 1986.7 | 142.6 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 242.6, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Decode tok/s" is the decode phase's rate`)
}

// Synthetic: a decode rate below the output rate on a row is not the
// decode phase of that run: the choice stays with the ambiguity pass.
func TestDecodeRateBelowOutputStaysACandidate(t *testing.T) {
	md := "| Batch | Decode tok/s | Output tok/s |\n|---|---|---|\n" +
		"| 1 | 225.8 | 72.2 |\n| 4 | 654.5 | 173.1 |\n| 8 | 200.0 | 242.6 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, "both read as throughput")
}
