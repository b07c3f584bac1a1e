package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A benchmark tool's result block of one level printed as an example above
// a table of results by concurrency (synthetic, the shape of a README):
// the block is one run, the table the sweep; every point read is a row of
// the table, none the block's figure.
func TestOneRunBlockAboveASweepTableReadsTheTable(t *testing.T) {
	data := "Expected output:\n\n```\n$ vllm bench serve --model m --num-prompts 128 --max-concurrency 64\n" + benchBlock("inf", "3196.91", "1004.91") + "```\n\n" +
		"Measured across concurrencies:\n\n| max-concurrency | Output tok/s | Median TTFT (ms) |\n|---:|---:|---:|\n" +
		"| 64 | 3,197 | 264 |\n| 128 | 4,287 | 597 |\n| 256 | 4,750 | 2,550 |\n"
	s, err := Read("t.md", []byte(data), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range [][2]float64{{64, 3197}, {128, 4287}, {256, 4750}} {
		require.Equal(t, want[0], s.Points[i].Concurrency)
		require.Equal(t, want[1], s.Points[i].ThroughputTokS)
	}
	require.Contains(t, strings.Join(s.Notes, "\n"), "t.md:18: the result block at line 7 is one run (one level); the table at line 18, of several levels, is the sweep and is read")
}

// The block stands where the table beside it is no sweep (two levels, or
// no rate), and blocks of several levels are a sweep themselves.
func TestRunBlockStandsWithoutASweepTable(t *testing.T) {
	block := "$ vllm bench serve --model m --num-prompts 128 --max-concurrency 64\n" + benchBlock("inf", "3196.91", "1004.91")
	twoLevels := block + "\n| max-concurrency | Output tok/s |\n|---:|---:|\n| 64 | 3,197 |\n| 128 | 4,287 |\n"
	s, err := Read("t.md", []byte(twoLevels), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	require.Equal(t, 3196.91, s.Points[0].ThroughputTokS)
	threeBlocks := block + "$ vllm bench serve --model m --num-prompts 256 --max-concurrency 128\n" + benchBlock("inf", "4287.0", "597.0") +
		"$ vllm bench serve --model m --num-prompts 512 --max-concurrency 256\n" + benchBlock("inf", "4750.0", "2550.0") +
		"\n| max-concurrency | Output tok/s |\n|---:|---:|\n| 1 | 50 |\n| 2 | 90 |\n| 4 | 160 |\n"
	s, err = Read("t.md", []byte(threeBlocks), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4750.0, s.Points[2].ThroughputTokS)
}

// A sweep table with a stray label row in its load column (an average row)
// is still the sweep beside a one-run block: it is read, never the block's
// one level — found by the corpus's perturbations, which read the block
// alone once the table's load column held "avg".
func TestOneRunBlockBesideASweepTableWithAnAverageRow(t *testing.T) {
	data := "```\n$ vllm bench serve --model m --num-prompts 128 --max-concurrency 64\n" + benchBlock("inf", "3196.91", "1004.91") + "```\n\n" +
		"| max-concurrency | Output tok/s | Median TTFT (ms) |\n|---:|---:|---:|\n" +
		"| 64 | 3,197 | 264 |\n| 128 | 4,287 | 597 |\n| 256 | 4,750 | 2,550 |\n| avg | 4,078 | 1,137 |\n"
	s, err := Read("t.md", []byte(data), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4750.0, s.Points[2].ThroughputTokS)
}
