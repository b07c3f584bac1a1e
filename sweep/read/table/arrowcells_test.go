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
