package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// From held-out batch bz's misses (fitted after its one measurement): a
// column crossed with the load (each depth written at every concurrency)
// is a setting, never one of the columns the heading's metric names; the
// columns named by arms are.
func TestCrossedSettingTakesNoMetric(t *testing.T) {
	doc := "## Generation throughput\n\nTotal generation tokens per second.\n\n| Depth | Concurrency | Arm A | Arm B |\n|---:|---:|---:|---:|\n" +
		"| 4,096 | 1 | 27.6 | 28.5 |\n| 4,096 | 2 | 46.9 | 49.9 |\n| 4,096 | 4 | 80.4 | 86.9 |\n| 8,192 | 1 | 24.8 | 27.6 |\n| 8,192 | 2 | 43.2 | 43.8 |\n| 8,192 | 4 | 70.6 | 71.1 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.NotContains(t, CurveNames(err), "Depth")
	g := synthetic([]string{"Depth", "Concurrency", "Arm A"}, "", []string{"4096", "1", "1"}, []string{"4096", "2", "2"}, []string{"8192", "1", "3"}, []string{"8192", "2", "4"})
	require.True(t, crossedSetting(g, 0, 1))
	require.False(t, crossedSetting(g, 2, 1), "a measure moves with the load")
}
