package stats

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestMedian(t *testing.T) {
	v := []float64{3, 1, 2}
	require.Equal(t, 2.0, Median(v))
	require.Equal(t, []float64{3, 1, 2}, v, "input unchanged")
	require.Equal(t, 2.5, Median([]float64{4, 1, 3, 2}))
	require.True(t, math.IsNaN(Median(nil)))
}
