package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from batch ak's misses (measured once, then folded into the
// corpus). Each test is synthetic, written for its rule.

// A cell whose words say the level was capped, did not fit, or that its
// own number is invalid is no measurement: the row is left out as a level
// not measured (the lowest level here, so nothing past it is hidden).
func TestCappedAndInvalidCellsAreNotMeasured(t *testing.T) {
	require.True(t, saysNotMeasured("capped (8/16)"))
	require.True(t, saysNotMeasured("not fit"))
	require.True(t, saysNotMeasured("(781.7, prefix cache hit → invalid; fresh re-run apart)"))
	require.True(t, saysNotMeasured("(781.7, prefix cache 적중 → 무효)"))
	require.False(t, saysNotMeasured("capacity 8 slots"))
	md := "| 동시 | tok/s | TTFT s |\n|---|---|---|\n" +
		"| C32 | (781.7, cache hit → invalid) | 0.58 |\n| C64 | 796.6 | 2.97 |\n| C128 | 961.9 | 4.83 |\n| C160 | 1012.2 | 5.73 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 64.0, s.Points[0].Concurrency)
	require.Contains(t, strings.Join(s.Notes, "\n"), "t.md:3: the row at 동시 32 has no tok/s value: a level not measured, left out")
}

// 동시 (at once) alone heads a Korean load column.
func TestKoreanAtOnceIsConcurrency(t *testing.T) {
	md := "| 동시 | tok/s | TTFT p95 |\n|---|---|---|\n| 1 | 83.6 | 91ms |\n| 2 | 142.5 | 166ms |\n| 4 | 229.9 | 137ms |\n| 8 | 350.7 | 289ms |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 8.0, s.Points[3].Concurrency)
	require.Equal(t, 350.7, s.Points[3].ThroughputTokS)
}

// A line under the table saying what its values are names them even when
// more sentences follow on the same line.
func TestValuesLineFirstSentence(t *testing.T) {
	v, ok := valuesLine("Values are aggregate output tokens/second. The primary benefit was the C4 surface.")
	require.True(t, ok)
	require.Equal(t, "aggregate output tokens/second", v)
}

// Two numbers around a slash with one unit after the second are two
// values ("126 / 141 ms" under "Mean TTFT selective/control"): the cell is
// refused by name, never read as its second number.
func TestSharedUnitPairIsTwoValues(t *testing.T) {
	_, ok, err := proseValue("126 / 141 ms", dimTime)
	require.False(t, ok)
	require.EqualError(t, err, `"126 / 141 ms" holds two values sharing one unit (126 / 141 ms): knee reads a value out of prose only when the cell holds one`)
	md := "| Streams | tok/s | Mean TTFT selective/control |\n|---:|---:|---|\n" +
		"| 32 | 73,847 | 126 / 141 ms |\n| 64 | 114,350 | 165 / 188 ms |\n| 96 | 134,861 | 226 / 259 ms |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), "holds two values sharing one unit")
}

// A throughput with statistics whose mean is, by the physics, the node's
// rate over the per-request rate's mean × load stays the node's, though
// its tail statistics read as one request's (a compound cell
// "AVG/P99/P95/P90/P50" of both rates).
func TestNodeMeanBesideStreamTails(t *testing.T) {
	md := "| 并发 | OTPS(AVG/P99/P50) | 整体吞吐Throughput (AVG/P99/P50) |\n|---|---|---|\n" +
		"| 4 | 45.455/23.202/62.5 | 177.987/64.3908/63.7917 |\n" +
		"| 8 | 34.483/21.231/26.11 | 267.363/64.3777/23.9861 |\n" +
		"| 16 | 43.478/21.598/57.803 | 670.519/58.6948/57.8116 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 670.519, s.Points[2].ThroughputTokS)
}

