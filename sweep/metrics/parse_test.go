package metrics

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

func parseFixture(t *testing.T, name string) Snapshot {
	t.Helper()
	f, err := os.Open(fixtures.Path("metrics/" + name))
	require.NoError(t, err)
	defer f.Close()
	s, err := Parse(f)
	require.NoError(t, err)
	return s
}

// A real vLLM v1 exposition (NGC vllm:25.09, Qwen3-4B, idle after six
// requests): every series the attribution uses is read, the KV capacity
// from cache_config_info's labels (850 blocks × 16 tokens).
func TestParseVLLMFixture(t *testing.T) {
	s := parseFixture(t, "vllm-0.10-nvcr25.09-qwen3-4b.txt")
	require.Equal(t, "vllm", s.Engine)
	require.Equal(t, 0.0, *s.Running)
	require.Equal(t, 0.0, *s.Waiting)
	require.InDelta(t, 0.0011764705882353343, *s.KVUsage, 1e-15, "kv_cache_usage_perc, not the deprecated gpu_ one")
	require.Equal(t, 0.0, *s.Preemptions)
	require.Equal(t, 850.0*16, *s.KVCapacityTokens)
	require.Nil(t, s.MaxRunning, "vLLM exports no sequence cap")
}

// SGLang's documented exposition under load (162 running, 2,826 queued,
// 28% of the token pool in use).
func TestParseSGLangFixture(t *testing.T) {
	s := parseFixture(t, "sglang-docs-llama31-8b-loaded.txt")
	require.Equal(t, "sglang", s.Engine)
	require.Equal(t, 162.0, *s.Running)
	require.Equal(t, 2826.0, *s.Waiting)
	require.Equal(t, 0.28, *s.KVUsage)
	require.Nil(t, s.KVCapacityTokens)

	c := parseFixture(t, "sglang-pr1853-llama32-3b-capacity.txt")
	require.Equal(t, "sglang", c.Engine)
	require.Equal(t, 570979.0, *c.KVCapacityTokens)
	require.Equal(t, 2231.0, *c.MaxRunning)
}

// BenchmarkParseVLLM parses a real 493-line vLLM exposition: the cost of
// one scrape, paid once a second.
func BenchmarkParseVLLM(b *testing.B) {
	body, err := os.ReadFile(fixtures.Path("metrics/vllm-0.10-nvcr25.09-qwen3-4b.txt"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(bytes.NewReader(body)); err != nil {
			b.Fatal(err)
		}
	}
}
