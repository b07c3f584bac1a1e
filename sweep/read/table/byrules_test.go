package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sglangBlock is one SGLang bench_serving result block (synthetic).
func sglangBlock(conc, tput, ttft string) string {
	return "Starting warmup with 1 sequences...\n============ Serving Benchmark Result ============\nBackend:                                 sglang\n" +
		"Max request concurrency:                 " + conc + "\nSuccessful requests:                     64\n" +
		"Output token throughput (tok/s):         " + tput + "\nMean TTFT (ms):                          " + ttft + "\n==================================================\n"
}

// From held-out batch by's misses (fitted after its one measurement): a
// result block after a framed line naming a warm-up is set aside, not read
// as a repeat of its level; the benchmark's own "Starting warmup" line
// above every block sets nothing aside.
func TestFramedWarmupBlockIsSetAside(t *testing.T) {
	doc := "== warm-up (c2, recorded but not scored) ==\n=== c2 ===\n" + sglangBlock("2", "48.21", "300.0") +
		"=== c1 ===\n" + sglangBlock("1", "41.53", "449.6") + "=== c2 ===\n" + sglangBlock("2", "37.85", "1065.2") +
		"=== c4 ===\n" + sglangBlock("4", "60.73", "776.5")
	s, err := Read("t.txt", []byte(doc), BenchText, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{41.53, 37.85, 60.73}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), "warm-up")
	plain := strings.ReplaceAll(doc, "== warm-up (c2, recorded but not scored) ==\n", "")
	s, err = Read("t.txt", []byte(plain), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4, "without the marker the first c2 block is a repeat")
}

// From by's misses: blocks of `key: value` lines whose title sets the
// level ("----- run 1/2 c=32 -----") read it as the level; SGLang's
// "Concurrency: 21.73", a fraction, is what the run achieved.
func TestTitleLevelBeforeMeasuredConcurrency(t *testing.T) {
	block := func(title, tput, conc string) string {
		return "----- " + title + " -----\nSuccessful requests:                     64\nOutput token throughput (tok/s):         " + tput +
			"\nConcurrency:                             " + conc + "\nMedian TTFT (ms):                        153.02\n"
	}
	doc := block("run 1/2 c=32  tag=a", "3979.75", "21.73") + block("run 1/2 c=64  tag=b", "6463.12", "46.30") + block("run 1/2 c=128  tag=c", "9262.95", "92.10")
	s, err := Read("t.txt", []byte(doc), BenchText, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{32, 64, 128}, []float64{s.Points[0].Level(), s.Points[1].Level(), s.Points[2].Level()})
	require.Equal(t, []float64{3979.75, 6463.12, 9262.95}, throughputs(s))
}

// From by's misses: llm-decode-bench's sustained-decode grid, alone in a
// log: the corner names rows and levels ("ctx \ conc"), each cell its
// value, then its TTFT/ITL as the caption's "+" says, a running/requested
// mark, or ∅ for a cell skipped.
func TestDecodeBenchGrid(t *testing.T) {
	doc := "Aggregate tok/s  + TTFT/ITL\n╭────────────┬─────────────┬───────────────────┬──────────────────╮\n│ ctx \\ conc │           1 │                 4 │               16 │\n├────────────┼─────────────┼───────────────────┼──────────────────┤\n" +
		"│ 0          │  187.4 42/5 │       376.8 70/11 │    1114.7 119/14 │\n│ 32k        │ 196.0 123/5 │ 370.9 (4/4) 208/11 │      927.7 2k/17 │\n│ 128k       │ 195.8 345/5 │      361.8 737/11 │ ∅ (16/16)* 5k/19 │\n╰────────────┴─────────────┴───────────────────┴──────────────────╯\n"
	require.True(t, Looks(Aligned, "t.txt", []byte(doc)))
	_, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.Equal(t, []string{"0", "32k", "128k"}, CurveNames(err))
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{Series: "32k"})
	require.NoError(t, err)
	require.Equal(t, []float64{196.0, 370.9, 927.7}, throughputs(s))
	s, err = Read("t.txt", []byte(doc), Aligned, Meta{Series: "128k"})
	require.NoError(t, err)
	require.Equal(t, []float64{195.8, 361.8}, throughputs(s), "the skipped cell measured nothing")
}
