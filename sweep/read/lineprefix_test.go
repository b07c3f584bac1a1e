package read

import (
	"os"
	"path/filepath"
	"strings"
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

// Blocks quoted behind a comment mark, each with its concurrency printed
// above the banner, at the same level twice: two repeats, numbered, never
// merged (simulated lines in the shape of vLLM's older output).
func TestBenchTextPrefixedBlocksSameLevelAreRepeats(t *testing.T) {
	block := func(tput, ttft string) string {
		return "# Maximum request concurrency: 32\n" +
			"# ============ Serving Benchmark Result ============\n" +
			"# Successful requests:                     32\n" +
			"# Output token throughput (tok/s):         " + tput + "\n" +
			"# Mean TTFT (ms):                          " + ttft + "\n" +
			"# Mean E2EL (ms):                          1000.0\n" +
			"# ==================================================\n"
	}
	data := []byte(block("434.40", "7279.56") + "\n" + block("329.86", "6535.45"))
	require.True(t, sniffBenchText("t.txt", data, nil))
	file := filepath.Join(t.TempDir(), "t.txt")
	require.NoError(t, os.WriteFile(file, data, 0o644))
	s, err := Load([]string{file}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	for i, want := range []float64{434.40, 329.86} {
		require.Equal(t, 32.0, s.Points[i].Concurrency)
		require.Equal(t, i, s.Points[i].Repeat)
		require.InDelta(t, want, s.Points[i].ThroughputTokS, 1e-9)
	}
	require.InDelta(t, 6535.45, *s.Points[1].TTFT.Mean, 1e-9)
	require.True(t, strings.Contains(strings.Join(s.Notes, "\n"), `"Maximum request concurrency" as concurrency`))
}

// A setting printed above the banner never overrides the block's own.
func TestBenchTextBlockKeyWinsOverPreamble(t *testing.T) {
	data := []byte("Maximum request concurrency: 4\n" +
		"============ Serving Benchmark Result ============\n" +
		"Maximum request concurrency:             8\n" +
		"Output token throughput (tok/s):         100.0\n" +
		"Mean TTFT (ms):                          20.0\n" +
		"==================================================\n")
	s, err := readBenchTextOpts("t.txt", data, Options{})
	require.NoError(t, err)
	require.Equal(t, 8.0, s.Points[0].Concurrency)
}
