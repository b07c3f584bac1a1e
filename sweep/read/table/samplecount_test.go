package table

import "testing"

func TestSampleCountIsNoLatency(t *testing.T) {
	for _, h := range []string{"latency_count", "ttfb_count", "E2E samples", "TTFT cnt"} {
		c := classify(h)
		if c.kind != colIgnore || c.why != whySampleCount {
			t.Errorf("%q: kind %v why %q, want unread as %q", h, c.kind, c.why, whySampleCount)
		}
	}
	// A stated time unit is a time, whatever else the words say.
	for h, want := range map[string]string{"latency_mean_ms": "e2e", "ttfb_p50_ms": "ttft", "TTFB (ms)": "ttft", "latency_count_ms": "e2e"} {
		c := classify(h)
		if c.kind != colLatency || c.metric != want {
			t.Errorf("%q: kind %v metric %q, want a %s latency", h, c.kind, c.metric, want)
		}
	}
}
