package metrics

import (
	"bytes"
	"os"
	"testing"

	"github.com/kneetool/knee/fixtures"
)

// FuzzParse: any bytes parse or fail without panicking, and what parses
// gives finite, non-negative counts.
func FuzzParse(f *testing.F) {
	for _, name := range []string{"vllm-0.10-nvcr25.09-qwen3-4b.txt", "sglang-docs-llama31-8b-loaded.txt", "sglang-pr1853-llama32-3b-capacity.txt"} {
		b, err := os.ReadFile(fixtures.Path("metrics/" + name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("vllm:cache_config_info{block_size=\"16\",num_gpu_blocks=\"None\"} 1\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Parse(bytes.NewReader(b))
		if err != nil {
			return
		}
		if s.KVCapacityTokens != nil && *s.KVCapacityTokens <= 0 {
			t.Fatalf("capacity %v", *s.KVCapacityTokens)
		}
	})
}
