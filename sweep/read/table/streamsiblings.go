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

// curveSiblings reads as per-stream a throughput column whose header, the
// curve's name before it aside ("llamacpp Throughput avg (tok/s)"), is
// that of the columns read as one stream's rate in most of the other
// curves ("vllm_metal Throughput avg (tok/s)" …): one table names one
// measure alike in every curve, and a stream's rate that happens not to
// fall at one curve's levels is no node rate there.
func (r *resolved) curveSiblings(g grid) {
	streams, all := map[string]int{}, map[string]int{}
	for _, c := range r.cols {
		rest, ok := afterCurveName(c.header)
		if !ok {
			continue
		}
		all[rest]++
		if c.kind == colPerUser {
			streams[rest]++
		}
	}
	for i := range r.cols {
		c := &r.cols[i]
		rest, ok := afterCurveName(c.header)
		// The streams' sum, which a stream rate times the load gives
		// ("aggregate Decode Tps" beside "mean Decode Tps"), is the node's.
		if !ok || c.kind != colThroughput || r.picked["throughput"] == HeaderKey(c.header) || r.nodeOfAStream(g, i) {
			continue
		}
		// Most of the other curves' columns of that name are a stream's.
		if others := all[rest] - 1; others < 2 || 2*streams[rest] <= others {
			continue
		}
		c.kind, c.why = colPerUser, fmt.Sprintf("a per-stream rate, as %q is in %d of the other %d curves", rest, streams[rest], all[rest]-1)
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as a per-stream rate: %q is one in %d of the other %d curves", g.file, c.header, rest, streams[rest], all[rest]-1))
	}
}

// afterCurveName is a header's words after its first ("Throughput avg
// (tok/s)" of "llamacpp Throughput avg (tok/s)"); false for one word.
func afterCurveName(h string) (string, bool) {
	f := strings.Fields(h)
	if len(f) < 2 {
		return "", false
	}
	return strings.ToLower(strings.Join(f[1:], " ")), true
}
