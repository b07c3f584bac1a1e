package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// "tok/min" is a rate per minute, never the minimum of a throughput
// family: read ÷60 as tok/s, with no statistic.
func TestPerMinuteRateIsNoMinimum(t *testing.T) {
	for _, h := range []string{"Output tok/min", "tokens per minute", "Gen TPM", "output_tok/min"} {
		c := classify(h)
		require.Equal(t, colThroughput, c.kind, h)
		require.Equal(t, "", c.stat, h)
		require.InDelta(t, 1.0/60, c.unit.factor, 1e-12, h)
		require.True(t, c.stated, h)
	}
	require.Equal(t, "min", classify("Min TTFT (s)").stat, "a bare min stays the minimum")
	require.Equal(t, "min", classify("Throughput min (tok/s)").stat)
}

// Only a per-minute rate: read ÷60.
func TestPerMinuteRateReadAsTokPerSecond(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "Output tok/min"},
		rows:  [][]string{{"1", "600"}, {"8", "4200"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	v, ok, err := readValue(r.cols[1], "4200")
	require.NoError(t, err)
	require.True(t, ok)
	require.InDelta(t, 70, v.v, 1e-9)
}

// One rate printed per minute and per second (rounded apart) is one
// column, read in tok/s; a per-stream median beside it is no member of
// its family.
func TestPerMinuteBesidePerSecondIsOneRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "Output tok/min", "Output tok/s", "Decode tok/s p50"},
		rows:  [][]string{{"1", "4076", "67.9", "69.0"}, {"8", "28755", "479.2", "62.6"}, {"32", "81748", "1362.5", "45.6"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colIgnore, r.cols[1].kind)
	require.Equal(t, `the same values as "Output tok/s" in tok/min`, r.cols[1].why)
	require.Equal(t, colThroughput, r.cols[2].kind)
	require.Equal(t, colPerUser, r.cols[3].kind)
}

// --column throughput= a per-minute header keeps its unit.
func TestPickedPerMinuteColumnKeepsItsUnit(t *testing.T) {
	c := flaggedColumn(columnKinds()["throughput"], "Output tok/min")
	require.InDelta(t, 1.0/60, c.unit.factor, 1e-12)
	require.Equal(t, "header", c.unitFrom)
}

// Two rate columns that differ by more than rounding are not one rate in
// two units: they stay candidates.
func TestTwoUnitsMustAgree(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "Output tok/min", "Output tok/s"},
		rows:  [][]string{{"1", "4076", "60"}, {"8", "28755", "479.2"}},
		lines: []int{3, 4}}
	_, err := resolveColumns(g, nil, 0, Meta{})
	require.ErrorContains(t, err, `both read as throughput`)
}
