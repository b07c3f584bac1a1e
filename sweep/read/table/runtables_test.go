package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// statTable is a console table of one run in genai-perf's shape, its
// metrics down the first column. Simulated.
func statTable(ttft, tokS string) string {
	return "                  NVIDIA GenAI-Perf | LLM Metrics\n" +
		"┏━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━┓\n" +
		"┃                         Statistic ┃    avg ┃    p99 ┃\n" +
		"┡━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━┩\n" +
		"│          Time To First Token (ms) │ " + ttft + " │ 999.00 │\n" +
		"│          Inter Token Latency (ms) │  10.00 │  12.00 │\n" +
		"│ Output Token Throughput (per sec) │ " + tokS + " │    N/A │\n" +
		"│      Request Throughput (per sec) │   1.00 │    N/A │\n" +
		"└───────────────────────────────────┴────────┴────────┘\n"
}

// One table per run, each under the command that ran it: the command's
// load flag is the run's level, the avg column its values. Simulated.
func TestRunTablesTakeTheirCommandsLevel(t *testing.T) {
	data := "$ genai-perf profile -m m --streaming --concurrency 4\n" + statTable("100.00", "300.00") +
		"\n$ genai-perf profile -m m --streaming --concurrency=16\n[INFO] Running Perf Analyzer\n" + statTable("400.00", "900.00")
	s, err := readAligned("t.txt", []byte(data), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, []float64{4, 16}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency})
	require.Equal(t, []float64{300, 900}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS})
	require.Equal(t, 400.0, *s.Points[1].TTFT.Mean, "the avg column, not the p99")
	require.Contains(t, strings.Join(s.Notes, "\n"), "t.txt:14: the table prints no level; read as concurrency 16: the command line above it says --concurrency 16")
	require.True(t, looksAligned([]byte(data)))
}

// A run table with no level anywhere, or a command running several levels
// at once, is left to the other readers. Simulated.
func TestRunTablesWithoutALevelAreNotFolded(t *testing.T) {
	_, ok := runTablesGrid("t.txt", nil, nil)
	require.False(t, ok)
	noCmd := statTable("100.00", "300.00") + "\n" + statTable("400.00", "900.00")
	_, ok = runTablesGrid("t.txt", []byte(noCmd), alignedTables("t.txt", []byte(noCmd)))
	require.False(t, ok, "no command line: no level")
	several := "evalscope perf --parallel 1 8 --number 10 80\n" + statTable("100.00", "300.00") + "\n" + statTable("400.00", "900.00")
	_, ok = runTablesGrid("t.txt", []byte(several), alignedTables("t.txt", []byte(several)))
	require.False(t, ok, "--parallel 1 8 names two levels, none of either table")
}

func TestSingleFlagValue(t *testing.T) {
	for _, tc := range []struct {
		cmd, name, val string
		ok             bool
	}{
		{"genai-perf profile --concurrency 8 --streaming", "concurrency", "8", true},
		{"evalscope perf --parallel=4", "parallel", "4", true},
		{"evalscope perf --parallel 1 8 32 --number 10", "parallel", "", false},
		{"vllm bench serve --max-concurrency $c; done", "max-concurrency", "$c", true},
		{"python token_benchmark_ray.py --num_concurrent_requests 2", "num-concurrent-requests", "2", true},
		{"genai-perf profile --concurrency", "concurrency", "", false},
	} {
		v, ok := singleFlagValue(strings.Fields(tc.cmd), tc.name)
		require.Equal(t, tc.ok, ok, tc.cmd)
		require.Equal(t, tc.val, v, tc.cmd)
	}
}

// AIPerf echoes the command under its table ("CLI Command: …"): it is the
// level of the table above it, never of the one below. Simulated.
func TestCommandEchoedUnderATableIsItsLevel(t *testing.T) {
	data := statTable("100.00", "300.00") + "CLI Command: aiperf profile -m m --concurrency 4\n\n" +
		statTable("400.00", "900.00") + "CLI Command: aiperf profile -m m --concurrency 16\n"
	s, err := readAligned("t.txt", []byte(data), Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{4, 16}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency})
	require.Contains(t, strings.Join(s.Notes, "\n"), "read as concurrency 4: the command line its tool echoes under it says --concurrency 4")
}

// Two tables at one level are two runs of something else (two engines),
// not repeats: left to the other readers. Simulated.
func TestRunTablesAtOneLevelAreNotFolded(t *testing.T) {
	data := "$ genai-perf profile -m m --concurrency 8 --url vllm:8000\n" + statTable("100.00", "300.00") +
		"\n$ genai-perf profile -m m --concurrency 8 --url sglang:30000\n" + statTable("120.00", "310.00")
	_, ok := runTablesGrid("t.txt", []byte(data), alignedTables("t.txt", []byte(data)))
	require.False(t, ok)
}

// Synthetic: genai-perf's own log of a scripted sweep: no genai-perf
// command is echoed, only the perf_analyzer command its wrapper runs, whose
// --concurrency-range holds the run's one level; a range of levels
// (start:end:step) names none and the paste is not folded.
func TestRunTablesTakePerfAnalyzerConcurrencyRange(t *testing.T) {
	pa := func(c string) string {
		return "2025-01-01 10:00 [INFO] genai_perf.wrapper:164 - Running Perf Analyzer : 'perf_analyzer -m m --async -i http --concurrency-range " + c + " --endpoint v1/completions'\n"
	}
	data := pa("10") + statTable("100.00", "300.00") + "\n" + pa("20") + statTable("150.00", "550.00") + "\n" + pa("40") + statTable("400.00", "700.00")
	s, err := readAligned("t.txt", []byte(data), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{10, 20, 40}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 550.0, s.Points[1].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), "the command line above it says --concurrency-range 20")

	ranged := pa("10:40:10") + statTable("100.00", "300.00") + "\n" + pa("10:40:10") + statTable("400.00", "900.00")
	_, ok := runTablesGrid("t.txt", []byte(ranged), alignedTables("t.txt", []byte(ranged)))
	require.False(t, ok, "a range of levels is the level of neither table")
}
