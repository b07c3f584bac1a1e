package table

import (
	"fmt"
	"regexp"
	"strings"
)

// The statistics of one request's rate are all one request's: where the
// mean and median of "tokens_per_second" read as a per-request rate by
// their physics (perrequest.go, perstream.go), its p95 and p99 are that
// rate's tail over the requests, though a tail may sit too far from the
// node's rate over the load for the physics to say so on its own. Left a
// throughput candidate, a refusal would offer the p99 of one request's
// speed as the node's rate.

// stemStatWord is a word naming a statistic in a header.
var stemStatWord = regexp.MustCompile(`^(?:p\d{1,3}(?:\.\d+)?|avg|average|mean|median|mdn|min|max|std|stddev)$`)

// headerStem is h's words without the ones naming a statistic.
func headerStem(h string) string {
	var kept []string
	for _, t := range headerTokens(h) {
		if !stemStatWord.MatchString(t) {
			kept = append(kept, t)
		}
	}
	return strings.Join(kept, " ")
}

// nodeOfAStream: column i is, by the physics, the node's rate over the
// requests in flight of some column read as one request's rate (node ≈
// stream × load): "Throughput (AVG)" beside "OTPS (AVG)" is the node's mean
// rate even where the same rate's P90 reads as one request's.
func (r *resolved) nodeOfAStream(g grid, i int) bool {
	at, _ := r.streamsInFlight(g)
	if at == nil {
		return false
	}
	for j, s := range r.cols {
		if s.kind == colPerUser && j != i && streamOfBy(g, at, s, r.cols[i], j, i) {
			return true
		}
	}
	return false
}

// streamSiblings reads as per-request every throughput candidate whose
// header, its statistic aside, is that of a column read as one request's
// or one stream's rate, unless its own physics makes it the node's.
func (r *resolved) streamSiblings(g grid) {
	streams := map[string]string{}
	for _, c := range r.cols {
		if c.kind == colPerUser && c.stat != "" {
			streams[headerStem(c.header)] = c.header
		}
	}
	for i := range r.cols {
		c := &r.cols[i]
		if c.kind != colThroughput || c.stat == "" || r.picked["throughput"] == HeaderKey(c.header) {
			continue
		}
		if r.nodeOfAStream(g, i) {
			continue
		}
		if of, ok := streams[headerStem(c.header)]; ok {
			c.kind, c.why = colPerUser, fmt.Sprintf("the %s of one request's rate, as %q is", statName(c.stat), of)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as one request's rate: it is the %s of the same rate as %q, read so by its physics", g.file, c.header, statName(c.stat), of))
		}
	}
}
