package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured.

func TestColumnsNamedByTheTableHeading(t *testing.T) {
	g := grid{file: "t.md", headerLine: 5, caption: "Output throughput (tok/s)",
		header: []string{"Concurrency", "vLLM", "SGLang", "Notes"},
		rows:   [][]string{{"1", "30", "28", "warm"}, {"4", "110", "100", "ok"}}}
	notes := nameColumnsByHeading(&g)
	require.Equal(t, []string{"Concurrency", "vLLM Output throughput (tok/s)", "SGLang Output throughput (tok/s)", "Notes"}, g.header)
	require.Equal(t, []string{`t.md:5: columns "vLLM", "SGLang" name no metric: they hold the "Output throughput (tok/s)" the table's title names`}, notes)
}

func TestColumnsKeepTheirNamesWhereTheTableNamesTheMetric(t *testing.T) {
	for name, g := range map[string]grid{
		"a column names the metric":   {caption: "Throughput (tok/s)", header: []string{"Concurrency", "Throughput", "vLLM"}, rows: [][]string{{"1", "30", "2"}}},
		"the heading names no metric": {title: []string{"H100 results"}, header: []string{"Concurrency", "vLLM"}, rows: [][]string{{"1", "30"}}},
		"no load column":              {caption: "Throughput (tok/s)", header: []string{"Model", "vLLM"}, rows: [][]string{{"a", "30"}}},
		"a row number":                {caption: "Throughput (tok/s)", header: []string{"Run", "Concurrency"}, rows: [][]string{{"1", "4"}, {"2", "8"}, {"3", "16"}}},
		"a header of no letters":      {caption: "Throughput (tok/s)", header: []string{"#", "Concurrency"}, rows: [][]string{{"7", "4"}, {"9", "8"}}},
	} {
		header := append([]string(nil), g.header...)
		require.Empty(t, nameColumnsByHeading(&g), name)
		require.Equal(t, header, g.header, name)
	}
}

// A column beside the curves that holds negative numbers is their
// difference ("差值": one chip's rate less another's), no curve: no rate
// is below zero.
func TestHeadingLeavesADifferenceColumn(t *testing.T) {
	g := grid{file: "t.md", headerLine: 5, caption: "Output throughput (tok/s)",
		header: []string{"Concurrency", "vLLM", "SGLang", "Gap"},
		rows:   [][]string{{"1", "30", "20", "-10"}, {"4", "110", "70", "-40"}}}
	nameColumnsByHeading(&g)
	require.Equal(t, []string{"Concurrency", "vLLM Output throughput (tok/s)", "SGLang Output throughput (tok/s)", "Gap"}, g.header)
}

func TestHeadingNamesOneEngineColumnTable(t *testing.T) {
	md := "### Output throughput (tok/s)\n\n| Concurrency | vLLM | SGLang |\n|---|---|---|\n| 1 | 30 | 28 |\n| 4 | 110 | 100 |\n| 16 | 400 | 300 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "SGLang"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 300.0, s.Points[2].ThroughputTokS)
}
