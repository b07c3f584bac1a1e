package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule (a simulated summary): the real one is batch m's
// inference-bench summary.csv, whose latency_p*_median columns are in
// seconds like its TTFT, which --unit states.

func TestE2EBelowTTFTInMSIsInSeconds(t *testing.T) {
	csv := "concurrency,throughput,ttft_p50 (s),latency_p50,latency_p99\n1,17,0.0694,7.478,7.525\n4,66,0.123,7.739,7.788\n16,255,0.196,8.1,8.4\n"
	s, err := Read("s.csv", []byte(csv), CSV, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 7478.0, *s.Points[0].E2E.P50, 1e-6)
	require.InDelta(t, 8400.0, *s.Points[2].E2E.P99, 1e-6)
	require.Contains(t, strings.Join(s.Notes, "\n"), `s.csv: "latency_p50", "latency_p99" read in s: in ms "latency_p50" would lie below "ttft_p50 (s)", and a request's end-to-end time holds its first token`)
}

func TestE2EAboveTTFTStaysInMS(t *testing.T) {
	// Already above the TTFT in ms: nothing to decide.
	csv := "concurrency,throughput,ttft_p50 (s),latency_p50\n1,17,0.0694,7478\n4,66,0.123,7739\n"
	s, err := Read("s.csv", []byte(csv), CSV, Meta{})
	require.NoError(t, err)
	require.Equal(t, 7478.0, *s.Points[0].E2E.P50)

	// Below on one row only (a typo, a rounding): not enough to decide.
	one := "concurrency,throughput,ttft_p50 (s),latency_p50\n1,17,0.0694,30\n4,66,0.123,7739\n16,255,0.196,8100\n"
	s, err = Read("s.csv", []byte(one), CSV, Meta{})
	require.NoError(t, err)
	require.Equal(t, 7739.0, *s.Points[1].E2E.P50)
	require.NotContains(t, strings.Join(s.Notes, "\n"), "read in s: in ms")
}
