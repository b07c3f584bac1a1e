package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestPrefixOfStripsWhatPrecedesTheBanner(t *testing.T) {
	cases := []struct{ banner, line, want string }{
		{"2024/07/12 02:25:54 ============ Serving Benchmark Result ============", "2024/07/12 02:27:55 Concurrency: 5", "Concurrency: 5"},
		{"INFO 07-12 02:25:54 [serve.py:345] ===== Serving Benchmark Result =====", "INFO 07-12 02:25:55 [serve.py:1021] Mean TTFT (ms):   12.5", "Mean TTFT (ms):   12.5"},
		{"(APIServer pid=123) ====== Serving Benchmark Result ======", "(APIServer pid=98765) Successful requests:  10", "Successful requests:  10"},
		{"[rank0]: ===== Serving Benchmark Result =====", "[rank0]: Maximum request concurrency: 8", "Maximum request concurrency: 8"},
		{"# ============ Serving Benchmark Result ============", "# Mean TTFT (ms):    7279.56", "Mean TTFT (ms):    7279.56"},
		{"> ===== Serving Benchmark Result =====", ">Output token throughput (tok/s): 3.1", "Output token throughput (tok/s): 3.1"},
	}
	for _, c := range cases {
		got, ok := prefixOf(bannerPrefix(c.banner)).strip(c.line)
		require.True(t, ok, c.banner)
		require.Equal(t, c.want, got, c.banner)
	}
	// A line of other output does not carry the prefix and is left alone.
	_, ok := prefixOf(bannerPrefix("2024/07/12 02:25:54 ===== Serving Benchmark Result =====")).strip("Mean TTFT (ms): 3")
	require.False(t, ok)
	// A banner at the start of its line has no prefix.
	got, ok := prefixOf(bannerPrefix("===== Serving Benchmark Result =====")).strip("Mean TTFT (ms): 3")
	require.True(t, ok)
	require.Equal(t, "Mean TTFT (ms): 3", got)
}
