package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSweepLikeNeedsALoadAndAValue(t *testing.T) {
	require.True(t, sweepLike(grid{header: []string{"prefiller", "conc", "tok/s/GPU"}}))
	require.False(t, sweepLike(grid{header: []string{"Item", "Value"}}))
}
