package table

import (
	"regexp"
	"strconv"
	"strings"
)

// A header may name its level in words rather than as "c=N": "单请求" or
// "single" (one request at a time, a load of 1), "sequential", "1 user",
// "2x 并发" or "2 并发" (two concurrent requests), "8 concurrent", "x2".
// Followed by a metric ("2x 并发总吞吐"), the header names both, as
// "c=2 tok/s" does (widecolumns.go).

// singleLoad is a header that opens with words for one request at a time.
// "Single-stream" is left out: a per-stream rate's name, not a level.
var singleLoad = regexp.MustCompile(`^(?i)(?:(?:single|sequential|one user|1 user)(?:[ _-](?:request|requests|user|client))?(?:\s+|$)|单请求|单并发|单用户)`)

// timesLoad is a header that opens with a count of concurrent requests
// ("2x 并发", "2 并发", "8 concurrent requests", "4x users").
// "3 路" (three ways: streams in Chinese), "4 streams", "2 sessions" and
// "8 slots" count requests in flight as well. So do "4 requests", "4 요청",
// "4 请求" and "4 リクエスト" heading a column of a wide table: a level
// written as the requests sent at once (a run of N prompts with no cap on
// concurrency puts all N in flight), and "4명" / "4 사용자" / "4 ユーザー"
// (four people, users). The count may be written in words, as prose
// does: "Two-request aggregate tps", "eight users".
var timesLoad = regexp.MustCompile(`^(?i)(\d+|` + levelCountWords + `)(?:\s*[x×]?\s*|-)(?:路?并发|concurrent(?:\s+requests?)?(?:\s+|$)|(?:concurrency|` + inFlightNouns + `|slots?|requests?|路|并行|个用户|用户|个?请求|요청|사용자|명|リクエスト|ユーザー)(?:\s+|$))`)

// levelCountWords are the counts a header may write in words (countWords
// holds their values).
const levelCountWords = `one|two|three|four|five|six|seven|eight|ten|twelve|sixteen|twenty|thirty-two|sixty-four`

// countWord is a count's digits: "two" → "2"; digits stay as they are.
func countWord(w string) string {
	if n, ok := countWords[strings.ToLower(w)]; ok {
		return strconv.Itoa(n)
	}
	return w
}

// bareTimes is a header that is only a multiple of one request ("x2").
var bareTimes = regexp.MustCompile(`^(?i)[x×](\d+)$`)

// wordLevel reads a header naming its level in words: the level and what
// follows it (the metric, "" for none); false for any other header.
func wordLevel(h string) (level, rest string, ok bool) {
	c := strings.TrimSpace(stripMarkup(h))
	if loc := singleLoad.FindStringIndex(c); loc != nil {
		return "1", strings.TrimSpace(c[loc[1]:]), true
	}
	if m := timesLoad.FindStringSubmatchIndex(c); m != nil {
		return countWord(c[m[2]:m[3]]), strings.TrimSpace(c[m[1]:]), true
	}
	if m := bareTimes.FindStringSubmatch(c); m != nil {
		return m[1], "", true
	}
	return "", "", false
}

// deviceNouns are what "single" may count instead of streams: "TP=1 single
// Spark", "single GPU", "single node" name one device, and its rate is the
// node's.
var deviceNouns = wordset([]string{"gpu", "gpus", "node", "nodes", "card", "cards", "device", "devices", "spark", "sparks", "machine", "server", "host", "chip", "instance", "box", "npu", "accelerator", "socket"})

// singleStreamWord: the words hold "single" counting streams, not the one
// device a setup runs on.
func singleStreamWord(w wordset) bool {
	for i, x := range w {
		if x == "single" && (i+1 >= len(w) || !deviceNouns.has(w[i+1])) {
			return true
		}
	}
	return false
}
