package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A batch the engine formed is measured, a plain batch size the load; a
// peak in flight is neither.
func TestMeasuredBatchAndPeakRoles(t *testing.T) {
	require.Equal(t, "measured", classify("Batch the engine formed").flavor)
	require.Equal(t, "measured", classify("Running batch").flavor)
	require.Equal(t, "", classify("Batch size").flavor, "a plain batch size is the load")
	c := classify("Peak concurrent requests")
	require.Equal(t, colIgnore, c.kind)
	require.Equal(t, "a peak over the run, not the load or the concurrency held", c.why)
}
