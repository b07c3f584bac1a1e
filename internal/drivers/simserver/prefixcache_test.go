package simserver_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// A prompt whose prefix is cached skips its prefill: with 2 ms per prompt
// token a 200-word prompt waits 400 ms for its first token, and the same
// prompt again about one step (the one cached-out token's prefill hides in
// it). The prefix counters on /metrics say how many tokens were found.
func TestCachedPrefixSkipsPrefill(t *testing.T) {
	cfg := fast()
	cfg.PrefillPerToken = 2 * time.Millisecond
	cfg.PrefixCacheBlocks = 64
	srv, url := start(t, cfg)
	prompt := strings.TrimSpace(strings.Repeat("w ", 200))
	ttft := func() time.Duration {
		t0 := time.Now()
		resp := post(t, url+"/v1/completions", `{"prompt":"`+prompt+`","max_tokens":1,"stream":true,"ignore_eos":true}`)
		require.Len(t, events(t, resp.Body), 2)
		return time.Since(t0)
	}
	cold, warm := ttft(), ttft()
	require.GreaterOrEqual(t, cold, 400*time.Millisecond)
	require.Less(t, warm, 200*time.Millisecond, "the cached 192 tokens (12 blocks of 16) cost nothing: 8 are prefilled")
	st := srv.Stats()
	require.Equal(t, int64(400), st.PrefixQueries)
	require.Equal(t, int64(192), st.PrefixHits)

	r, err := httpGet(url + "/metrics")
	require.NoError(t, err)
	require.Contains(t, r, `vllm:prefix_cache_queries_total{engine="0",model_name="sim"} 400.0`)
	require.Contains(t, r, `vllm:prefix_cache_hits_total{engine="0",model_name="sim"} 192.0`)

	// Off by default: no counters, every prefill paid.
	srv, url = start(t, fast())
	post(t, url+"/v1/completions", `{"prompt":"a b","max_tokens":1}`)
	require.Zero(t, srv.Stats().PrefixQueries)
	r, err = httpGet(url + "/metrics")
	require.NoError(t, err)
	require.NotContains(t, r, "prefix_cache")
}

func httpGet(url string) (string, error) {
	resp, err := http.Get(url)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}
