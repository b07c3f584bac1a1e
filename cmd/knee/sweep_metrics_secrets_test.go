package main

import (
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep/store"
)

// metricsGate sits in front of the simulated server and answers /metrics
// only with the basic-auth credentials it was given (401 otherwise), as a
// gated engine does; it counts the Authorization headers /metrics got.
type metricsGate struct {
	mu   sync.Mutex
	seen map[string]int
}

func newMetricsGate(t *testing.T, backend, user, password string) (*metricsGate, string) {
	t.Helper()
	u, err := url.Parse(backend)
	require.NoError(t, err)
	g := &metricsGate{seen: map[string]int{}}
	want := "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.FlushInterval = -1
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/metrics" {
			g.mu.Lock()
			g.seen[r.Header.Get("Authorization")]++
			g.mu.Unlock()
			if r.Header.Get("Authorization") != want {
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return g, srv.URL
}

func (g *metricsGate) headers() map[string]int {
	g.mu.Lock()
	defer g.mu.Unlock()
	out := map[string]int{}
	for k, v := range g.seen {
		out[k] = v
	}
	return out
}

// The default /metrics scrape is derived from --endpoint: it must send the
// endpoint's real credentials (it sent the redaction placeholder
// user:xxxxx, so a gated /metrics answered 401 and no level had samples),
// and nothing it prints or stores may carry the password.
func TestSweepDefaultMetricsScrapeSendsEndpointCredentials(t *testing.T) {
	const user, password = "kneeuser", "PW-metrics-default-7Hq"
	gate, base := newMetricsGate(t, sweepTestServer(t), user, password)
	endpoint := strings.Replace(base, "http://", "http://"+user+":"+password+"@", 1)
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := sweepCLI(t, sweepTestArgs(endpoint, dir, "--per-gpu", "2,4", "--stop-past-knee=false")...)
	require.Equal(t, 0, code, errs)
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
	seen := gate.headers()
	require.Greater(t, seen[basic], 1, "the probe and the samples carried the credentials: %v", seen)
	require.Len(t, seen, 1, "no scrape went without them or with the placeholder: %v", seen)
	require.Contains(t, errs, "engine metrics: sampling "+base+"/metrics every second (vllm)")
	s, err := store.Load(dir)
	require.NoError(t, err)
	for _, p := range s.Points {
		require.NotNil(t, p.Engine, "level %v has engine samples", p.PerGPU)
	}
	requireNoSecret(t, dir, []string{out, errs}, password)
}

// --metrics http://user:secret@host/metrics: the credentials are sent as
// basic auth, and the URL is redacted on stderr, in metrics.json, in
// point.json and sweep.json (engine.sources) — the test plants the secret
// and greps every file and stream for it.
func TestSweepMetricsURLCredentialsAreSentButRedacted(t *testing.T) {
	const user, password = "muser", "PW-metrics-flag-Q9z"
	gate, base := newMetricsGate(t, sweepTestServer(t), user, password)
	metricsURL := strings.Replace(base, "http://", "http://"+user+":"+password+"@", 1) + "/metrics"
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := sweepCLI(t, sweepTestArgs(base, dir, "--per-gpu", "2,4", "--stop-past-knee=false", "--metrics", metricsURL, "-o", "json")...)
	require.Equal(t, 0, code, errs)
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
	require.Greater(t, gate.headers()[basic], 1)
	redacted := strings.Replace(base, "http://", "http://"+user+":xxxxx@", 1) + "/metrics"
	require.Contains(t, errs, "engine metrics: sampling "+redacted+" every second (vllm)")
	raws, _ := filepath.Glob(filepath.Join(dir, "levels", "*", "metrics.json"))
	require.Len(t, raws, 2)
	b, err := os.ReadFile(raws[0])
	require.NoError(t, err)
	require.Contains(t, string(b), redacted)
	sj, err := os.ReadFile(filepath.Join(dir, "sweep.json"))
	require.NoError(t, err)
	require.Contains(t, string(sj), redacted)
	requireNoSecret(t, dir, []string{out, errs}, password)

	// A URL that does not parse is refused without quoting its userinfo.
	code, _, errs = sweepCLI(t, sweepTestArgs(base, filepath.Join(t.TempDir(), "r2"), "--metrics", "http://u:"+password+"@[::1/metrics")...)
	require.Equal(t, 2, code, errs)
	require.Contains(t, errs, "--metrics")
	require.NotContains(t, errs, password)
}
