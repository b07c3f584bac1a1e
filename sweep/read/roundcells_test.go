package read

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: two rounds of each level in one cell, named under the table,
// load as repeats 0 and 1 of their level, as repeated rows do.
func TestRoundCellsLoadAsRepeats(t *testing.T) {
	md := "| streams | aggregate tok/s |\n|---:|---:|\n| 8 | 143.0 / 146.0 |\n| 32 | 476.0 / 478.0 |\n\nTwo rounds per level.\n"
	file := filepath.Join(t.TempDir(), "t.md")
	require.NoError(t, os.WriteFile(file, []byte(md), 0o644))
	s, err := Load([]string{file}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	for i, want := range []struct {
		load, tput float64
		repeat     int
	}{{8, 143, 0}, {8, 146, 1}, {32, 476, 0}, {32, 478, 1}} {
		require.Equal(t, want.load, s.Points[i].Concurrency)
		require.Equal(t, want.tput, s.Points[i].ThroughputTokS)
		require.Equal(t, want.repeat, s.Points[i].Repeat)
	}
}
