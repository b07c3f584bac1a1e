package run

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/kneetool/knee/sweep"
)

// unusable reports a level that ran to the end but gave no measurement of
// the load: nothing at all, every request failed (the Python harnesses exit
// 0 even then), or more than half of its requests failed with connection
// errors — the server died or restarted during the level, and what was
// measured is its going away. Such a level is stored as failed, so
// --resume runs it again. Timeouts and HTTP errors, however many, are the
// server's answer under load and stay measured: that is what a level past
// the knee looks like.
func unusable(res *sweep.LevelResult) error {
	if res == nil || len(res.Points) == 0 {
		return errors.New("the harness returned no measurement")
	}
	for _, p := range res.Points {
		ok, failed := 0, 0
		if p.Requests != nil {
			ok = *p.Requests
		}
		if p.Failures != nil {
			failed = *p.Failures
		}
		if p.Requests != nil && ok == 0 {
			return fmt.Errorf("every request failed (%d failures%s)", failed, labels(p.FailureLabels))
		}
		conn := map[string]int{}
		n := 0
		for l, c := range p.FailureLabels {
			if connectionLabel(l) {
				conn[l] = c
				n += c
			}
		}
		if 2*n > ok+failed {
			return fmt.Errorf("the server stopped answering during the level: %d of %d requests failed with connection errors (%s); stored as failed, --resume runs it again",
				n, ok+failed, strings.TrimPrefix(labels(conn), ": "))
		}
	}
	return nil
}

// connectionLabel recognises a failure of the connection itself in the
// labels of every harness: builtin's connection_refused, connection_reset,
// connect_error and broken_stream, aiohttp's ClientConnectorError,
// ServerDisconnectedError and ClientPayloadError (inference-perf, AIPerf).
func connectionLabel(l string) bool {
	l = strings.ToLower(l)
	for _, k := range []string{"connect", "refused", "reset", "disconnect", "broken", "eof", "payload"} {
		if strings.Contains(l, k) {
			return true
		}
	}
	return false
}

func labels(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s×%d", k, m[k]))
	}
	return ": " + strings.Join(parts, ", ")
}

func summary(ps []sweep.Point) string {
	if len(ps) == 0 {
		return "no points"
	}
	p := ps[0]
	s := fmt.Sprintf("%.0f tok/s", p.ThroughputTokS)
	if p.TTFT.P99 != nil {
		s += fmt.Sprintf(", TTFT p99 %.0f ms", *p.TTFT.P99)
	}
	// The same phrase, and the same numbers, as the harness's progress line
	// and point.json: measured successes and measured failures.
	if p.Requests != nil && p.Failures != nil {
		s += fmt.Sprintf(", %d requests, %d failed", *p.Requests, *p.Failures)
	}
	return s
}
