package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The consistency pass, on synthetic tables: a "throughput" under one
// output token per served request is a per-request figure, and an E2E
// whose values are impossible in ms is refused with the --unit that says.
func TestConsistencyPass(t *testing.T) {
	perRequest := synthetic([]string{"Concurrency", "Request throughput (req/s)", "Throughput p50 (tok/s)"}, "",
		[]string{"8", "50", "28.6"},
		[]string{"16", "90", "30.1"})
	_, err := throughPass(t, perRequest, Meta{}, 3)
	require.ErrorContains(t, err, `reads under one output token per request ("Request throughput (req/s)") in 2 of 2 rows`)

	seconds := synthetic([]string{"Concurrency", "Output tok/s", "E2E p50"}, "",
		[]string{"8", "700", "11.7"},
		[]string{"16", "1200", "59.9"})
	_, err = throughPass(t, seconds, Meta{}, 3)
	require.ErrorContains(t, err, `pass --unit "e2e p50=s"`)
	r, err := throughPass(t, seconds, Meta{Units: map[string]string{"e2e p50": "s"}}, 3)
	require.NoError(t, err)
	require.Equal(t, "s", colNamed(t, r, "E2E p50").unit.name)
}
