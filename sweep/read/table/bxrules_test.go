package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic, from corpus refusals (batches bo and bv): an object of levels
// keyed by number under "levels" reads as a column headed "level", which
// the roles pass reads as the concurrency; under a key naming nothing it
// stays unread (a bare number may be a rate or a concurrency).
func TestJSONLevelsObjectReadsAsLevels(t *testing.T) {
	doc := `{"variant": "q4", "levels": {
"1": {"req_s": 0.118, "output_tok_s": 38.0, "ttft_p50_ms": 165.9, "e2e_p50_s": 6.43},
"2": {"req_s": 0.197, "output_tok_s": 63.0, "ttft_p50_ms": 239.0, "e2e_p50_s": 7.9},
"4": {"req_s": 0.33, "output_tok_s": 104.0, "ttft_p50_ms": 260.0, "e2e_p50_s": 9.7}}}`
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{38, 63, 104}, throughputs(s))
	require.Equal(t, 4.0, s.Points[2].Level())
	other := `{"variant": "q4", "results": {
"1": {"req_s": 0.118, "output_tok_s": 38.0},
"2": {"req_s": 0.197, "output_tok_s": 63.0},
"4": {"req_s": 0.33, "output_tok_s": 104.0}}}`
	require.False(t, Looks(Records, "t.json", []byte(other)))
	for _, k := range []string{"levels", "load_levels", "loadLevels"} {
		require.True(t, levelsParent(k), k)
	}
	for _, k := range []string{"level_stats", "cache_levels", "log_levels", "results"} {
		require.False(t, levelsParent(k), k)
	}
}

// Synthetic, from corpus refusals (batch bo): a record's rate that its
// words say was set ("target_rate_rps") is the offered load beside the
// rate served, as in a table's header.
func TestJSONTargetRateIsTheLoad(t *testing.T) {
	doc := `{"profile": "short", "points": [
{"target_rate_rps": 1.0, "achieved_rps": 0.98, "output_tokens_per_s": 47.0, "total_latency_s": {"p50": 1.2, "p99": 1.4}},
{"target_rate_rps": 2.0, "achieved_rps": 1.97, "output_tokens_per_s": 94.6, "total_latency_s": {"p50": 1.2, "p99": 1.4}},
{"target_rate_rps": 4.0, "achieved_rps": 4.03, "output_tokens_per_s": 193.4, "total_latency_s": {"p50": 1.3, "p99": 1.5}}]}`
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{47, 94.6, 193.4}, throughputs(s))
	require.Equal(t, 4.0, *s.Points[2].RequestedRate)
	require.InDelta(t, 4.03, *s.Points[2].RequestRate, 1e-9)
}
