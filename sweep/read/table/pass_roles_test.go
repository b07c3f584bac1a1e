package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The roles pass, on a synthetic table: beside a configured
// max_concurrency the plain concurrency is what was achieved, a column of
// ratios is no value knee reads whatever its header says, and TPOT fills
// the per-request ITL.
func TestRolesPass(t *testing.T) {
	g := synthetic([]string{"max_concurrency", "concurrency", "output_throughput", "TPOT p50 (ms)", "Output tok/s vs baseline"}, "",
		[]string{"8", "7.6", "700", "12", "1.05x"},
		[]string{"16", "14.9", "1200", "15", "1.10x"})
	r, err := throughPass(t, g, Meta{}, 2)
	require.NoError(t, err)
	require.Equal(t, colConcurrency, colNamed(t, r, "max_concurrency").kind)
	require.Equal(t, colAchieved, colNamed(t, r, "concurrency").kind)
	require.Equal(t, "itl", colNamed(t, r, "TPOT p50 (ms)").metric)
	ratio := colNamed(t, r, "Output tok/s vs baseline")
	require.Equal(t, colRatio, ratio.kind)
	require.Equal(t, "a ratio or percentage", ratio.why)

	// Measured concurrency alone is no level: refused, naming the flag.
	alone := synthetic([]string{"achieved concurrency", "output_throughput"}, "", []string{"7.6", "700"}, []string{"14.9", "1200"})
	_, err = throughPass(t, alone, Meta{}, 2)
	require.ErrorContains(t, err, `--column concurrency="achieved concurrency" takes it as the level`)
}
