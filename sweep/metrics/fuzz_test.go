package metrics

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
	"time"

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
	tb, err := os.ReadFile("testdata/cbserve-format.txt")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(tb)
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Parse(bytes.NewReader(b))
		if err != nil {
			return
		}
		if s.KVCapacityTokens != nil && *s.KVCapacityTokens <= 0 {
			t.Fatalf("capacity %v", *s.KVCapacityTokens)
		}
		// Whatever the GPU series hold, sanitised samples summarise to
		// finite figures (JSON cannot hold NaN or ±Inf).
		s.At = time.Unix(0, 0)
		later := s
		later.At = time.Unix(1, 0)
		later.GPUs = append([]GPUSample(nil), s.GPUs...)
		samples := []Snapshot{s, later}
		sanitizeGPUs(samples)
		if sum := SummarizeGPUs(samples, nil); sum != nil {
			if _, err := json.Marshal(sum); err != nil {
				t.Fatalf("summary does not encode: %v", err)
			}
		}
	})
}
