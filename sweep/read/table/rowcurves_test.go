package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Sweeps written in one row of a summary table (rowcurves.go). Synthetic
// numbers.

// The label lists the levels, the value cell the values in their order;
// rows whose labels differ in a setting are curves of one sweep.
func TestRowListsLevelsInLabel(t *testing.T) {
	md := "| 2x Node (medians of 3) | |\n|---|---|\n" +
		"| Decode aggregate, context 0, C1 / C2 / C4 / C8 | 40.0 / 70.0 / 100.0 / 110.0 tok/s |\n" +
		"| Decode aggregate, context 32k, C1 / C2 / C4 / C8 | 38.0 / 66.0 / 95.0 / 104.0 tok/s |\n" +
		"| Cold prefill 8k / 32k / 64k | 2,000 / 1,900 / 1,800 tok/s |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
	require.Equal(t, []string{"context 0", "context 32k"}, CurveNames(err))
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "context 32k"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{38, 66, 95, 104}, throughputs(s))
}

// A value cell that pairs each level with its value ("c1 14.8 · c4 38.2")
// is the sweep; words in brackets describe the workload, not the metric
// ("temp 1.0" is a sampling temperature, no temperature column).
func TestRowPairsLevelsInCell(t *testing.T) {
	md := "| Metric | Value |\n|---|---|\n" +
		"| Decode, single stream | **20.9 tok/s** |\n" +
		"| Decode aggregate (512-token probes, temp 1.0) | c1 **15.0** · c4 **40.0** · c8 **60.0** tok/s |\n" +
		"| TTFT p50 | 2,100 ms @ 8K prompt |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{15, 40, 60}, throughputs(s))
}

// Each value column is a curve (two profiles side by side); a column of
// changes in percent is none; a row at other levels writes another sweep,
// read only when --series names it.
func TestRowCurvesByColumnAndOtherSweep(t *testing.T) {
	md := "| | before | after | change |\n|---|---:|---:|---:|\n" +
		"| Short prompts aggregate C1 / C4 / C16 (tok/s) | 80 / 200 / 400 | 100 / 240 / 500 | +25 / +20 / +25 % |\n" +
		"| Long prompts aggregate C1 / C8 / C32 (tok/s) | 60 / 170 / 300 | 70 / 200 / 440 | +17 / +18 / +47 % |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "after"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16}, concurrencies(s))
	require.Equal(t, []float64{100, 240, 500}, throughputs(s))
	require.Contains(t, s.Notes, `t.md:4: the row "Long prompts aggregate (tok/s)" writes another sweep; --series "Long prompts aggregate (tok/s)" reads it`)
	s, err = Read("t.md", []byte(md), Markdown, Meta{Series: "Long prompts aggregate (tok/s)"})
	require.Error(t, err, "two curves in that sweep too")
	require.ElementsMatch(t, []string{"before", "after"}, CurveNames(err))
}

// Columns after the levels that hold a latency taken at a setting of its
// own ("cold TTFT 32K") are measurements of the row, not of the levels: set
// aside with a note, the levels still turn; the metric comes from the
// heading.
func TestLatencyBesideLevelColumnsIsAside(t *testing.T) {
	md := "## Result (aggregate output tok/s)\n\n| | c1 | c8 | c16 | cold TTFT 32K |\n|---|---|---|---|---|\n" +
		"| base | 110.0 | 450.0 | 600.0 | 11.8 s |\n| new | 200.0 | 730.0 | 1000.0 | 2.70 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "new"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 8, 16}, concurrencies(s))
	require.Equal(t, []float64{200, 730, 1000}, throughputs(s))
	require.Contains(t, s.Notes, `t.md: "cold TTFT 32K" holds another measurement of each row, a latency not taken at the levels: not read`)
}

// A paragraph above the table whose first sentence has the metric, with
// its unit, as its subject names the cells, however long the paragraph
// runs on; a cell that says the run was skipped is no measurement.
func TestMetricSubjectNamesCells(t *testing.T) {
	lines := []string{"", "Aggregate decode tok/s uses OpenAI stream usage. `skip` means the cell exceeds", "the KV budget, and `cap` means the engine did not admit the requested concurrency", "at that level, so do not compare those values with the others."}
	require.Equal(t, "Aggregate decode tok/s", metricLeadCaption(lines, 3))
	require.Equal(t, "", metricLeadCaption([]string{"", "Throughput grows with load. We ran it three times on two machines and kept the median of the three runs for every cell in the table below."}, 1), "no unit: no metric named")
	md := "## Decode\n\nAggregate decode tok/s uses stream usage. `skip` means the cell exceeds the KV budget of the engine at that context, so the run was not made.\n\n" +
		"| Context \\\\ C | 1 | 2 | 4 | 8 |\n| --- | ---: | ---: | ---: | ---: |\n| 0 | 190.0 | 310.0 | 480.0 | 700.0 |\n| 32k | 175.0 | 300.0 | skip | skip |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "0"})
	require.NoError(t, err)
	require.Equal(t, []float64{190, 310, 480, 700}, throughputs(s))
	require.True(t, isBlank("skip"))
}
