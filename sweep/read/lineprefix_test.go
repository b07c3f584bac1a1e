package read

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep/read/table"
)

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

func TestBenchTextBlockKeyWinsOverPreamble(t *testing.T) {
	data := []byte("Maximum request concurrency: 4\n" +
		"============ Serving Benchmark Result ============\n" +
		"Maximum request concurrency:             8\n" +
		"Output token throughput (tok/s):         100.0\n" +
		"Mean TTFT (ms):                          20.0\n" +
		"==================================================\n")
	s, err := table.Read("t.txt", data, table.BenchText, Meta{})
	require.NoError(t, err)
	require.Equal(t, 8.0, s.Points[0].Concurrency)
}
