package table

import (
	"fmt"
	"strings"
)

// Column families: several columns of one quantity that the role table read
// alike. Each rule below turns a family into one read column and says so in
// a note, or leaves it for refuseLookalikes to refuse by name.

// familyKinds are the roles whose columns form statistic families (one
// quantity as median, mean, spread …). Latencies are not among them: each
// of their statistics is its own value (ttft_p50, ttft_p99).
func familyKind(k colKind) bool {
	return k == colThroughput || k == colThroughputPerGPU || k == colRequestRate
}

// centralRank orders the statistics a family may be read by: the mean,
// else the median, else the one that names no statistic. Spread, minimum,
// maximum and tail percentiles are never the level's value. The mean comes
// first because a rate's mean over runs of one length is their tokens over
// their time, the figure a perf engineer reports (collectors of held-out
// batches bg and bn took the mean where knee read the median); the two
// stay close, and refuseDistantCentrals refuses a pair far apart.
func centralRank(stat string) int {
	switch stat {
	case "mean":
		return 3
	case "p50":
		return 2
	case "":
		return 1
	}
	return 0
}

// statFamilies reads each family by its central value: "throughput_median"
// beside "throughput_spread" (or mean/std/min/max/p90) is one throughput,
// read from the median. A family with two columns of the same best rank is
// left alone: refuseLookalikes then names both.
func (r *resolved) statFamilies(file string) {
	byKey := map[string][]int{}
	var keys []string
	for i, c := range r.cols {
		if !familyKind(c.kind) || r.countBesideTimedRate(i) {
			continue
		}
		k := c.key() + "/" + c.flavor
		if _, ok := byKey[k]; !ok {
			keys = append(keys, k)
		}
		byKey[k] = append(byKey[k], i)
	}
	for _, k := range keys {
		idx := byKey[k]
		best, bestRank, ties := r.centralOf(idx)
		var dropped []string
		for _, i := range idx {
			c := &r.cols[i]
			if centralRank(c.stat) == bestRank && bestRank > 0 && (ties > 1 || i == best) {
				continue // the value read, or a tie refuseLookalikes names
			}
			why := fmt.Sprintf("the %s of %s, not its central value", statName(c.stat), kindNames[c.kind])
			if best >= 0 && ties == 1 {
				why = fmt.Sprintf("the %s of %s; %q is read", statName(c.stat), kindNames[c.kind], r.cols[best].header)
				dropped = append(dropped, fmt.Sprintf("%q", c.header))
			}
			c.kind, c.why = c.unreadKind(), why
		}
		if len(dropped) > 0 {
			b := r.cols[best]
			r.notes = append(r.notes, fmt.Sprintf("%s: %s read from %q, the %s of its family (%s not read)",
				file, kindNames[b.kind], b.header, statName(b.stat), strings.Join(dropped, ", ")))
		}
	}
}

// countBesideTimedRate: column i names tokens and no time ("mean tokens
// per run") while another token rate names its time ("tokens per
// second"): a count, which the roles pass sets aside (tokencounts.go), not
// a statistic of the rate, whatever statistic its header names.
func (r *resolved) countBesideTimedRate(i int) bool {
	if !tokensNoTime(r.cols[i].header) {
		return false
	}
	for j, c := range r.cols {
		if j != i && tokenRateKind(c.kind) && !tokensNoTime(c.header) && wordsNameTime(headerTokens(c.header)) {
			return true
		}
	}
	return false
}

// centralOf finds a family's column of the best central rank: its index,
// the rank, and how many columns share it.
func (r *resolved) centralOf(idx []int) (best, bestRank, ties int) {
	best = -1
	for _, i := range idx {
		switch rk := centralRank(r.cols[i].stat); {
		case rk > bestRank:
			best, bestRank, ties = i, rk, 1
		case rk == bestRank:
			ties++
		}
	}
	return best, bestRank, ties
}

// unreadKind keeps an unread column recognisable in notes: a token rate
// stays a token rate, so requireColumns can name it.
func (c column) unreadKind() colKind {
	switch c.kind {
	case colThroughput, colThroughputPerGPU:
		return colOtherTokRate
	}
	return colIgnore
}

func statName(s string) string {
	switch s {
	case "p50":
		return "median"
	case "":
		return "unnamed statistic"
	case "spread":
		return "spread"
	}
	return s
}

