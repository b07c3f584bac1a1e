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

// authProxy sits in front of the simulated server and records the
// Authorization header of every completion request.
type authProxy struct {
	mu   sync.Mutex
	seen map[string]int
}

func newAuthProxy(t *testing.T, backend string) (*authProxy, string) {
	t.Helper()
	u, err := url.Parse(backend)
	require.NoError(t, err)
	p := &authProxy{seen: map[string]int{}}
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.FlushInterval = -1 // stream tokens as they come
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/completions") {
			p.mu.Lock()
			p.seen[r.Header.Get("Authorization")]++
			p.mu.Unlock()
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return p, srv.URL
}

func (p *authProxy) headers() map[string]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]int{}
	for k, v := range p.seen {
		out[k] = v
	}
	return out
}

// requireNoSecret greps stdout, stderr and every file of the results
// folder (temporary files and level attempts included) for each secret.
func requireNoSecret(t *testing.T, dir string, streams []string, secrets ...string) {
	t.Helper()
	files := 0
	require.NoError(t, filepath.Walk(dir, func(path string, fi os.FileInfo, err error) error {
		require.NoError(t, err)
		if fi.Mode().IsRegular() {
			b, err := os.ReadFile(path)
			require.NoError(t, err)
			for _, s := range secrets {
				require.NotContains(t, string(b), s, "%s holds a secret", path)
			}
			files++
		}
		return nil
	}))
	require.Greater(t, files, 5, "plan.json, sweep.json, events.log, point.json and summary.json were all read")
	for _, out := range streams {
		for _, s := range secrets {
			require.NotContains(t, out, s)
		}
	}
}

// Credentials in --endpoint's userinfo go to the server as basic auth on
// every request and nowhere else: every output stream and every file of the
// results folder is free of them, the endpoint is stored redacted, and
// --resume asks for them again instead of having kept them. A token in
// OPENAI_API_KEY is not sent when the URL carries credentials, and is never
// written either.
func TestSweepEndpointCredentialsAreSentButNeverPrintedOrStored(t *testing.T) {
	const user, password, envKey = "kneeuser", "PW-planted-9f3Kq2", "sk-planted-env-Zx81"
	t.Setenv("OPENAI_API_KEY", envKey)
	proxy, base := newAuthProxy(t, sweepTestServer(t))
	endpoint := strings.Replace(base, "http://", "http://"+user+":"+password+"@", 1)
	dir := filepath.Join(t.TempDir(), "run")

	code, out, errs := sweepCLI(t, sweepTestArgs(endpoint, dir, "--per-gpu", "2,4", "--stop-past-knee=false", "--requests-jsonl", "-o", "json")...)
	require.Equal(t, 0, code, errs)
	basic := "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
	require.Equal(t, map[string]int{basic: 2*24 + 2 + 4}, proxy.headers(), "every request, warm-up included, carried the credentials")

	plan, err := store.ReadPlan(dir)
	require.NoError(t, err)
	require.Equal(t, strings.Replace(base, "http://", "http://"+user+":xxxxx@", 1), plan.Endpoint)
	ev, _ := os.ReadFile(filepath.Join(dir, store.EventsFile))
	require.Contains(t, string(ev), "endpoint http://"+user+":xxxxx@")

	// Resume without the credentials: refused, naming the file and field.
	code, out2, errs2 := sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 2, code)
	require.Contains(t, errs2, dir+"/plan.json: endpoint: the sweep's endpoint http://"+user+":xxxxx@")
	require.Contains(t, errs2, "resume with --endpoint and the credentials again")
	// With them: accepted (nothing left to run).
	code, out3, errs3 := sweepCLI(t, "sweep", "--resume", dir, "--endpoint", endpoint)
	require.Equal(t, 0, code, errs3)

	requireNoSecret(t, dir, []string{out, errs, out2, errs2, out3, errs3}, password, envKey)
}

// --api-key-env NAME sends the variable's value as a bearer token on every
// request; neither the value nor (the default) OPENAI_API_KEY's is printed
// or stored — plan.json records only the variable's name, and --resume
// reads the variable again.
func TestSweepAPIKeyIsSentAsBearerButNeverPrintedOrStored(t *testing.T) {
	const key, other = "sk-planted-flag-Qw73", "sk-planted-default-Lp02"
	t.Setenv("KNEE_TEST_API_KEY", key)
	t.Setenv("OPENAI_API_KEY", other)
	proxy, base := newAuthProxy(t, sweepTestServer(t))
	dir := filepath.Join(t.TempDir(), "run")

	code, out, errs := sweepCLI(t, sweepTestArgs(base, dir, "--per-gpu", "2,4", "--stop-past-knee=false", "--api-key-env", "KNEE_TEST_API_KEY")...)
	require.Equal(t, 0, code, errs)
	require.Equal(t, map[string]int{"Bearer " + key: 2*24 + 2 + 4}, proxy.headers())
	plan, err := store.ReadPlan(dir)
	require.NoError(t, err)
	require.Equal(t, "KNEE_TEST_API_KEY", plan.Settings["api-key-env"])

	t.Setenv("KNEE_TEST_API_KEY", "")
	code, out2, errs2 := sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 2, code)
	require.Contains(t, errs2, "--api-key-env: KNEE_TEST_API_KEY is not set or empty in the environment")

	requireNoSecret(t, dir, []string{out, errs, out2, errs2}, key, other)
}

// OPENAI_API_KEY is the default when --api-key-env is not given.
func TestSweepSendsOPENAI_API_KEYByDefault(t *testing.T) {
	const key = "sk-planted-default-Hh55"
	t.Setenv("OPENAI_API_KEY", key)
	proxy, base := newAuthProxy(t, sweepTestServer(t))
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := sweepCLI(t, sweepTestArgs(base, dir, "--per-gpu", "2")...)
	require.Equal(t, 0, code, errs)
	require.Equal(t, map[string]int{"Bearer " + key: 24 + 2}, proxy.headers())
	requireNoSecret(t, dir, []string{out, errs}, key)
}