// Two label columns before the levels name each row's curve together
// where the first alone does not tell the rows apart; a first label of
// numbers (a context length) is no level column.
func TestLeadLabelsNameTheCurve(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Context", "Profile", "C1", "C2", "C4", "C8"}, rows: [][]string{
		{"0", "Merged", "101.7", "163.7", "237.5", "372.0"},
		{"0", "BF16", "100.8", "166.9", "244.8", "372.7"},
		{"128K", "BF16", "100.8", "160.2", "not fit", "not fit"},
	}, lines: []int{3, 4, 5}}
	j, note, ok := joinLeadLabels(g)
	require.True(t, ok)
	require.Equal(t, []string{"Context / Profile", "C1", "C2", "C4", "C8"}, j.header)
	require.Equal(t, []string{"128K BF16", "100.8", "160.2", "not fit", "not fit"}, j.rows[2])
	require.Equal(t, `t.md: the columns "Context", "Profile" name each row's curve together: read as one label before the levels`, note)

	md := "| Context | Profile | C1 | C2 | C4 | C8 |\n|---:|---|---:|---:|---:|---:|\n" +
		"| 0 | Merged | 101.7 | 163.7 | 237.5 | 372.0 |\n| 0 | BF16 | 100.8 | 166.9 | 244.8 | 372.7 |\n| 128K | Merged | 102.4 | 159.7 | not fit | not fit |\n\n" +
		"Values are aggregate output tokens/second. The benefit was the C4 surface.\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "0 Merged"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 372.0, s.Points[3].ThroughputTokS)

	distinct := g
	distinct.rows = g.rows[1:] // "0", "128K": the first column names each row
	_, _, ok = joinLeadLabels(distinct)
	require.False(t, ok)

	g.header[0] = "concurrency" // a load before the levels: no labels
	_, _, ok = joinLeadLabels(g)
	require.False(t, ok)
}

// A caption's last clause may name what the cells hold after the setup
// ("…, total tok/s:"); a total rate names the columns that name none.
func TestCaptionLastClauseNamesColumns(t *testing.T) {
	require.Equal(t, "total tok/s", lastClauseMetric("Throughput from the per-point sharding change (R3 vs R2), total tok/s"))
	require.Equal(t, "", lastClauseMetric("Measured on four GPUs, with the new image"))
	md := "Throughput from the per-point sharding change (R3 vs R2), total tok/s:\n\n" +
		"| conc | before | after | Δ |\n|---|---|---|---|\n| 4 | 2164.0 | 2725.0 | +25.9% |\n| 8 | 4121.5 | 4160.4 | +0.9% |\n| 16 | 5731.2 | 7890.4 | +37.7% |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "after"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 7890.4, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `columns "before", "after" name no metric: they hold the "total tok/s" the table's title names`)
}

// Curves named at the end of every header ("Total tok/s selective") name
// the two values of a cell under "Mean TTFT selective/control": the column
// is one per curve, as a bracketed pair is.
func TestSuffixCurvePair(t *testing.T) {
	md := "| Streams | Output tok/s selective | Output tok/s control | Mean TTFT selective/control |\n|---:|---:|---:|---|\n" +
		"| 32 | 73,847 | 73,921 | 126 / 141 ms |\n| 64 | 114,350 | 118,435 | 165 / 188 ms |\n| 96 | 134,861 | 138,448 | 226 / 259 ms |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "selective"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 73847.0, s.Points[0].ThroughputTokS)
	require.Equal(t, 126.0, *s.Points[0].TTFT.Mean)
	s, err = Read("t.md", []byte(md), Markdown, Meta{Series: "control"})
	require.NoError(t, err)
	require.Equal(t, 141.0, *s.Points[0].TTFT.Mean)

	g := grid{header: []string{"Streams", "tok/s a", "Mean TTFT a/b"}}
	_, _, ok := suffixCurvePair(g, 2)
	require.False(t, ok) // "b" ends no other header
}

// Bench blocks whose command lines set different workloads are curves
// apart even where no level repeats (batch al's one wrong reading: a
// 4096/4096 block at concurrency 1 read as the 512/512 curve's first point).
func TestBenchWorkloadsApartWithoutRepeats(t *testing.T) {
	g := grid{header: []string{"concurrency", benchWorkloadKey}, rows: [][]string{{"1", "random 4096/4096"}, {"16", "random 512/512"}, {"32", "random 512/512"}}}
	cols := []column{{kind: colConcurrency, header: "concurrency"}, {kind: colWorkload, header: benchWorkloadKey}}
	require.True(t, benchWorkloadsApart(g, cols, 1))
	g.rows[0][1] = "random 512/512"
	require.False(t, benchWorkloadsApart(g, cols, 1))
}
