package table

import (
	"fmt"
	"strings"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A table may give two knobs per row: the server's capacity (llama-server's
// -np slots, OLLAMA_NUM_PARALLEL, vLLM's max_num_seqs) and the load the
// client offered against it (users, clients, concurrency). Alone, a slots
// column is the load of a sweep (llama.cpp's -np sweeps run one user per
// slot); beside a client load it is a setting of the server: rows with more
// users than slots show requests queueing at that setting, and rows of
// different slot counts are different servers, never repeats of one level.
// So, as a perf engineer reads it, the client column is the load and the
// capacity column names the series (a stated setting, like a request length).

// serverKnobWords name a server's capacity for requests in flight.
var serverKnobWords = []string{"slots", "slot", "np", "parallel", "seqs", "sequences", "running"}

// serverCapacityBesideLoad turns the configured concurrency columns that name
// a server's capacity into settings when another configured concurrency
// column names the client's load. A --column concurrency pick has already
// left one concurrency column, so it is never overridden.
func (r *resolved) serverCapacityBesideLoad(g grid) {
	var knobs, loads []int
	for i, c := range r.cols {
		if c.kind != colConcurrency || c.flavor == "measured" {
			continue
		}
		if wordset(headerTokens(vocab.Translate(strings.ToLower(c.header)))).has(serverKnobWords...) {
			knobs = append(knobs, i)
		} else {
			loads = append(loads, i)
		}
	}
	if len(knobs) > 0 && len(loads) == 0 {
		loads = r.clientLoadAmongMeasured(g)
	}
	if len(knobs) == 0 || len(loads) != 1 {
		return
	}
	load := r.cols[loads[0]].header
	for _, i := range knobs {
		c := &r.cols[i]
		c.kind, c.flavor = colWorkload, ""
		c.why = fmt.Sprintf("the server's capacity beside the client load %q: a setting, a series when it varies", load)
	}
}

// clientLoadAmongMeasured: beside a server's capacity and no other load, a
// concurrency the headers call measured ("実際の同時本数", the actual
// concurrent requests) whose every value is one a person sets (8, 16, 32)
// is the client's load, not a count the run happened to reach: rows of one
// capacity with two such values (16 slots at 8 and at 16 requests) are two
// levels of one server, which the capacity as the load would merge.
func (r *resolved) clientLoadAmongMeasured(g grid) []int {
	var found []int
	for i, c := range r.cols {
		if (c.kind == colAchieved || c.kind == colConcurrency && c.flavor == "measured") && everyLadderValue(g, i) {
			if _, frac := fractionCells(g, i); frac == 0 {
				found = append(found, i)
			}
		}
	}
	if len(found) != 1 {
		return nil
	}
	c := &r.cols[found[0]]
	c.kind, c.flavor = colConcurrency, "configured"
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the load: beside the server's capacity its values are levels a person sets, the requests the client kept in flight", g.file, c.header))
	return found
}