// totalInContext reads "total" by what stands beside it. vLLM's "Total
// Token throughput" is input + output, and is so beside an output or input
// token rate. With neither, beside a per-stream rate ("单流吞吐" and
// "总吞吐", "per-slot t/s" and "total t/s"), or beside an average of the
// same rate ("Avg Gen t/s" and "Total Throughput t/s"), the total is the
// sum over the streams: the node's output throughput. Alone, loneTotal
// reads it.
func (r *resolved) totalInContext(g grid) {
	file := g.file
	totals, means, perUser, ok := r.rateColumns()
	if !ok || len(totals) != 1 || len(means) > 1 {
		return
	}
	t := &r.cols[totals[0]]
	if len(perUser) == 0 && len(means) == 0 {
		return // loneTotal's
	}
	beside := ""
	if len(means) == 1 && r.aboveStreams(g, means[0], totals[0]) {
		// The physics says no: the node's rate is above the average
		// stream's times the load ("Out Tok/sec" 52.4 beside "Tot Tok/sec"
		// 197.3 at one request in flight): it counts more than the
		// streams' output, so the total keeps its vLLM meaning.
		r.notes = append(r.notes, fmt.Sprintf("%s: %q is above %q times the concurrency, more than the streams output: read as input + output tokens", file, t.header, r.cols[means[0]].header))
		return
	}
	if len(means) == 1 {
		if how, ok := r.meanIsNodeRate(g, means[0]); ok {
			t.kind, t.why = colOtherTokRate, fmt.Sprintf("not the sum over streams: %q is the node's output rate", r.cols[means[0]].header)
			r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's output tok/s: on every row it is %s, so %q beside it is not the sum over streams", file, r.cols[means[0]].header, how, t.header))
			return
		}
		m := &r.cols[means[0]]
		m.kind, m.why = colPerUser, fmt.Sprintf("the average over streams; %q is their sum", t.header)
		beside = m.header
	} else {
		beside = r.cols[perUser[0]].header
	}
	t.kind, t.why, t.flavor = colThroughput, "", "aggregate"
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's output tok/s: beside %q, the total is the sum over streams (the table has no input or output token rate)", file, t.header, beside))
}

// rateColumns sorts the token-rate columns for totalInContext: the
// totals, the means of an output rate, the per-user rates; ok is false when
// an output throughput other than a mean, or an input rate, is there (then
// "total" keeps its vLLM meaning: input + output).
func (r *resolved) rateColumns() (totals, means, perUser []int, ok bool) {
	for i, c := range r.cols {
		switch {
		case c.kind == colThroughput || c.kind == colThroughputPerGPU:
			if c.stat != "mean" {
				return nil, nil, nil, false
			}
			means = append(means, i)
		case c.kind == colOtherTokRate && c.flavor == "total":
			totals = append(totals, i)
		case c.kind == colOtherTokRate && strings.HasPrefix(c.why, "input tokens"):
			return nil, nil, nil, false
		case c.kind == colPerUser:
			perUser = append(perUser, i)
		}
	}
	return totals, means, perUser, true
}

// maxStreamGap is how far a node's rate may sit from the average stream's
// rate times the load and still be their sum (streams start and end apart).
const maxStreamGap = 0.25

// aboveStreams checks the physics of a per-stream reading: the node's
// output rate (column total) is at most the average stream's decode rate
// (column mean) × the concurrency, and below it by the time streams spend
// outside decode (prefill, waiting: an agent's turn whose first token takes
// most of it). A total above that product on some row, beyond
// maxStreamGap, counts more than the streams' output: input tokens too.
// False when no row can say (no load column, no numbers): the words decide.
func (r *resolved) aboveStreams(g grid, mean, total int) bool {
	load := r.firstOfKinds(colConcurrency, colAchieved)
	if load < 0 {
		return false
	}
	for _, row := range g.rows {
		n, okN := positiveCell(row, load)
		m, okM := positiveCell(row, mean)
		t, okT := positiveCell(row, total)
		if okN && okM && okT && (t-m*n)/t > maxStreamGap {
			return true
		}
	}
	return false
}

// firstOfKinds is the first column of the first kind the table has; -1
// when it has none.
func (r *resolved) firstOfKinds(kinds ...colKind) int {
	for _, k := range kinds {
		for i, c := range r.cols {
			if c.kind == k {
				return i
			}
		}
	}
	return -1
}

// positiveCell is column i's number in row when it is one above zero.
func positiveCell(row []string, i int) (float64, bool) {
	cv, ok, err := parseCell(cleanCell(cellAt(row, i)))
	return cv.v, ok && err == nil && cv.v > 0
}

// requestRates tells the offered rate from the achieved one. A column the
// header names offered ("request-rate", "target QPS") is the load of an
// open-loop sweep; "request throughput" is what was served. A bare QPS or
// RPS is the offered rate when the table has no other load, else achieved.
func (r *resolved) requestRates(g grid) {
	file := g.file
	hasLoad := r.has(colConcurrency) || r.has(colPerGPU) || r.has(colAchieved)
	var requested, bare []int
	for i, c := range r.cols {
		if c.kind != colRequestRate {
			continue
		}
		switch c.flavor {
		case "requested":
			requested = append(requested, i)
		case "":
			bare = append(bare, i)
		}
	}
	// Beside a bare "Level" or "Load" column, which of the two is the load
	// is the physics' to say (loadword.go), not the words'.
	if len(requested) == 0 && len(bare) == 1 && !hasLoad && r.bareLoadColumn(g) < 0 {
		requested = bare
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the offered request rate: the table has no concurrency column", file, r.cols[bare[0]].header))
	}
	if len(requested) == 0 && len(bare) == 2 && !hasLoad {
		requested = r.offeredOfTwo(g, bare[0], bare[1])
	}
	for _, i := range r.servedByLittle(g, requested) {
		r.cols[i].kind = colRequestedRate
	}
}

