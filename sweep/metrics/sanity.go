package metrics

import (
	"fmt"
	"math"
	"sort"
	"strconv"
)

// Bounds past which a metric value is taken as broken, not measured: no
// serving endpoint runs or queues ten million requests, holds a KV cache of
// a trillion tokens, or preempts 1e15 times. A value beyond them (1e308,
// +Inf after summing, a block size of 1e200) would otherwise overflow a
// mean or a capacity into +Inf, which JSON cannot hold, and cost the level
// its point.json.
const (
	maxRequests   = 1e7
	maxKVTokens   = 1e12
	maxPreemption = 1e15
)

// sanitize drops every absurd value from the samples (negative, not
// finite, beyond the bounds above, a KV usage outside 0…1, or more requests
// running than the client held in flight, when inFlight > 0) and returns
// one note per kind of value dropped: what, how often, the first value and
// why. The samples are changed in place; a dropped value is unknown.
func sanitize(samples []Snapshot, inFlight int) []string {
	type drop struct {
		n     int
		first float64
		why   string
	}
	drops := map[string]*drop{}
	check := func(name string, v **float64, lo, hi float64, why string) {
		if *v == nil {
			return
		}
		x := **v
		bad := ""
		switch {
		case math.IsNaN(x) || math.IsInf(x, 0):
			bad = "not a finite number"
		case x < lo:
			bad = "negative"
		case x > hi:
			bad = why
		}
		if bad == "" {
			return
		}
		*v = nil
		d := drops[name]
		if d == nil {
			d = &drop{first: x, why: bad}
			drops[name] = d
		}
		d.n++
	}
	for i := range samples {
		s := &samples[i]
		check("running", &s.Running, 0, maxRequests, "more than "+plain(maxRequests)+" requests")
		if s.Running != nil && inFlight > 0 && *s.Running > float64(inFlight) {
			check("running", &s.Running, 0, float64(inFlight), fmt.Sprintf("more running than the %d requests the client held in flight", inFlight))
		}
		check("waiting", &s.Waiting, 0, maxRequests, "more than "+plain(maxRequests)+" requests")
		check("kv_usage", &s.KVUsage, 0, 1, "a KV-cache fraction above 1")
		check("preemptions_total", &s.Preemptions, 0, maxPreemption, "more than "+plain(maxPreemption)+" preemptions")
		check("max_running", &s.MaxRunning, 0, maxRequests, "more than "+plain(maxRequests)+" requests")
		check("kv_capacity_tokens", &s.KVCapacityTokens, 0, maxKVTokens, "a KV cache of more than "+plain(maxKVTokens)+" tokens")
		check("frontend_inflight", &s.FrontendInflight, 0, maxRequests, "more than "+plain(maxRequests)+" requests")
		check("frontend_queued", &s.FrontendQueued, 0, maxRequests, "more than "+plain(maxRequests)+" requests")
		if s.KVUsage == nil {
			s.kvN = 0
		}
	}
	names := make([]string, 0, len(drops))
	for n := range drops {
		names = append(names, n)
	}
	sort.Strings(names)
	var notes []string
	for _, n := range names {
		d := drops[n]
		notes = append(notes, fmt.Sprintf("%s dropped from %d sample(s) (first %s: %s)", n, d.n, strconv.FormatFloat(d.first, 'g', 4, 64), d.why))
	}
	return notes
}

func plain(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
