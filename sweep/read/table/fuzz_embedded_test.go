package table

import (
	"testing"
)

// FuzzEmbeddedObjects reads text that pastes JSON summaries between prose,
// one per level (jsonembedded.go): any input ends in a sweep that checks
// or a clear error, within the try bound, never a panic.
func FuzzEmbeddedObjects(f *testing.F) {
	f.Add([]byte("### Concurrency = 4\n{\"concurrency\": 4, \"tokens\": {\"tokens_per_second\": 120.5}, \"latency\": {\"p99_s\": 0.9}}\nprose\n### Concurrency = 8\n{\"concurrency\": 8, \"tokens\": {\"tokens_per_second\": 230}}\n"))
	f.Add([]byte("{\"concurrency\": 1, \"output_throughput\": 9}\ntext { not json\n{\"concurrency\": 2, \"output_throughput\": 17}\n{"))
	f.Add([]byte("{\n{\n{\"a\": {\"b\": {\"c\": [1, {\"d\": 2}]}}}\n{\"concurrency\": \"x\", \"error_summary\": {\"other_errors\": 3}}\n"))
	// A chart's data titled by the chart's axes (chartlabels.go).
	f.Add([]byte("On a single H100 GPU.\n{{< line x_label=\"Batch size\" y_label=\"Tokens / s / GPU\" >}}\n[\n  { \"x\": 2, \"y\": 238 },\n  { \"x\": 8, \"y\": 820, \"name\": \"FP8\" }\n]\n"))
	// Result objects after a log's tags, repeats and their summary
	// (jsonlogtags.go).
	f.Add([]byte("warn: x\nRESULT_JSON {\"num_prompts\": 1, \"output_tok_s\": 18.9}\nRESULTS_AGG_JSON {\"num_prompts\": 1, \"output_tok_s_mean\": 18.8}\nRESULT_JSON {\"num_prompts\": 4, \"output_tok_s\": 70}\nRESULTS_AGG_JSON {\"num_prompts\": 4, \"output_tok_s_mean\": 70.7}\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if root, _, ok := embeddedObjects(b); ok && len(root.items) < 2 {
			t.Fatalf("embeddedObjects said ok with %d objects", len(root.items))
		}
		s, err := readRecords("t.md", b, Meta{})
		checkResult(t, s, err)
	})
}

// FuzzKeyValueBlocks reads plain "key: value" blocks, one per level
// (kvblocks.go), through the bench-text reader that holds them.
func FuzzKeyValueBlocks(f *testing.F) {
	// Batch cf: banners naming a warm-up and rounds, with status pairs.
	f.Add([]byte("N=1 warmup 0: complete=True end_to_end_tok_s=37.5 errors=[]\nN=1 round 0: complete=True end_to_end_tok_s=38.1 errors=[]\nN=2 round 0: complete=False end_to_end_tok_s=47.0 errors=['x']\nN=4 round 1: complete=True end_to_end_tok_s=nan errors={}\n"))
	f.Add([]byte("=== Concurrency: 16 ===\nThroughput: 900 tok/s\nTTFT p99: 90 ms\n\n=== Concurrency: 32 ===\nThroughput: 1500 tok/s\nTTFT p99: 300 ms\n"))
	f.Add([]byte("Running with concurrency=16\n  output throughput: 900.0 tokens/s\nRunning with concurrency=32\n  output throughput: 1200 tokens/s\n"))
	// A line naming each run before its blocks (kvlabels.go), units spelt
	// as a count over a time (composedunits.go), nan cells.
	f.Add([]byte("Scenario: Chat, Concurrency: 1\n  Summary for concurrency 1:\n    Successful requests : 1\n    Average TTFT per request : nan\n    Overall throughput (sum) : 108.09 tokens/secs\n\nScenario: Code, Concurrency: 1\n  Summary for concurrency 1:\n    Overall throughput (sum) : 99 токенов/сек\n"))
	f.Add([]byte("model: m\ngpu: H100\n\n- concurrency = 1\n- tok/s = abc\n\n- concurrency = 2\n- tok/s = 1e309\n"))
	f.Add([]byte("Run 1/2: input=256, concurrent=1\nWaiting\nCompleted: input=256, Output-token/s=22.70\nRun 2/2: input=256, concurrent=8\nCompleted: input=256, Output-token/s=152.4\n"))
	f.Add([]byte("=== VLLM c=1 rep=1 ===\n  Output token throughput (tok/s): 22\n=== VLLM c=8 rep=1 ===\n  Output token throughput (tok/s): 160\n"))
	// Batch by: a block title sets the level; SGLang's measured Concurrency.
	f.Add([]byte("----- run 1/2 c=32  tag=a -----\nOutput token throughput (tok/s):         3979.75\nConcurrency:                             21.73\n----- warmup (DISCARDED) c=64 -----\nOutput token throughput (tok/s): 6404.79\nConcurrency: 46.30\n----- run 1/2 c=64 -----\nOutput token throughput (tok/s): 6463.12\nConcurrency: 0.5\n"))
	// Result lines under banners, a warm-up block, levels named in words
	// (ayrules_test.go).
	f.Add([]byte("warmup...\n\n=== m:20b  (dur=120s, conc=1) ===\nRequests OK/Total: 27/27  |  Errors: 0\nRPS: 0.22   System TPS: 52.24\nttft_ms: mean=1396.9  p50=1393.1\nitl_p95_ms: mean=18.4  p95=19.4\n\n=== 4 concurrent streams, 2 run(s) each ===\n  aggregate_TPS=76.64  total_wall=4.89s\nConcurrent Requests=8 (averaged)\n=====\ntok/sec total:  185.3\nbatch 3  Avg generation throughput: 98.2 tokens/s,\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if g, ok := keyValueBlocksGrid("t.txt", string(b)); ok && len(g.rows) < 2 {
			t.Fatalf("keyValueBlocksGrid said ok with %d rows", len(g.rows))
		}
		_ = looksBenchText(b)
		s, err := readBenchText("t.txt", b, Meta{})
		checkResult(t, s, err)
	})
}
