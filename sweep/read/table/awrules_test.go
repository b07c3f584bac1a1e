package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from batch aw's misses (measured once, then folded into the
// corpus). Each test is synthetic, written for its rule.

// "bsz=32" names a batch size level; a latency 0 on every row is one the
// client did not measure, not every request starting at once.
func TestBszLevelsAndZeroLatency(t *testing.T) {
	md := "| Metric | bsz=32 | bsz=64 | bsz=128 |\n|---|---|---|---|\n| Output tok/s | 3,769 | 3,761 | 3,775 |\n| Mean TTFT (ms) | 0 | 0 | 0 |\n| Mean E2E latency (ms) | 29,181 | 58,267 | 115,955 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{32, 64, 128}, concurrencies(s))
	require.Nil(t, s.Points[0].TTFT.Mean)
	require.Contains(t, s.Notes, `t.md: "Mean TTFT (ms)" is 0 on every row: a latency the client did not measure, not read`)
}

// "32 (tuned)" below 8, 16, 32 is the level of another row on another
// setup: no repeat of it, and set aside as one row makes no curve. Two
// such rows are left to the series rules.
func TestVariantOfALevelIsSetAside(t *testing.T) {
	md := "| lanes | gen tok/s |\n|---|---|\n| 8 | 358 |\n| 16 | 448 |\n| 32 | 533 |\n| 32 (tuned) | 582 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{8, 16, 32}, concurrencies(s))
	require.Equal(t, []float64{358, 448, 533}, throughputs(s))
	require.Contains(t, s.Notes, `t.md:6: "32 (tuned)" is the level of another row, by another setup or estimate (tuned): no repeat of it, and one row makes no curve: set aside`)
}

// One measure is named alike in every curve: "Throughput avg" that falls
// with the load in most curves is a stream's rate in the one where it
// happens not to fall, and the node's rate beside it is read.
func TestCurveSiblingsShareTheirRole(t *testing.T) {
	md := "| Concurrency | a avg (tok/s) | a Output throughput (tok/s) | b avg (tok/s) | b Output throughput (tok/s) | c avg (tok/s) | c Output throughput (tok/s) |\n|---|---|---|---|---|---|---|\n" +
		"| 1 | 114.3 | 66.9 | 107.7 | 76.2 | 100.4 | 44.3 |\n| 8 | 51.1 | 126.9 | 34.3 | 257.5 | 14.9 | 51.8 |\n| 16 | 53.6 | 135.3 | 21.7 | 297.0 | 4.6 | 41.0 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "a"})
	require.NoError(t, err)
	require.Equal(t, []float64{66.9, 126.9, 135.3}, throughputs(s))
}

// A caption too long to be a name leads with one: the words before its
// first comma ("Window-average throughput per level (tok/s), with
// steady-state estimate at c=64:"); "64, steady-state" below 64 is the
// same run by another estimate, set aside.
func TestLongCaptionLeadsWithItsName(t *testing.T) {
	require.Equal(t, "Window-average throughput per level (tok/s)", leadClause("Window-average throughput per level (tok/s), with steady-state estimate¹ at c=64:"))
	require.Equal(t, "", leadClause("a caption with no comma at all"))
	require.Equal(t, "", leadClause("Intro prose that is long enough to be a paragraph, running on:"))
	md := "We measured TTFT and latency elsewhere.\n\nWindow-average throughput per level (tok/s), with steady-state estimate¹ at c=64 for each variant:\n\n" +
		"| c | FP16 | AWQ |\n|---|---|---|\n| 1 | 62.2 | 158.4 (**2.55×**) |\n| 4 | 243.1 | 614.5 |\n| 16 | 814.1 | 1,840.3 |\n| 64 | 1,982.9 | 3,300.7 |\n| 64, steady-state¹ | 2,795 | 4,111 (**1.47×**) |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "AWQ"})
	require.NoError(t, err)
	require.Equal(t, []float64{158.4, 614.5, 1840.3, 3300.7}, throughputs(s))
}

// Run ids that differ only in a repetition's number and a timestamp
// ("…_b1_r1_1770613827.log", "…_b1_r2_1770613860.log") count repeats of
// one run: averaged, not each a curve of its own.
func TestRunIDsThatCountRepeats(t *testing.T) {
	csv := "device,batch_size,throughput,logfile\n" +
		"g2,1,232.4,/logs/run_g2_b1_r1_1770613827.log\ng2,1,232.0,/logs/run_g2_b1_r2_1770613860.log\n" +
		"g2,8,1800.5,/logs/run_g2_b8_r1_1770613991.log\ng2,8,1790.1,/logs/run_g2_b8_r2_1770614024.log\n" +
		"g2,32,5100.0,/logs/run_g2_b32_r1_1770614100.log\ng2,32,5120.0,/logs/run_g2_b32_r2_1770614200.log\n"
	s, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.NoError(t, err)
	require.ElementsMatch(t, []float64{1, 1, 8, 8, 32, 32}, concurrencies(s))
	require.Equal(t, []float64{232.4, 232.0, 1800.5, 1790.1, 5100, 5120}, throughputs(s), "both runs of each level kept, as repeats")
	// Ids that differ in more than the count stay curves apart.
	require.False(t, idsNameRepeats(grid{rows: [][]string{{"1", "a_r1"}, {"1", "b_r2"}}}, 0, nil, 1))
}

// "Throughput b1 / b8 / b32 (tok/s)" over "20 / 171 / 445" lists the
// levels in the header and packs a value per level in each cell: a row per
// level. "TTFT b1 (ms)" beside it was measured at level 1 alone; a list
// of sizes ("PP 8K / 32K") names no load.
func TestLevelsListedInOneHeader(t *testing.T) {
	md := "| Method | MMLU | TTFT b1 (ms) | Throughput b1 / b8 / b32 (tok/s) |\n|---|---|---|---|\n| BF16 | 76.3 | 137.4 | 20 / 171 / 445 |\n| RTN | 73.5 | 139.1 | 57 / 334 / 637 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "RTN"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 8, 32}, concurrencies(s))
	require.Equal(t, []float64{57, 334, 637}, throughputs(s))
	require.Equal(t, 139.1, *s.Points[0].TTFT.Mean)
	require.Nil(t, s.Points[1].TTFT.Mean, "TTFT b1 is level 1's alone")
	_, _, ok := packedLevelHeader("PP 8K / 32K / 64K tok/s")
	require.False(t, ok)
}
