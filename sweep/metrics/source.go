package metrics

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/kneetool/knee/sweep"
)

// Source is where a sampler reads the engine's metrics from: plain HTTP
// (HTTPSource) or, on Kubernetes, the serving pods through the API server
// (internal/drivers/kube).
type Source interface {
	// Scrape reads every endpoint once and merges them into one Snapshot.
	Scrape(ctx context.Context) (Snapshot, error)
	// Names are the endpoints, for the record (no credentials in them).
	Names() []string
}

// HTTPSource scrapes one or more /metrics URLs (one per engine pod or
// frontend); their counts add up. A URL's userinfo is taken out of it and
// sent as basic auth: Names, errors and everything stored carry the
// redacted URL (sweep.RedactURL), never the secret.
type HTTPSource struct {
	targets []httpTarget
	Client  *http.Client
}

// httpTarget is one /metrics: the URL requested (no userinfo), the name it
// is recorded under (redacted), and the credentials sent with it.
type httpTarget struct {
	url, name string
	user      *url.Userinfo
	bearer    string
}

// NewHTTPSource builds a source with a client that gives up on a scrape
// after 2 s: a scrape slower than that would not be "this second" anyway.
// A URL that does not parse is kept as given (its scrapes fail and say so,
// redacted); callers check URLs first (CheckURL).
func NewHTTPSource(urls ...string) *HTTPSource {
	h := &HTTPSource{Client: &http.Client{Timeout: 2 * time.Second}}
	for _, raw := range urls {
		t := httpTarget{url: raw, name: sweep.RedactURL(raw)}
		if u, err := url.Parse(strings.TrimSpace(raw)); err == nil && u.User != nil {
			t.user = u.User
			u.User = nil
			t.url = u.String()
		}
		h.targets = append(h.targets, t)
	}
	return h
}

// WithCredentials sends user (basic auth) and bearer (an API key) to every
// URL that carries no userinfo of its own: the endpoint's credentials for
// the /metrics derived from it, which is served behind the same gate.
func (h *HTTPSource) WithCredentials(user *url.Userinfo, bearer string) *HTTPSource {
	for i := range h.targets {
		if h.targets[i].user == nil {
			h.targets[i].user = user
			h.targets[i].bearer = bearer
		}
	}
	return h
}

// CheckURL refuses a --metrics value that is not an http(s) URL without
// quoting its userinfo (url.Parse's error quotes the whole string).
func CheckURL(raw string) error {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http(s) URL (or none)", sweep.RedactURL(raw))
	}
	return nil
}

func (h *HTTPSource) Names() []string {
	out := make([]string, len(h.targets))
	for i, t := range h.targets {
		out[i] = t.name
	}
	return out
}

func (h *HTTPSource) Scrape(ctx context.Context) (Snapshot, error) {
	return ScrapeEach(len(h.targets), func(i int) (Snapshot, error) { return h.scrapeOne(ctx, h.targets[i]) })
}

// ScrapeEach scrapes n endpoints of one engine deployment (pods, frontends)
// in turn and merges them into one snapshot taken now; any failure fails
// the sample, since a partial sum would understate the deployment.
func ScrapeEach(n int, scrape func(i int) (Snapshot, error)) (Snapshot, error) {
	var all Snapshot
	for i := 0; i < n; i++ {
		s, err := scrape(i)
		if err != nil {
			return Snapshot{}, err
		}
		if i == 0 {
			all = s
		} else {
			all = all.Merge(s)
		}
	}
	all.At = time.Now()
	return all, nil
}

func (h *HTTPSource) scrapeOne(ctx context.Context, t httpTarget) (Snapshot, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, t.url, nil)
	if err != nil {
		return Snapshot{}, fmt.Errorf("metrics %s: cannot make the request", t.name)
	}
	// Ask for the text format: the parser reads that one.
	req.Header.Set("Accept", "text/plain;version=0.0.4")
	if t.user != nil {
		pw, _ := t.user.Password()
		req.SetBasicAuth(t.user.Username(), pw)
	} else if t.bearer != "" {
		req.Header.Set("Authorization", "Bearer "+t.bearer)
	}
	c := h.Client
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			// Its URL is the request's (no userinfo), but say the name.
			err = ue.Err
		}
		return Snapshot{}, fmt.Errorf("metrics %s: %w", t.name, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Snapshot{}, fmt.Errorf("metrics %s: HTTP %d", t.name, resp.StatusCode)
	}
	s, err := Parse(resp.Body)
	if err != nil {
		return Snapshot{}, fmt.Errorf("metrics %s: %w", t.name, err)
	}
	return s, nil
}

// Probe scrapes once and reports whether the source exports any series the
// attribution uses; knee sweep uses it to decide whether the endpoint's
// own /metrics is worth sampling when --metrics was not given.
func Probe(ctx context.Context, src Source) (Snapshot, error) {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	s, err := src.Scrape(ctx)
	if err != nil {
		return s, err
	}
	if !s.Known() {
		return s, fmt.Errorf("metrics %v: no vLLM, SGLang or Dynamo frontend series", src.Names())
	}
	return s, nil
}

// ProbeGPUs scrapes once and reports whether the source describes any GPU
// under the DCGM exporter's names; knee sweep --telemetry says the answer
// before the first level.
func ProbeGPUs(ctx context.Context, src Source) (Snapshot, error) {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	s, err := src.Scrape(ctx)
	if err != nil {
		return s, err
	}
	if len(s.GPUs) == 0 {
		return s, fmt.Errorf("telemetry %v: no DCGM exporter series (%s)", src.Names(), PowerName)
	}
	return s, nil
}
