package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// From corpus refusals (batches by and bz, after their measurement): a
// pair cell written node side first, "aggregate / stream", with no unit,
// is the node's rate and one stream's as "per-stream / agg" is.
func TestAggregateStreamPairInEitherOrder(t *testing.T) {
	doc := "| C | A aggregate / stream | B aggregate / stream |\n|---:|---:|---:|\n" +
		"| 1 | 46.8 / 49.1 | 54.9 / 58.1 |\n| 2 | 77.3 / 44.3 | 72.6 / 41.8 |\n| 4 | 129.2 / 35.4 | 108.2 / 33.3 |\n| 6 | 134.7 / 25.7 | 135.2 / 26.3 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "A"})
	require.NoError(t, err)
	require.Equal(t, []float64{46.8, 77.3, 129.2, 134.7}, throughputs(s))
	require.True(t, unitlessRatePair([]string{"K2 aggregate", "stream"}))
	require.True(t, unitlessRatePair([]string{"no-spec per-stream", "agg"}))
	require.False(t, unitlessRatePair([]string{"FP8", "BF16"}), "two curves' names are no rates")
	require.False(t, unitlessRatePair([]string{"aggregate", "total"}))
}

// A report's rows that each list two levels with the load's word ("2 / 4
// streams", "8 / 16 streams") and their rates continue one sweep; a row
// at one stream naming prompt types is no level list.
func TestRowsContinueOneSweep(t *testing.T) {
	doc := "| Row | Result |\n|---|---|\n" +
		"| Decode, one stream: code / prose / structured | 138.1 / 87.2 / 165.6 tok/s |\n" +
		"| 2 / 4 streams together (256 tokens each) | 121.6 / 166.6 tok/s aggregate |\n" +
		"| 8 / 16 streams, sustained for 90 s (256 tokens each) | 272.0 / 308.4 tok/s aggregate |\n" +
		"| Prefill 8K / 32K / 128K tokens | 2,778 / 2,900 / 2,744 tok/s |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{121.6, 166.6, 272.0, 308.4}, throughputs(s))
	require.Equal(t, []float64{2, 4, 8, 16}, concurrencies(s))

	overlap := "| Row | Result |\n|---|---|\n" +
		"| 2 / 4 streams, run a | 121.6 / 166.6 tok/s |\n| 4 / 8 streams, run b | 170.1 / 272.0 tok/s |\n"
	_, err = Read("t.md", []byte(overlap), Markdown, Meta{})
	require.Error(t, err, "rows over a shared level are not one sweep")
}

// Rows at the same levels, a unit in the label and a value column per
// setup: each column and row's own words name a curve ("bf16 / prose").
func TestLabelListsLevelsAndUnit(t *testing.T) {
	doc := "| | bf16 | fp8 |\n|---|---:|---:|\n" +
		"| KV per token | 64 KiB | 32 KiB |\n" +
		"| Decode, prose, 1/2/4/8 clients (tok/s) | 48.2 / 82.4 / 144.4 / 222.8 | 49.0 / 85.1 / 144.0 / 236.6 |\n" +
		"| Decode, code, 1/2/4/8 clients (tok/s) | 71.7 / 126.5 / 215.8 / 332.5 | 85.2 / 145.6 / 243.4 / 334.2 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"bf16 / prose", "fp8 / prose", "bf16 / code", "fp8 / code"}, CurveNames(err))
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "fp8 / code"})
	require.NoError(t, err)
	require.Equal(t, []float64{85.2, 145.6, 243.4, 334.2}, throughputs(s))
}

// "20 @1 · 35 @2 · 193 tok/s @16 streams, 0 errors": bare levels whose
// load's word the last item writes, and a clean run's error count after.
func TestValueAtBareLevels(t *testing.T) {
	c, ok := parseInlineCurve("20 @1 · 35 @2 · 69 @4 · 119 @8 · 193 tok/s @16 streams, 0 errors", 3)
	require.True(t, ok)
	require.Equal(t, []string{"1", "2", "4", "8", "16"}, c.levels)
	require.Equal(t, []string{"20", "35", "69", "119", "193"}, c.values)
	_, ok = parseInlineCurve("20 @1 · 35 @2 · 69 @4 · 119 @8", 3)
	require.False(t, ok, "bare levels with no load's word name no load")
	_, ok = parseInlineCurve("20 @1 · 35 @2 · 193 tok/s @16 streams, 3 errors", 3)
	require.False(t, ok, "a run that lost requests is no clean tail")
}
