package table

import (
	"regexp"
	"strings"
)

// A benchmark script's console often prints a level's results several to a
// line, under a banner that names the level:
//
//	=== gpt-oss:20b  (dur=120s, conc=1) ===
//	RPS: 0.22   System TPS: 52.24
//	ttft_ms: mean=1396.9  p50=1393.1  p95=1965.9  p99=4432.7
//
// Each "key: value" apart from the next by two spaces or a bar is a pair;
// "key: stat=value …" gives each statistic of the key ("ttft_ms p50"). Such
// lines continue the block they are in (kvblocks.go), where a line of
// "key=value" pairs alone opens one; the words a banner holds besides its
// pairs ("gpt-oss:20b") name the run, a curve when they differ.

// statPrefixLine is "key: stat=value stat=value …".
var statPrefixLine = regexp.MustCompile(`^\s*([A-Za-z][\w ./()%-]{0,40}?)\s*:\s+((?:[A-Za-z]\w*=\S+\s*){2,})$`)

// resultSegmentSep parts the pairs of one result line.
var resultSegmentSep = regexp.MustCompile(`\s+\|\s+|\s{2,}`)

// resultLinePairs are a result line's pairs, or nil when the line is none.
func resultLinePairs(raw string) [][2]string {
	if m := statPrefixLine.FindStringSubmatch(raw); m != nil {
		return statPairs(strings.TrimSpace(m[1]), inlinePairs(" "+m[2]))
	}
	segs := resultSegmentSep.Split(strings.TrimSpace(raw), -1)
	if len(segs) < 2 {
		return nil
	}
	var out [][2]string
	for _, s := range segs {
		if !strings.Contains(s, ":") {
			return nil
		}
		if k, v, ok := kvLineOf(s); ok {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

// bannerLabel is what a banner line holds besides its pairs and rules:
// "gpt-oss:20b" of "=== gpt-oss:20b  (dur=120s, conc=1) ===". Pairs whose
// value is no number ("complete=True", "errors=[]") are a run's status,
// not its name, and go with the numeric ones: "N=1 round 0: complete=True
// end_to_end_tok_s=38.2 errors=[]" is run "round 0".
func bannerLabel(raw string) string {
	t := inlinePair.ReplaceAllString(raw, " ")
	t = statusPair.ReplaceAllString(t, " ")
	t = strings.NewReplacer("(", " ", ")", " ", ",", " ").Replace(t)
	t = strings.Join(strings.Fields(strings.Trim(t, kvDecoration)), " ")
	return strings.TrimRight(t, ":：")
}

// statusPair is a "key=value" whose value is a word or an empty list.
var statusPair = regexp.MustCompile(`(?:^|\s)[A-Za-z_][\w.-]{0,40}=(?:\[\]|\{\}|[A-Za-z_]\w*)(?:\s|$)`)

// statPairs names each statistic of key ("ttft_ms p50"). A key that names
// a statistic of its own ("itl_p95_ms": each request's p95) keeps it, as a
// statistic of a statistic keeps its inner one: only the mean over the
// requests is read, named by the key alone; the other statistics over the
// requests are no figure knee reads.
func statPairs(key string, stats [][2]string) [][2]string {
	if len(stats) < 2 {
		return nil
	}
	if statOf(headerTokens(key)) != "" {
		for _, p := range stats {
			if s := strings.ToLower(p[0]); s == "mean" || s == "avg" || s == "average" {
				return [][2]string{{key, p[1]}}
			}
		}
		return nil
	}
	out := make([][2]string, 0, len(stats))
	for _, p := range stats {
		out = append(out, [2]string{key + " " + p[0], p[1]})
	}
	return out
}
