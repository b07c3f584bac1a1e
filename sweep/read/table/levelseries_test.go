package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The head-to-head table of corpus entry
// l-dynamo-sglang-b200-dsv31-disagg-vs-agg-transposed-cols (its first two
// metric rows, as published): each column is a level of one setup. Before,
// every column read as a concurrency column of its own, and the refusal
// named --column concurrency="C=10 Disagg", after which no throughput was
// found.
func headToHead() grid {
	return grid{file: "t.md", headerLine: 3,
		header: []string{"Metric", "C=10 Disagg", "C=10 Agg", "C=100 Disagg", "C=100 Agg", "C=500 Disagg", "C=500 Agg*"},
		rows: [][]string{
			{"**Output TPS**", "855", "1,051", "5,271", "1,985", "10,935", "1,996"},
			{"**TTFT p50 (ms)**", "378", "293", "996", "9,161", "4,714", "13,367"},
		},
		lines: []int{5, 6}}
}

func TestColumnsNamedByLevelAndSeries(t *testing.T) {
	_, err := tableToSweep(headToHead(), Meta{})
	require.ErrorContains(t, err, `the table holds 2 series by "series": Disagg (3 rows), Agg (3 rows)`)
	require.ErrorContains(t, err, `pick one with --series "Disagg"`)

	s, err := tableToSweep(headToHead(), Meta{Series: "Agg"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range []struct{ c, x, ttft float64 }{{10, 1051, 293}, {100, 1985, 9161}, {500, 1996, 13367}} {
		require.Equal(t, want.c, s.Points[i].Concurrency)
		require.Equal(t, want.x, s.Points[i].ThroughputTokS)
		require.Equal(t, want.ttft, *s.Points[i].TTFT.P50)
	}
}

// A header is split into a level and a label either way round; a label
// that is a number or a metric, a label named once, or one label only, is
// no series.
func TestLevelSeriesHeaders(t *testing.T) {
	lv, lb, ok := levelSeriesHeader("Agg C=10")
	require.True(t, ok)
	require.Equal(t, []string{"10", "Agg"}, []string{lv, lb})
	lv, lb, ok = levelSeriesHeader("**C=500 Agg***")
	require.True(t, ok)
	require.Equal(t, []string{"500", "Agg"}, []string{lv, lb})
	_, _, ok = levelSeriesHeader("C=10 tok/s")
	require.False(t, ok)
	for _, hs := range [][]string{
		{"1 GPU", "2 GPUs", "4 GPUs"},
		{"C=10 vLLM", "C=20 vLLM"},
		{"C=10 A", "C=10 B", "C=20 A"},
		{"C=10", "C=20"},
	} {
		_, _, ok := levelSeriesHeaders(hs)
		require.False(t, ok, "%q", hs)
	}
}
