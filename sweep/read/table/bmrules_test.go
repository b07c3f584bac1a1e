package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules built from the corpus's refusals before held-out batch bm. Every
// table here is synthetic, written for the shape.

// Levels written as the requests sent at once, in English or Korean, head
// the columns of a wide table whose title names the node's rate.
func TestRequestsAtOnceNameWideLevels(t *testing.T) {
	for _, words := range [][3]string{{"1 request", "2 requests", "4 requests"}, {"1 요청", "2 요청", "4 요청"}, {"1명", "2명", "4명"}} {
		doc := "#### Concurrent throughput (aggregate tok/s)\n\n| Model | " + strings.Join(words[:], " | ") + " |\n|---|---|---|---|\n| a | 45.1 | 434.2 | 483.3 |\n"
		s, err := Read("t.md", []byte(doc), Markdown, Meta{})
		require.NoError(t, err, words[0])
		require.Len(t, s.Points, 3, words[0])
		require.Equal(t, 4.0, s.Points[2].Concurrency, words[0])
		require.Equal(t, 483.3, s.Points[2].ThroughputTokS, words[0])
	}
	// "4 requests/s" is a rate, not a level.
	_, _, ok := wordLevel("4 requests/s")
	require.False(t, ok)
}

// llama.cpp's tools name text generation "tg": tg/s is the generated
// tokens per second, and "pp" (the prompt size) labels a wide table's row
// as a text column would.
func TestTextGenerationRateAndPromptSizeRows(t *testing.T) {
	require.Equal(t, colThroughput, classify("tg/s").kind)
	require.Equal(t, colThroughput, classify("c1 tg/s").kind)
	require.True(t, settingHeader("pp"))
	require.True(t, settingHeader("Input len"))
	require.False(t, settingHeader("tok/s"))
	doc := "| pp | c1 tg/s | c2 tg/s | c4 tg/s | c1 TTFT | c2 TTFT | c4 TTFT |\n|---|---|---|---|---|---|---|\n" +
		"| 512 | 40.0 | 70.0 | 90.0 | 500 ms | 900 ms | 1500 ms |\n| 2048 | 39.0 | 60.0 | 70.0 | 1000 ms | 1800 ms | 3500 ms |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "2048"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 70.0, s.Points[2].ThroughputTokS)
	require.Equal(t, 3500.0, *s.Points[2].TTFT.Mean)
	require.Contains(t, strings.Join(s.Notes, "\n"), `series "2048" read (--series, by "pp")`)
}

// Rules from held-out batch bm's misses.

// benchmark_serving.py prints its arguments as argparse's Namespace before
// each run: num_prompts=N at request_rate=inf with no max_concurrency puts
// all N in flight, as the command line would say.
func TestArgparseNamespaceIsTheCommandLine(t *testing.T) {
	flags, ok := namespaceFlags("Namespace(backend='vllm', model='/m/Qwen', max_concurrency=None, num_prompts=8, request_rate=inf, seed=0)")
	require.True(t, ok)
	require.Equal(t, "--backend vllm --model /m/Qwen --num-prompts 8 --request-rate inf --seed 0", flags)
	level, why, ok := commandLevel([]string{"Running benchmark...", "Namespace(backend='vllm', num_prompts=8, request_rate=inf, max_concurrency=None)"})
	require.True(t, ok)
	require.Equal(t, 8, level)
	require.Contains(t, why, "--num-prompts 8 with no --max-concurrency")
	_, _, ok = commandLevel([]string{"Namespace(backend='vllm', num_prompts=200, request_rate=4.0)"})
	require.False(t, ok, "a finite rate is an open-loop level, not a concurrency")
	_, ok = namespaceFlags("Namespace(lr=0.1, epochs=3)")
	require.False(t, ok, "a Namespace without num_prompts is another program's")
}

// A column named "level" alone is the load a sweep steps through; an
// engine cap that holds one value per curve beside it is a setting.
func TestLoneLevelColumnIsTheLoad(t *testing.T) {
	require.True(t, loneLevel(wordset(headerTokens("level"))))
	require.False(t, loneLevel(wordset(headerTokens("log level"))))
	doc := "step,max_num_seqs,level,total_tps,prefill_tps,decode_tps,per_replica_tps\n" +
		"a,256,16,2000.0,400.0,1600.0,2000\na,256,32,3500.0,700.0,2800.0,3500\na,256,64,5000.0,1000.0,4000.0,5000\na,256,128,5200.0,1040.0,4160.0,5200\n"
	s, err := Read("t.csv", []byte(doc), CSV, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{16, 32, 64, 128}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency, s.Points[3].Concurrency})
	// per_replica_tps is prefill_tps + decode_tps on every row: input +
	// output, so the output rate is decode_tps.
	require.Equal(t, 4160.0, s.Points[3].ThroughputTokS)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"per_replica_tps" read as input + output tokens, not the node's output rate: on every row it is "prefill_tps" + "decode_tps"`)
	require.Contains(t, notes, `"level" read as the concurrency (a column named level alone holds the levels a sweep steps through)`)
}
