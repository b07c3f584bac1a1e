package table

import (
	"testing"
)

// FuzzBoxHeader reads box-drawn tables, seeded with the corpus's real
// rich-box console outputs: never a panic.
func FuzzBoxHeader(f *testing.F) {
	seedCorpusText(f, "rich-box")
	f.Add([]byte("|===|===|\n| A | B ||\n| x | y |\n|---|---|\n| 1 | 2 |\n"))
	f.Add([]byte(nestedBox))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksAligned(b)
		s, err := readAligned("t.txt", b, Meta{})
		checkResult(t, s, err)
	})
}

// FuzzBenchTextPrefixed reads bench text whose lines carry a prefix (a
// container's pid, a quote mark), seeded with the corpus's real ones.
func FuzzBenchTextPrefixed(f *testing.F) {
	seedCorpusText(f, "prefix", "commented-blocks")
	f.Add([]byte("(APIServer pid=1) ===== Serving Benchmark Result =====\n(APIServer pid=2) Mean TTFT (ms): 3\n"))
	// Batch bm: argparse's Namespace above each block stands for the
	// command line.
	f.Add([]byte("Namespace(backend='vllm', num_prompts=2, request_rate=inf, max_concurrency=None)\n============ Serving Benchmark Result ============\nSuccessful requests:                     2\nOutput token throughput (tok/s):         67.55\nMean TTFT (ms):                          693.83\n==================================================\n"))
	// Batch by: a framed warm-up line above the first block.
	f.Add([]byte("== warm-up (c2, recorded but not scored) ==\n============ Serving Benchmark Result ============\nMax request concurrency: 2\nOutput token throughput (tok/s): 48.21\n==================================================\n============ Serving Benchmark Result ============\nMax request concurrency: 1\nOutput token throughput (tok/s): 41.53\n==================================================\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksBenchText(b)
		s, err := readBenchText("t.txt", b, Meta{})
		checkResult(t, s, err)
	})
}
