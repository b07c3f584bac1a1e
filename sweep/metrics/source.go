package metrics

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// Source is where a sampler reads the engine's metrics from: plain HTTP
// (HTTPSource) or, on Kubernetes, the serving pods through the API server
// (internal/kube).
type Source interface {
	// Scrape reads every endpoint once and merges them into one Snapshot.
	Scrape(ctx context.Context) (Snapshot, error)
	// Names are the endpoints, for the record (no credentials in them).
	Names() []string
}

// HTTPSource scrapes one or more /metrics URLs (one per engine pod or
// frontend); their counts add up.
type HTTPSource struct {
	URLs   []string
	Client *http.Client
}

// NewHTTPSource builds a source with a client that gives up on a scrape
// after 2 s: a scrape slower than that would not be "this second" anyway.
func NewHTTPSource(urls ...string) *HTTPSource {
	return &HTTPSource{URLs: urls, Client: &http.Client{Timeout: 2 * time.Second}}
}

func (h *HTTPSource) Names() []string { return append([]string(nil), h.URLs...) }

func (h *HTTPSource) Scrape(ctx context.Context) (Snapshot, error) {
	return ScrapeEach(len(h.URLs), func(i int) (Snapshot, error) { return h.scrapeOne(ctx, h.URLs[i]) })
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

func (h *HTTPSource) scrapeOne(ctx context.Context, url string) (Snapshot, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return Snapshot{}, fmt.Errorf("metrics %s: %w", url, err)
	}
	// Ask for the text format: the parser reads that one.
	req.Header.Set("Accept", "text/plain;version=0.0.4")
	c := h.Client
	if c == nil {
		c = http.DefaultClient
	}
	resp, err := c.Do(req)
	if err != nil {
		return Snapshot{}, fmt.Errorf("metrics %s: %w", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Snapshot{}, fmt.Errorf("metrics %s: HTTP %d", url, resp.StatusCode)
	}
	s, err := Parse(resp.Body)
	if err != nil {
		return Snapshot{}, fmt.Errorf("metrics %s: %w", url, err)
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
