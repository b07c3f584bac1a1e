package table

import (
	"regexp"
	"strings"
)

// A rate per minute: "Output tok/min", "tokens per minute", "TPM". The
// "min" after a rate's slash is a time unit, never the minimum statistic
// (statOf reads a bare "min" as the minimum: "Min TTFT"), so the column is
// the throughput itself, converted ÷60 to tok/s.
var perMinuteRate = regexp.MustCompile(`\b(k?tok(en)?s?|k?t)\s*(/|per)\s*min(ute)?s?\b|\bk?tpm\b`)

// perMinuteTokens: the header states a token rate per minute, and its words
// without the minute ("Output tok/min" → output, tok): the words statOf and
// the roles read, so that the minute names no statistic.
func perMinuteTokens(low string, t []string) ([]string, bool) {
	if !perMinuteRate.MatchString(strings.ReplaceAll(low, "_", " ")) {
		return t, false
	}
	out := make([]string, 0, len(t))
	for i, w := range t {
		minute := isMinuteWord(w)
		if minute && i > 0 && rateWordBefore(t[i-1]) {
			continue
		}
		if w == "tpm" || w == "ktpm" {
			w = "tok"
		}
		// "tokens" before its minute is the rate's unit, not a count of
		// tokens ("Output tokens/min" reads as "Output tok/min" does).
		if next := i + 1; next < len(t) && isMinuteWord(t[next]) {
			switch w {
			case "tokens", "token", "toks":
				w = "tok"
			case "ktokens":
				w = "ktok"
			}
		}
		out = append(out, w)
	}
	return out, true
}

// rateWordBefore: the word before a minute that makes it the rate's time
// ("tok" in "tok/min", "per" in "tokens per minute").
func rateWordBefore(w string) bool {
	switch w {
	case "tok", "toks", "token", "tokens", "t", "ktok", "ktoks", "ktokens", "per":
		return true
	}
	return false
}

// perMinuteUnit is the unit of a per-minute token-rate column: tok/min, or
// ktok/min when the header states thousands.
func perMinuteUnit(c column) column {
	switch c.kind {
	case colThroughput, colThroughputPerGPU, colOtherTokRate, colPerUser:
		name := "tok/min"
		if c.unit.factor == 1000 {
			name = "ktok/min"
		}
		c.unit, c.stated, c.unitFrom = units[name], true, "header"
	}
	return c
}

func isMinuteWord(w string) bool {
	return w == "min" || w == "mins" || w == "minute" || w == "minutes"
}
