package metrics

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Absurd values are dropped one by one, the sane ones beside them kept,
// and each kind is named once with its count, first value and reason.
func TestSanitizeDropsAbsurdValues(t *testing.T) {
	body := "vllm:num_requests_running 1e308\nvllm:num_requests_waiting -3\nvllm:kv_cache_usage_perc 0.5\n" +
		"vllm:cache_config_info{block_size=\"1e200\",num_gpu_blocks=\"1000\"} 1\n"
	s, err := Parse(strings.NewReader(body))
	require.NoError(t, err)
	inf, err := Parse(strings.NewReader("vllm:num_requests_running{engine=\"0\"} 1e308\nvllm:num_requests_running{engine=\"1\"} 1e308\n"))
	require.NoError(t, err)
	require.True(t, math.IsInf(*inf.Running, 1), "two engines at 1e308 sum to +Inf")
	over, err := Parse(strings.NewReader("vllm:num_requests_running 9\nvllm:num_requests_waiting 2\n"))
	require.NoError(t, err)

	samples := []Snapshot{s, inf, over}
	notes := sanitize(samples, 8)
	require.Equal(t, []string{
		"kv_capacity_tokens dropped from 1 sample(s) (first 1e+203: a KV cache of more than 1000000000000 tokens)",
		"running dropped from 3 sample(s) (first 1e+308: more than 10000000 requests)",
		"waiting dropped from 1 sample(s) (first -3: negative)",
	}, notes)
	require.Nil(t, samples[0].Running)
	require.Nil(t, samples[1].Running)
	require.Nil(t, samples[2].Running, "9 running with 8 in flight")
	require.Equal(t, 2.0, *samples[2].Waiting)
	require.Equal(t, 0.5, *samples[0].KVUsage)
	sum := Summarize(samples, []string{"x"})
	require.NotNil(t, sum)
	require.Nil(t, sum.RunningMax)
	require.Nil(t, sum.KVCapacityTokens)
}
