package sweep

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: repeats of one load count once; an open-loop stage's load is
// its offered rate, not the concurrency Little's law derived for it.
func TestLoadAndLevels(t *testing.T) {
	rate := 4.0
	s := &Sweep{Points: []Point{{Concurrency: 8}, {Concurrency: 8, Repeat: 1}, {Concurrency: 16}, {Concurrency: 3.2, RequestedRate: &rate, Derived: true}}}
	require.Equal(t, 4.0, s.Points[3].Load())
	require.Equal(t, 8.0, s.Points[1].Load())
	require.Equal(t, 3, s.Levels())
}
