package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/kneetool/knee/sweep"
)

// probeTimeout bounds the check that an endpoint answers: a server that is
// up answers anything (even a 404) in far less; one that is not would
// otherwise cost a whole level of timeouts before the sweep said so.
const probeTimeout = 10 * time.Second

// probeEndpoints asks each endpoint for its base URL before the first level
// and fails with the URL and the error when one does not answer: a typo or
// a server not yet up then costs seconds, not a level of failed requests.
// Any HTTP response counts as an answer. Credentials are never sent: the
// probe drops the URL's userinfo, and errors name the redacted URL.
func probeEndpoints(ctx context.Context, endpoints []string) error {
	client := &http.Client{Timeout: probeTimeout}
	for _, e := range endpoints {
		if err := probe(ctx, client, e); err != nil {
			return fmt.Errorf("endpoint %s does not answer (checked before the first level): %w; start the server or correct --endpoint", sweep.RedactURL(e), err)
		}
	}
	return nil
}

func probe(ctx context.Context, client *http.Client, endpoint string) error {
	u, err := url.Parse(endpoint)
	if err != nil {
		return err
	}
	u.User = nil
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			// The URL is said once, by the caller, redacted.
			return ue.Err
		}
		return err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	return resp.Body.Close()
}

// localEndpoints are the endpoints a local sweep sends levels to.
func (o *sweepOptions) localEndpoints() []string {
	if len(o.Search.endpoints) > 0 {
		return o.Search.endpoints
	}
	return []string{o.plan.Endpoint}
}
