package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: load cells that name the load before the number.
func TestNamedLoadCells(t *testing.T) {
	doc := "| Concurrency Level | Output tok/s |\n|---|---|\n| **Concurrency = 10** | 532 |\n| **Concurrency = 20** | 700 |\n| **Concurrency = 80** | 1,515 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 80.0, s.Points[2].Concurrency)
	n, ok := loadCellNumber("c=16")
	require.True(t, ok)
	require.Equal(t, "16", n)
	_, ok = loadCellNumber("GPU = 4")
	require.False(t, ok)
}

// Synthetic: a reference run named in the load column is set aside.
func TestNamedRunInLoadColumnSetAside(t *testing.T) {
	doc := "concurrency,vllm_aggregate_tok_s\nollama_1_stream,88\n8,247\n16,371\n32,498\n"
	s, err := Read("t.csv", []byte(doc), CSV, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"ollama_1_stream" in the load column "concurrency" names a run, not a level: set aside`)
}

// Synthetic: older genai-perf prints its rates under the table; a cell rich
// cut short ("1,024…") is no number.
func TestRunTableRatesUnderTheTable(t *testing.T) {
	run := func(c, tput, ttft string) string {
		return "2024-11-06 20:02 [INFO] genai_perf.wrapper:138 - Running Perf Analyzer : 'perf_analyzer -m llama --async --concurrency-range " + c + "'\n" +
			"┏━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━━┓\n" +
			"┃                Statistic ┃    avg ┃    p99 ┃\n" +
			"┡━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━━┩\n" +
			"│ Time to first token (ms) │ " + ttft + " │  25.57 │\n" +
			"│     Request latency (ms) │ 667.38 │ 671.…  │\n" +
			"└──────────────────────────┴────────┴────────┘\n" +
			"Output token throughput (per sec): " + tput + "\n" +
			"Request throughput (per sec): 1.50\n\n"
	}
	doc := run("1", "86.98", " 24.49") + run("2", "173.57", " 30.10") + run("5", "385.61", "1,024…")
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 385.61, s.Points[2].ThroughputTokS)
	require.Nil(t, s.Points[2].TTFT.Mean)
}

// Synthetic: llama-benchy runs each prompt's pp and tg in turn: the tg
// rows of one level follow different prompts and are curves of their own.
func TestTGRowsNamedByTheirPrompt(t *testing.T) {
	doc := "| test | t/s (total) |\n|---|---|\n" +
		"| pp128 (c1) | 342 |\n| tg128 (c1) | 60.7 |\n| pp128 (c2) | 270 |\n| tg128 (c2) | 79.3 |\n| pp128 (c4) | 484 |\n| tg128 (c4) | 108.9 |\n" +
		"| pp1024 (c1) | 2918 |\n| tg128 (c1) | 59.9 |\n| pp1024 (c2) | 3209 |\n| tg128 (c2) | 81.8 |\n| pp1024 (c4) | 4252 |\n| tg128 (c4) | 108.3 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "tg128 after pp1024"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 108.3, s.Points[2].ThroughputTokS)
}
