package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: a long table naming its metric per row, two configurations as
// value columns, a ratio column between them, loads in snake_case phase
// names and cells "median [min, max] N=3": each configuration is a curve.
func TestMetricRowsWithCurveColumns(t *testing.T) {
	doc := `| phase | metric | alone | shared | change |
|---|---|---|---|---|
| closed_c1 | TTFT p50 (s) | 0.072 [0.07, 0.09] N=3 | 0.18 [0.15, 0.21] N=3 | **+150%** worse |
| closed_c1 | output tok/s | 80.1 [79.5, 80.1] N=3 | 76.0 [76.0, 76.1] N=3 | **-5.0%** worse |
| closed_c8 | TTFT p50 (s) | 0.266 [0.21, 0.31] N=3 | 0.407 [0.28, 0.51] N=3 | **+52%** worse |
| closed_c8 | output tok/s | 550.3 [549, 550] N=3 | 362.6 [362, 363] N=3 | **-34%** worse |
| closed_c32 | TTFT p50 (s) | 0.385 [0.38, 0.39] N=3 | 0.626 [0.59, 0.63] N=3 | **+62%** worse |
| closed_c32 | output tok/s | 1448 [1447, 1453] N=3 | 544 [542, 544] N=3 | **-62%** worse |
`
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "shared"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 8.0, s.Points[1].Concurrency)
	require.Equal(t, 362.6, s.Points[1].ThroughputTokS)
	require.InDelta(t, 407.0, *s.Points[1].TTFT.P50, 1e-9)
	require.Contains(t, s.Notes[0], `the columns "alone" and "shared" hold a curve each`)
}

// Simulated: a number column that is no curve (a count beside them) leaves
// the long table unmelted.
func TestMetricSeriesColumnsRefuseOtherNumbers(t *testing.T) {
	g := grid{header: []string{"run", "metric", "alpha", "beta", "requests"}, rows: [][]string{
		{"x", "output tok/s", "1", "2", "100"}, {"x", "TTFT p50 (ms)", "3", "4", "100"},
		{"y", "output tok/s", "5", "6", "100"}, {"y", "TTFT p50 (ms)", "7", "8", "100"},
	}}
	_, _, ok := meltMetricSeries(g)
	require.False(t, ok)
}

// Simulated: a trailing sample count is no part of the cell's value.
func TestDropSampleCount(t *testing.T) {
	require.Equal(t, "80.1", cleanCell("80.1 [79.51, 80.14] N=3"))
	require.Equal(t, "412", cleanCell("412 n=5"))
	require.Equal(t, "N=32", cleanCell("N=32"))
}

// Simulated: a load word after an underscore in a snake_case test name.
func TestLabelLoadAfterUnderscore(t *testing.T) {
	m := labelLoad.FindStringSubmatch("closed_c32")
	require.NotNil(t, m)
	require.Equal(t, "32", m[3])
	require.Nil(t, labelLoad.FindStringSubmatch("closedc32"))
}

// Simulated: a column of percentages beside the curves ("Optimization",
// "+2.38%") is a comparison, no curve.
func TestMetricSeriesColumnsSkipPercent(t *testing.T) {
	g := grid{header: []string{"QPS", "Metric", "alpha", "beta", "Optimization"}, rows: [][]string{
		{"1", "Output Tput", "109.2", "109.0", "+0.18%"}, {"", "TTFT", "374.3", "345.7", "-8.27%"},
		{"4", "Output Tput", "411.9", "402.5", "+2.33%"}, {"", "TTFT", "301.9", "321.5", "+6.10%"},
	}, lines: []int{3, 4, 5, 6}}
	m, curves, ok := meltMetricSeries(g)
	require.True(t, ok)
	require.Equal(t, []string{"alpha", "beta"}, curves)
	require.Equal(t, []string{"QPS", "series", "Metric", "value"}, m.header)
}

// Simulated: two machines as value columns of a long table with one metric
// named per row are two curves, each read as a series.
func TestMetricRowsTwoValueColumnsAreCurves(t *testing.T) {
	g := grid{file: "t.md", header: []string{"", "Batch", "Box A", "Box B"},
		rows: [][]string{{"tok/s", "1", "2", "3"}, {"tok/s", "8", "4", "5"}}, lines: []int{3, 4}}
	p, note, ok := pivotMetricRows(g)
	require.True(t, ok)
	require.Equal(t, []string{"Batch", "series", "tok/s"}, p.header)
	require.Equal(t, [][]string{{"1", "Box A", "2"}, {"1", "Box B", "3"}, {"8", "Box A", "4"}, {"8", "Box B", "5"}}, p.rows)
	require.Contains(t, note, `the columns "Box A" and "Box B" hold a curve each`)
}
