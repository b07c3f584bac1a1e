package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A column headed only "Load" or "Level" names no unit: it may be the
// requests in flight or the requests offered per second. The physics
// tells which: by Little's law the concurrency is the served req/s × the
// mean E2E; an offered rate is what the server serves below its capacity
// (served ≈ offered at the lowest level, never above it).

// loadByPhysics reads an unnamed load column as the concurrency or the
// offered rate when the table has no other load and the physics says which.
func (r *resolved) loadByPhysics(g grid) {
	for _, c := range r.cols {
		if loadCandidate(c) && !loneLevelLoad(c) {
			return
		}
	}
	load := r.bareLoadColumn(g)
	rate := r.firstOfKinds(colRequestRate)
	if load < 0 || rate < 0 {
		return
	}
	c := &r.cols[load]
	lat, bare := r.meanE2E(), false
	if lat < 0 {
		lat, bare = r.bareMeanTime(g)
	}
	if lat >= 0 && littleHolds(g, load, rate, lat, r.cols[lat].unit.factor/1000) {
		c.kind, c.flavor = colConcurrency, "configured"
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the concurrency: by Little's law it is %q × %q on every row", g.file, c.header, r.cols[rate].header, r.cols[lat].header))
		if bare {
			// The one time the table names nothing of, that Little's law
			// ties to the requests in flight, is each request's latency.
			t := &r.cols[lat]
			t.kind, t.metric, t.why = colLatency, "e2e", ""
			r.notes = append(r.notes, fmt.Sprintf("%s: %q, a mean time named by nothing else, read as the end-to-end latency: Little's law ties it to the level", g.file, t.header))
		}
		return
	}
	if servedTracksOffered(g, load, rate) {
		c.kind = colRequestedRate
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the offered request rate: %q serves it at the lowest level and never more", g.file, c.header, r.cols[rate].header))
	}
}

// meanE2E is the first end-to-end latency column of the mean or the
// median; -1 when none.
func (r *resolved) meanE2E() int {
	for i, c := range r.cols {
		if c.kind == colLatency && c.metric == "e2e" && (c.stat == "mean" || c.stat == "p50") {
			return i
		}
	}
	return -1
}

// bareMeanTime is the one mean time no metric names ("Avg(ms)" beside
// "P95(ms)"), given the unit its header states; -1 when none, several, or
// a unit not stated.
func (r *resolved) bareMeanTime(g grid) (int, bool) {
	found := -1
	for i, c := range r.cols {
		if c.kind == colIgnore && c.why == whyOtherTime && c.metric == "" && c.stat == "mean" {
			if found >= 0 {
				return -1, false
			}
			found = i
		}
	}
	if found < 0 {
		return -1, false
	}
	u, stated := timeUnitFromTokens(headerTokens(vocab.Translate(strings.ToLower(g.header[found]))))
	if !stated {
		return -1, false
	}
	r.cols[found].unit = u
	return found, true
}
