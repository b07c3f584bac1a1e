package table

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A before → after table whose headers name the two series (synthetic):
// each column becomes two, the change in brackets is dropped, and the two
// curves are the series --series picks from.
func TestArrowCellsUnderAHeaderNamingTwoSeries(t *testing.T) {
	md := `| Concurrency | Output tok/s base → tuned | TTFT p50 (ms) base → tuned |
|---|---|---|
| 1 | 80.5 → 95.0（+18%） | 40 → 38 (-5%) |
| 8 | 463.1 → 676.5（+46%） | 69.4 → 56.6 |
| 32 | 1 367.1 → 2 002.4 (+47%) | 121.5 → 92.7（-24%） |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"base", "tuned"}, amb.headers)

	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "tuned"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{95.0, 676.5, 2002.4}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Equal(t, 56.6, *s.Points[1].TTFT.P50)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: the cells of "Output tok/s base → tuned" hold base → tuned: read as the columns "base Output tok/s" and "tuned Output tok/s" (the change after them not read)`)
}

// Under a header that names no two series, a change between two values is
// refused naming the column and saying why.
func TestArrowCellsUnderAPlainHeaderAreRefused(t *testing.T) {
	md := `| Concurrency | Output tok/s | TTFT p50 (ms) |
|---|---|---|
| 1 → 2 | 1.7 | 0.48 → 0.55 (+14%) |
| 2 → 4 | 2.9 | 0.55 → 0.89 (+62%) |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `Concurrency: "1 → 2" holds two values, before → after, and the header names no series for them`)
}

func TestArrowPairReadsTheTwoValues(t *testing.T) {
	for in, want := range map[string][2]string{
		"463.1 → 676.5（+46%）":  {"463.1", "676.5"},
		"1 -> 2":               {"1", "2"},
		"12 ms ⟶ 9 ms (×0.75)": {"12 ms", "9 ms"},
	} {
		m := arrowPair.FindStringSubmatch(in)
		require.NotNil(t, m, in)
		require.Equal(t, want, [2]string{m[1], m[2]}, in)
	}
}

// A range of runs' values is refused by name, not as an unknown unit; a
// spread after a value is read as the value.
func TestRangeCellIsRefusedByName(t *testing.T) {
	for _, cell := range []string{"1200–1300", "63.3-68.5", "0.58 to 0.63"} {
		_, ok, err := parseCell(cell)
		require.False(t, ok, cell)
		require.ErrorContains(t, err, "is a range of values", cell)
	}
	cv, ok, err := parseCell(cleanCell("1234 ± 56"))
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, 1234.0, cv.v)
}

// A header naming the two series in brackets, "Output tok/s (main → PCG)"
// (simulated, after the shape of an SGLang PR's A/B table): the series are
// "main" and "PCG", not "(main" and "PCG)", and --series main reads the
// values before the arrow.
func TestArrowCellsUnderABracketedHeaderNameTheSeriesWithoutBrackets(t *testing.T) {
	md := `| Concurrency | Output tok/s (main → PCG) | TTFT p50 ms (main → PCG) |
|---|---|---|
| 1 | 13.34 → 13.34 (0.0%) | 140 → 96 |
| 8 | 85.92 → 95.85 (+11.5%) | 476 → 153 |
| 32 | 139.61 → 142.75 (+2.3%) | 641 → 589 |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"main", "PCG"}, amb.headers)

	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "main"})
	require.NoError(t, err)
	require.Equal(t, []float64{13.34, 85.92, 139.61}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Equal(t, 476.0, *s.Points[1].TTFT.P50)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: the cells of "Output tok/s (main → PCG)" hold main → PCG: read as the columns "main Output tok/s" and "PCG Output tok/s"`)
}

// Simulated: each side of the arrow holds two statistics ("140 / 273 →
// 96 / 152") under a header naming them and the two series: the column is
// split by series, then by statistic.
func TestArrowCellsHoldingStatisticPairsSplitTwice(t *testing.T) {
	md := `| Request rate | Output tok/s (main → PCG) | TTFT p50 / p99 ms (main → PCG) | E2E p50 / p99 ms (main → PCG) |
|---|---|---|---|
| 1 | 13.34 → 13.34 (0.0%) | 140 / 273 → 96 / 152 (-31% / -44%) | 215 / 351 → 160 / 242 (-26% / -31%) |
| 8 | 85.92 → 95.85 (+11.5%) | 476 / 896 → 153 / 255 (-68% / -72%) | 760 / 1029 → 496 / 1194 (-35% / +16%) |
| 32 | 139.61 → 142.75 (+2.3%) | 641 / 782 → 589 / 712 (-8% / -9%) | 830 / 1012 → 806 / 988 (-3% / -2%) |
`
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "PCG"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 95.85, s.Points[1].ThroughputTokS)
	require.Equal(t, 153.0, *s.Points[1].TTFT.P50)
	require.Equal(t, 255.0, *s.Points[1].TTFT.P99)
}

// Synthetic: the line introducing the table names the two states once for
// every column ("…, CP off → CP on:"), the headers name only the metric:
// each arrow column becomes the two states' columns, two curves, and a
// cell of one value (unchanged) is both curves'.
func TestArrowCellsNamedByTheLineAbove(t *testing.T) {
	md := "Seven concurrencies on the same node, CP off → CP on:\n\n| Client concurrency | Output tok/s | Median TTFT (ms) |\n| :---: | :---: | :---: |\n| 1 | 2173.1 → 2262.2 (+4.1%) | 252 → 170 (1.48×) |\n| 4 | 3264.5 → 4159.0 (+27.4%) | 801 |\n| 8 | 3565.5 → 4917.3 (+37.9%) | 1165 → 764 (1.52×) |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"CP off", "CP on"}, amb.headers)

	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "CP on"})
	require.NoError(t, err)
	require.Equal(t, []float64{2262.2, 4159.0, 4917.3}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Equal(t, 801.0, *s.Points[1].TTFT.P50, "unchanged: both curves'")
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: the cells of "Output tok/s" hold CP off → CP on (named by the line above the table): read as the columns "CP off Output tok/s" and "CP on Output tok/s"`)
	require.Contains(t, strings.Join(s.Notes, "\n"), `a cell of one value is both`)

	// Synthetic: a line above that names values, not states, names no
	// curves: they are "before" and "after", with a note.
	md = "Throughput went 2173 → 2262 at one stream:\n\n| Client concurrency | Output tok/s |\n|---|---|\n| 1 | 2173.1 → 2262.2 |\n| 4 | 3264.5 → 4159.0 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"after", "before"}, amb.headers, "the state a change is measured against is named after it")
	s, err = Read("t.md", []byte(md), Markdown, Meta{Series: "before"})
	require.NoError(t, err)
	require.Equal(t, []float64{2173.1, 3264.5}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS})
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: the cells of "Output tok/s" hold before → after (nothing names the two states: read as the curves "before" and "after")`)
}

// Synthetic: a sentence of the text above, not the line right above the
// table, names the states ("Values are **control → candidate**."): they
// name the curves; two different pairs in the text name none.
func TestArrowCellsNamedByASentenceAbove(t *testing.T) {
	rows := "| C | Output tok/s | TTFT ms |\n|---:|---:|---:|\n| 1 | 46.94 → 82.65 | 3809 → 1383 |\n| 2 | 73.79 → 158.62 | 7250 → 414 |\n| 4 | 113.32 → 297.00 | 12151 → 427 |\n"
	md := "## Results\n\nValues are **control → candidate**. Output throughput is output tokens over the run;\nlatencies are means.\n\n" + rows
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "candidate"})
	require.NoError(t, err)
	require.Equal(t, []float64{82.65, 158.62, 297}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Contains(t, strings.Join(s.Notes, "\n"), `hold control → candidate (named by the text above the table)`)

	two := "Values are control → candidate. Earlier runs went old → new.\n\nSee below.\n\n" + rows
	_, err = Read("t.md", []byte(two), Markdown, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"after", "before"}, amb.headers, "the state a change is measured against is named after it")

	// A clause of a value and a unit around an arrow ("median 663 -> 1877
	// ms") names no state.
	a, b := sameWordCount("The one cost is median 663", "1877 ms")
	require.False(t, stateName(a) && stateName(b))
}

// Synthetic: a load column of changes between levels ("1 → 2") is a table
// derived from a sweep, no level of one: its cells are refused, not read
// as curves "before" and "after".
func TestArrowLoadCellsAreNoUnnamedCurves(t *testing.T) {
	md := "| Concurrency | TPOT ms |\n|---|---|\n| 1 → 2 | 0.48 → 0.55 (+14%) |\n| 2 → 4 | 0.55 → 0.89 (+62%) |\n"
	g := markdownTables("t.md", []byte(md))[0]
	require.False(t, unnamedStatesReadable(g))
	require.Empty(t, splitArrowColumns(&g))
}

// Synthetic: a header naming one setting's two states around a slash,
// "Output tok/s (CP off/on)", or around an arrow in brackets, "TTFT p50 ms
// (radix off → on)"; a slash between words that are no states ("tok/s",
// "input/output") names none.
func TestArrowCellsUnderAHeaderNamingOneSettingsStates(t *testing.T) {
	md := "| Concurrency | Output tok/s (CP off/on) | TTFT p50 ms (CP off → on) |\n|---|---|---|\n| 1 | 80.5 → 95.0 | 40 → 38 |\n| 8 | 463.1 → 676.5 | 69.4 → 56.6 |\n| 32 | 1367.1 → 2002.4 | 121.5 → 92.7 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "CP on"})
	require.NoError(t, err)
	require.Equal(t, 676.5, s.Points[1].ThroughputTokS)
	require.Equal(t, 56.6, *s.Points[1].TTFT.P50)

	for h, want := range map[string][2]string{
		"Output tok/s (CP off/on)":       {"CP off Output tok/s", "CP on Output tok/s"},
		"TTFT ms radix disabled/enabled": {"radix disabled TTFT ms", "radix enabled TTFT ms"},
		"total tok/s (radix off → on)":   {"radix off total tok/s", "radix on total tok/s"},
		"Output tok/s (main → PCG)":      {"main Output tok/s", "PCG Output tok/s"},
		"mean TTFT (ms) bf16 → fp8":      {"bf16 mean TTFT (ms)", "fp8 mean TTFT (ms)"},
	} {
		st, ok := headerStates(h)
		require.True(t, ok, h)
		a, b := st.names()
		require.Equal(t, want, [2]string{a, b}, h)
	}
	for _, h := range []string{"Total tok/s", "input/output tokens", "TTFT p50/p99"} {
		_, ok := headerStates(h)
		require.False(t, ok, h)
	}
}
