package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: "Throughput" over "Output tok/s | Total tok/s" and "Latency"
// over "TTFT p50 (ms)", each group written once over the columns it spans.
func TestGroupRowJoinsTheHeader(t *testing.T) {
	g := grid{file: "t.md", header: []string{"", "Throughput", "", "Latency"},
		rows:  [][]string{{"Concurrency", "Output tok/s", "Total tok/s", "TTFT p50 (ms)"}, {"1", "100", "300", "40"}, {"8", "700", "2100", "55"}},
		lines: []int{3, 4, 5}}
	notes := mergeGroupHeader(&g)
	require.Equal(t, []string{"Concurrency", "Throughput Output tok/s", "Throughput Total tok/s", "Latency TTFT p50 (ms)"}, g.header)
	require.Equal(t, [][]string{{"1", "100", "300", "40"}, {"8", "700", "2100", "55"}}, g.rows)
	require.Equal(t, []int{4, 5}, g.lines)
	require.Len(t, notes, 1)
}

// A first row with a number in it ("95% CI" is a name, "8" is not) is a
// level, and a header with no blank cell is one line: neither is joined.
func TestGroupRowNeedsNamesOverNumbers(t *testing.T) {
	levels := grid{file: "t.md", header: []string{"", "Throughput"},
		rows: [][]string{{"1", "100"}, {"8", "700"}}, lines: []int{3, 4}}
	require.Nil(t, mergeGroupHeader(&levels))
	require.Equal(t, []string{"", "Throughput"}, levels.header)
	oneLine := grid{file: "t.md", header: []string{"Run", "Throughput"},
		rows: [][]string{{"Concurrency", "95% CI"}, {"8", "700"}}, lines: []int{3, 4}}
	require.Nil(t, mergeGroupHeader(&oneLine))
	transposed := grid{file: "t.md", header: []string{"", "1", "8"},
		rows: [][]string{{"GPU", "H100"}, {"tok/s", "100"}}, lines: []int{3, 4}}
	require.Nil(t, mergeGroupHeader(&transposed))
}

// A name that starts like an exponent ("E2EL p50") is still a name.
func TestGroupRowNameLikeAnExponent(t *testing.T) {
	require.True(t, namesRow([]string{"Conc", "E2EL p50", "95% CI"}))
	require.False(t, namesRow([]string{"Conc", "12.5"}))
}
