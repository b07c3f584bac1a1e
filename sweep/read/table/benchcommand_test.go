package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// benchBlock is a vLLM result block as the tool prints it, with the rate
// line above it and no level of its own (as vLLM prints a run without
// --max-concurrency).
func benchBlock(rate, tokS, ttft string) string {
	return "Traffic request rate: " + rate + "\nMaximum request concurrency: None\n" +
		"============ Serving Benchmark Result ============\n" +
		"Successful requests:                     64\n" +
		"Request throughput (req/s):              4.10\n" +
		"Output token throughput (tok/s):         " + tokS + "\n" +
		"Mean TTFT (ms):                          " + ttft + "\n" +
		"Mean TPOT (ms):                          20.00\n" +
		"==================================================\n"
}

// The command line above a block sets its level with the tool's defaults
// (issue 26 item 3): --num-prompts N with no --max-concurrency at the
// default infinite rate is N in flight at once; --max-concurrency M is M.
// Synthetic blocks, commands as people paste them (continued lines too).
func TestCommandLineSetsTheBlocksLevel(t *testing.T) {
	data := "$ vllm bench serve --model m --dataset-name random \\\n    --num-prompts 64\n" + benchBlock("inf", "1000.0", "50.0") +
		"$ python benchmark_serving.py --model m --request-rate=inf --num_prompts=128\n" + benchBlock("inf", "1800.0", "90.0") +
		"$ vllm bench serve --model m --num-prompts 1000 --max-concurrency 256\n" + benchBlock("inf", "2500.0", "400.0")
	s, err := readBenchText("t.txt", []byte(data), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{64, 128, 256}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.False(t, s.Points[0].Derived, "the level the command sets is configured, not derived")
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, "t.txt:5: the block prints no level; read as concurrency 64: the command line above it sends --num-prompts 64 with no --max-concurrency at the default infinite request rate: all 64 requests in flight at once")
	require.Contains(t, notes, "read as concurrency 256: the command line above it says --max-concurrency 256")
}

// A block that prints its own level keeps it; a sweep of offered rates
// keeps its infinite-rate stage placed by Little's law like the others;
// a command whose value is a shell variable sets nothing. Synthetic.
func TestCommandLineLeavesWhatTheBlocksSay(t *testing.T) {
	own := "$ vllm bench serve --num-prompts 80\nMaximum request concurrency: 8\n" + strings.Replace(benchBlock("inf", "1000.0", "50.0"), "Maximum request concurrency: None\n", "", 1)
	s, err := readBenchText("t.txt", []byte(own), Meta{})
	require.NoError(t, err)
	require.Equal(t, 8.0, s.Points[0].Concurrency)
	require.NotContains(t, strings.Join(s.Notes, "\n"), "command line")

	rates := "$ vllm bench serve --request-rate 2 --num-prompts 900\n" + benchBlock("2", "500.0", "40.0") +
		"$ vllm bench serve --request-rate inf --num-prompts 900\n" + benchBlock("inf", "2500.0", "400.0")
	s, err = readBenchText("t.txt", []byte(rates), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.True(t, s.Points[1].Derived, "the inf stage of a rate sweep is placed by Little's law")
	require.NotContains(t, strings.Join(s.Notes, "\n"), "command line")

	level, _, ok := commandLevel([]string{"vllm bench serve --num-prompts 2000 \\", "  --max-concurrency $c"})
	require.False(t, ok, "a shell variable is no level (got %d)", level)
}

func TestCommandLevelReadsTheToolsFlags(t *testing.T) {
	for _, tc := range []struct {
		pre   []string
		level int
		ok    bool
	}{
		{[]string{"python3 -m sglang.bench_serving --backend sglang --num-prompts 200"}, 200, true},
		{[]string{"python3 -m sglang.bench_serving --num-prompts 200 --request-rate 4"}, 0, false},
		{[]string{"vllm bench serve --model m"}, 0, false},
		{[]string{"Running: python benchmark_serving.py --max-concurrency 8 --num-prompts 80"}, 8, true},
		{[]string{"vllm serve m --max-num-seqs 256"}, 0, false},
		{[]string{"vllm bench serve --num-prompts 10", "vllm bench serve --num-prompts 20"}, 20, true},
	} {
		level, _, ok := commandLevel(tc.pre)
		require.Equal(t, tc.ok, ok, "%v", tc.pre)
		require.Equal(t, tc.level, level, "%v", tc.pre)
	}
}
