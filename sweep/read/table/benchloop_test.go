package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A shell loop over the load flag, then one block per value with no level
// of its own (older vLLM prints none): the values in order. Simulated.
func TestShellLoopSetsTheBlocksLevels(t *testing.T) {
	old := func(tokS string) string {
		return strings.Replace(benchBlock("inf", tokS, "50.0"), "Maximum request concurrency: None\n", "", 1)
	}
	data := "$ for c in 2 4 16; do\n>   vllm bench serve --model m --num-prompts 200 --max-concurrency $c\n> done\n" +
		old("100.0") + old("190.0") + old("600.0")
	s, err := readBenchText("t.txt", []byte(data), Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{2, 4, 16}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.False(t, s.Points[2].Derived)
	require.Contains(t, strings.Join(s.Notes, "\n"), "read as concurrency 16: the shell loop above runs --max-concurrency over 2 4 16, one block per value in order")
}

func TestLoopLevels(t *testing.T) {
	for _, tc := range []struct {
		pre    []string
		levels []int
		ok     bool
	}{
		{[]string{"for c in 1 8 32; do python3 -m sglang.bench_serving --max-concurrency ${c}; done"}, []int{1, 8, 32}, true},
		{[]string{"for c in 1 8 32; do", "  genai-perf profile -m m --concurrency $c", "done"}, []int{1, 8, 32}, true},
		// The loop variable sets the rate, not a concurrency.
		{[]string{"for r in 1 2 4; do vllm bench serve --request-rate $r --max-concurrency 64; done"}, nil, false},
		// A loop over models sets no level.
		{[]string{"for m in a b; do vllm bench serve --model $m --max-concurrency 8; done"}, nil, false},
		{[]string{"for c in 0 8; do vllm bench serve --max-concurrency $c; done"}, nil, false},
	} {
		levels, _, ok := loopLevels(tc.pre)
		require.Equal(t, tc.ok, ok, "%v", tc.pre)
		require.Equal(t, tc.levels, levels, "%v", tc.pre)
	}
}
