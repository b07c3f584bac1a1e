package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The headers of a Japanese llama.cpp --parallel table (corpus entry
// h-llamacpp-parallel-ja-single-total-toks).
func TestJapaneseSingleAndTotalRates(t *testing.T) {
	require.Equal(t, colPerUser, classify("単発 tok/s").kind, "単発: one request alone, one stream's speed")
	total := classify("合計 tok/s")
	require.Equal(t, colOtherTokRate, total.kind)
	require.Equal(t, "total", total.flavor)
	ttft := classify("TTFT 中央値")
	require.Equal(t, "ttft", ttft.metric)
	require.Equal(t, "p50", ttft.stat)
	require.Equal(t, colConcurrency, classify("並列数").kind)
}
