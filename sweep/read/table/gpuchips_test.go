package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCountWithChip(t *testing.T) {
	for cell, want := range map[string]string{"1xA10": "1", "2 x H100": "2", "8×MI300X": "8", "H100 x 8": "8", "A100×4": "4"} {
		got, ok := countWithChip(cell)
		require.True(t, ok, cell)
		require.Equal(t, want, got, cell)
	}
	for _, cell := range []string{"8", "A10", "x8", "2x"} {
		_, ok := countWithChip(cell)
		require.False(t, ok, cell)
	}
}

// Synthetic: NIM-style wide table: a key per configuration, a column
// headed "Concurrency" naming each row's measure, the levels across, the
// GPU count written with its chip; node sizes measured at the same levels
// are curves of their own.
func TestWideTableMetricRowsUnderLoadCornerGPUsSeries(t *testing.T) {
	doc := `| Model | GPUs | Concurrency | 1 | 2 | 4 | 8 |
|---|---|---|---|---|---|---|
| llama | 1xA10 | Token-per-second | 33.6 | 67.9 | 132.6 | 249.4 |
| | | Time-to-first-token(sec) | 0.1 | 0.11 | 0.18 | 0.35 |
| llama | 2xA10 | Token-per-second | 61.3 | 114.7 | 214.8 | 366.1 |
| | | Time-to-first-token(sec) | 0.06 | 0.1 | 0.18 | 0.36 |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "2xA10"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 2, s.GPUs)
	require.Equal(t, 366.1, s.Points[3].ThroughputTokS)
	require.Equal(t, 360.0, *s.Points[3].TTFT.Mean)
}