// offeredOfTwo tells two bare request rates apart by the physics of an open
// loop ("Rate (req/s)" 1, 4, inf beside "Requests/s" 0.94, 3.20, 5.68): the
// offered one is what the other serves at its lowest level and never runs
// above; the served one, read as the offered, would be outrun. Neither or
// both fitting leaves the two for refuseLookalikes to name.
func (r *resolved) offeredOfTwo(g grid, a, b int) []int {
	ab, ba := servedTracksOffered(g, a, b), servedTracksOffered(g, b, a)
	if ab == ba {
		return nil
	}
	offered, served := a, b
	if ba {
		offered, served = b, a
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the offered request rate and %q as the served one: the served rate matches it at its lowest level and never runs above it, as an open loop serves what it is offered", g.file, r.cols[offered].header, r.cols[served].header))
	return []int{offered}
}

// loneTotal reads a total token rate ("Overall tok/s", "总吞吐",
// "Total tok/s") as the node's throughput when the table has no other token
// rate: beside "Generation tok/s" a total is input + output, but alone it
// is what the write-up measured the node by. Should it count the input
// too, with one workload it is the output's multiple: the knee and the
// verdicts are the same, and a floor from it is in its own tokens, which
// the note says.
func (r *resolved) loneTotal(file string) {
	var totals []int
	for i, c := range r.cols {
		switch c.kind {
		case colThroughput, colThroughputPerGPU:
			return
		case colOtherTokRate:
			if c.flavor == "peak" {
				continue // a peak of the rate beside it ("total tok/s" | "peak tok/s"): not another rate
			}
			if c.flavor != "total" {
				return
			}
			totals = append(totals, i)
		}
	}
	if len(totals) == 0 || len(totals) > 1 && !r.oneRatePerCurve(totals) {
		return
	}
	for _, total := range totals {
		r.loneTotalAt(file, total)
	}
}

// oneRatePerCurve: the total rates' headers differ only by the names
// before a rate they share ("Router 總吞吐量 tokens/sec", "VLLM 總吞吐量
// tokens/sec"; "vLLM fp8 total tok/s", "SGLang total tok/s"): each curve's
// one token rate, as a lone total is the table's.
func (r *resolved) oneRatePerCurve(totals []int) bool {
	var headers [][]string
	for _, i := range totals {
		headers = append(headers, strings.Fields(r.cols[i].header))
	}
	shared := sharedTail(headers)
	if shared == 0 {
		return false
	}
	names := map[string]bool{}
	for _, h := range headers {
		name := strings.ToLower(strings.Join(h[:len(h)-shared], " "))
		if name == "" || names[name] {
			return false
		}
		names[name] = true
	}
	return true
}

// sharedTail is how many words every header ends with alike.
func sharedTail(headers [][]string) int {
	n := 0
	for {
		var word string
		for k, h := range headers {
			if len(h) <= n {
				return n
			}
			w := h[len(h)-1-n]
			if k > 0 && w != word {
				return n
			}
			word = w
		}
		n++
	}
}

// loneTotalAt reads total rate column total as the node's.
func (r *resolved) loneTotalAt(file string, total int) {
	c := &r.cols[total]
	c.kind, c.why, c.flavor = colThroughput, "", "aggregate"
	if wordset(headerTokens(c.header)).has("overall") {
		r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's output tok/s: the table has no other token rate", file, c.header))
		return
	}
	r.notes = append(r.notes, fmt.Sprintf("%s: %q read as the node's tok/s: the table has no other token rate (were it input + output, with one workload it is the output's multiple: the same knee, and floors from it in its tokens)", file, c.header))
}

// servedTracksOffered: the served rate is never above the column (beyond
// rounding) and within a fifth of it at the column's lowest value.
func servedTracksOffered(g grid, offered, served int) bool {
	lowest, lowServed, n := 0.0, 0.0, 0
	for _, row := range g.rows {
		o, okO := positiveCell(row, offered)
		s, okS := positiveCell(row, served)
		if !okO || !okS {
			continue
		}
		if s > o*1.05 {
			return false
		}
		if n == 0 || o < lowest {
			lowest, lowServed = o, s
		}
		n++
	}
	return n >= 2 && lowServed >= 0.8*lowest
}
