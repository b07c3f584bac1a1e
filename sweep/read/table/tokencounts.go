package table

import "fmt"

// A header that names tokens and no time ("out tok", "tokens") reads as a
// token rate only for want of one: beside a column that states its time
// ("tok/s", "tokens per second", "TPS"), it is the tokens the run produced,
// a count that grows with the requests sent (122 tokens for one request,
// 16,303 for 192) or a figure per token ("mJ/tok"); reading it as the
// throughput would put a count where the rate is.

// tokenNouns name tokens themselves; rateNames name a rate with no unit.
var (
	tokenNouns = []string{"tok", "toks", "token", "tokens"}
	rateNames  = []string{"throughput", "tput", "tputs", "thrpt", "tps", "otps", "ktps", "tpsu", "speed", "rate", "aggregate", "agg"}
	timeNames  = []string{"s", "sec", "secs", "second", "seconds", "ps", "per", "min", "minute", "minutes"}
)

// tokenCountsBesideRate leaves unread the token-rate columns whose header
// names tokens but no time, when another token-rate column names its time.
func (r *resolved) tokenCountsBesideRate(g grid) {
	rate := -1
	var counts []int
	for i, c := range r.cols {
		if !tokenRateKind(c.kind) {
			continue
		}
		switch w := wordset(headerTokens(c.header)); {
		case tokensNoTime(c.header):
			counts = append(counts, i)
		case rate < 0 && (w.has(timeNames...) || w.has("tps", "otps", "ktps")):
			rate = i
		}
	}
	if rate < 0 {
		return
	}
	load := r.firstOfKinds(colConcurrency)
	for _, i := range counts {
		c := &r.cols[i]
		if load >= 0 && constantWithinRuns(g, i, load) {
			// "Input tok" 512 over concurrency 1, 2, 4, then 2048 over 1,
			// 2, 4: the tokens each request sent, one value through each
			// curve: a workload setting, a series as it varies.
			c.kind, c.flavor = colWorkload, ""
			c.why = fmt.Sprintf("tokens and no time, one value through each curve while %q climbs: a request size, a series as it varies", r.cols[load].header)
			continue
		}
		c.kind = colIgnore
		c.why = fmt.Sprintf("tokens and no time, beside the rate %q: a count or a figure per token, not a rate", r.cols[rate].header)
	}
}

// tokensNoTime: header h names tokens and neither a rate nor a time.
// "Per" counts as a time only before one: "tokens per second" is a rate,
// "mean tokens per run" (or per request, per step) a count.
func tokensNoTime(h string) bool {
	t := headerTokens(h)
	w := wordset(t)
	return w.has(tokenNouns...) && !w.has(rateNames...) && !wordsNameTime(t)
}

// wordsNameTime: the words t name a time ("s", "sec", "minutes"), or "per"
// before one or at the end ("tokens per").
func wordsNameTime(t []string) bool {
	for i, x := range t {
		if x != "per" {
			if wordset(timeNames).has(x) {
				return true
			}
			continue
		}
		if i+1 == len(t) || wordset(timeNames).has(t[i+1]) {
			return true
		}
	}
	return false
}

func tokenRateKind(k colKind) bool {
	switch k {
	case colThroughput, colThroughputPerGPU, colPerUser, colOtherTokRate:
		return true
	}
	return false
}
