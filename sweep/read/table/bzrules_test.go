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

// From bz's misses: a level a sweep sets holds whole requests in flight; a
// fraction of one under the load's name is refused, never read as a level.
func TestFractionalLevelIsRefused(t *testing.T) {
	doc := "| concurrency | tok/s |\n|---:|---:|\n| 0.226 | 100 |\n| 0.745 | 180 |\n| 2 | 300 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, "fraction of one request in flight")
	measured := "| Requests Concurrency Mean | Output tok/s |\n|---:|---:|\n| 0.9 | 100 |\n| 1.8 | 180 |\n| 3.5 | 300 |\n"
	s, err := Read("t.md", []byte(measured), Markdown, Meta{})
	require.NoError(t, err, "a measured mean in flight is read as such")
	require.Len(t, s.Points, 3)
}
