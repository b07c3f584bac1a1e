package main

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep/store"
)

// absurdMetrics serves body as /metrics and proxies the rest to backend.
func absurdMetrics(t *testing.T, backend, body string) string {
	t.Helper()
	u, err := url.Parse(backend)
	require.NoError(t, err)
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.FlushInterval = -1
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/metrics" {
			w.Header().Set("Content-Type", "text/plain; version=0.0.4")
			_, _ = w.Write([]byte(body))
			return
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// A /metrics serving vllm:num_requests_running 1e308 (two engines: +Inf
// once summed) and a cache_config_info block size of 1e200 ended the sweep
// with exit 1 "json: unsupported value: +Inf", no point.json, and a resume
// that failed the same way. The values are dropped with a note (stderr,
// metrics.json, point.engine.dropped), every level is kept, and the folder
// resumes and analyses.
func TestSweepAbsurdMetricValuesNeverLoseALevel(t *testing.T) {
	body := "vllm:num_requests_running{engine=\"0\"} 1e308\nvllm:num_requests_running{engine=\"1\"} 1e308\n" +
		"vllm:num_requests_waiting -5\nvllm:kv_cache_usage_perc 0.4\n" +
		"vllm:cache_config_info{block_size=\"1e200\",num_gpu_blocks=\"1e200\"} 1\n"
	base := absurdMetrics(t, sweepTestServer(t), body)
	dir := filepath.Join(t.TempDir(), "run")
	code, _, errs := sweepCLI(t, sweepTestArgs(base, dir, "--per-gpu", "2,4", "--stop-past-knee=false")...)
	require.Equal(t, 0, code, errs)
	require.NotContains(t, errs, "unsupported value")
	require.Contains(t, errs, "engine metrics: level 0: 2/GPU (2 in flight, 24 requests): running dropped from ")
	require.Contains(t, errs, "not a finite number")
	require.Contains(t, errs, "kv_capacity_tokens dropped from ")
	require.Contains(t, errs, "waiting dropped from ")
	points, _ := filepath.Glob(filepath.Join(dir, "levels", "*", "point.json"))
	require.Len(t, points, 2, "every level has its point.json")
	s, err := store.Load(dir)
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	for _, p := range s.Points {
		require.NotNil(t, p.Engine, "the sane KV usage is kept")
		require.Equal(t, 0.4, *p.Engine.KVUsageMax)
		require.Nil(t, p.Engine.RunningMax)
		require.Nil(t, p.Engine.KVCapacityTokens)
		require.NotEmpty(t, p.Engine.Dropped)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "levels", "000-2", "metrics.json"))
	require.NoError(t, err)
	require.Contains(t, string(raw), `"dropped": [`)

	code, _, errs = sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 0, code, errs)
	code, _, errs = runKneeCLI(t, "find", dir)
	require.Contains(t, []int{0, 3}, code, errs)
}
