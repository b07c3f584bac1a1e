package table

import (
	"regexp"
	"strings"
)

// A script's log may print a run's settings and results as pairs on one
// line, and the results on a later line of their own:
//
//	🚀 Run 2/30: input=256, output=256, prompts=8, concurrent=8
//	🕒 Waiting for container … to finish...
//	✅ Completed: input=256, output=256, prompts=8, tokens/s=304.33, Output-token/s=152.46
//
// Each such line is a block of pairs (kvblocks.go). The completion line
// repeats the settings it shares with its run line, so it continues that
// run: a block with no token rate yet takes the next block's pairs when
// every key they share holds the same value. A line of pairs that sets the
// level ("=== VLLM c=1 rep=1 ===") sets it for the block under it.

// inlinePair is one "key=value" among others on a line.
var inlinePair = regexp.MustCompile(`(?:^|[\s,;(\[])([A-Za-z][\w./-]{0,40})=(\d+(?:,\d{3})*(?:\.\d+)?(?:[A-Za-z/%µ]+)?)`)

// inlinePairs are a line's key=value pairs with numeric values, when it
// holds two or more; nil otherwise.
func inlinePairs(raw string) [][2]string {
	ms := inlinePair.FindAllStringSubmatch(raw, -1)
	if len(ms) == 0 {
		return nil
	}
	out := make([][2]string, 0, len(ms))
	for _, m := range ms {
		out = append(out, [2]string{m[1], strings.TrimRight(m[2], ".,")})
	}
	if len(ms) == 1 {
		// "Batch_size=4, throughput: 56.40 tok/s": a notebook's print sets
		// the level with "=" and names the result with ":", after it.
		c := inlineColonPair.FindStringSubmatch(raw[strings.Index(raw, ms[0][0])+len(ms[0][0]):])
		if c == nil {
			return nil
		}
		out = append(out, [2]string{strings.TrimSpace(c[1]), c[2] + c[3]})
	}
	return out
}

// inlineColonPair is one "key: value unit" after a "key=value" pair on a
// line, the value a number with its unit.
var inlineColonPair = regexp.MustCompile(`^[\s,;]+([A-Za-z][\w ./-]{0,40}?):\s*(\d+(?:\.\d+)?)\s*((?:tok|tokens|req)/s(?:ec)?|ms|s)?\s*$`)

// mergeContinued joins each block that continues the one before it: that
// one names no token rate, they share a key, and every shared key holds one
// value in both.
func mergeContinued(blocks []kvBlock) []kvBlock {
	var out []kvBlock
	for _, b := range blocks {
		if n := len(out); n > 0 && !blockHasRate(out[n-1]) && continuesRun(out[n-1], b) {
			for _, k := range b.keys {
				if _, seen := out[n-1].values[k]; !seen {
					out[n-1].keys = append(out[n-1].keys, k)
					out[n-1].values[k] = b.values[k]
				}
			}
			continue
		}
		out = append(out, b)
	}
	return out
}

func blockHasRate(b kvBlock) bool {
	for _, k := range b.keys {
		if c := classify(k); c.kind == colThroughput || c.kind == colThroughputPerGPU {
			return true
		}
	}
	return false
}

// continuesRun: no key a and b share differs, and they share one, or a is
// a banner line naming the level b lacks, right above it ("=== VLLM c=1
// rep=1 ===" over its result lines).
func continuesRun(a, b kvBlock) bool {
	shared := 0
	for _, k := range b.keys {
		v, ok := a.values[k]
		if !ok {
			continue
		}
		if v != b.values[k] {
			return false
		}
		shared++
	}
	return shared > 0 || a.banner && b.line == a.last+1 && blockHasLevel(a) && !blockHasLevel(b) ||
		levelTitle(a) && b.line <= a.last+3 && !blockHasLevel(b)
}

// levelTitle: a block that is one line naming the level and nothing else
// ("Concurrent Requests=8 (averaged over 3 separate experiments)" above a
// rule and the results), the title of the block just under it.
func levelTitle(b kvBlock) bool {
	return len(b.keys) == 1 && b.last == b.line && blockHasLevel(b)
}

func blockHasLevel(b kvBlock) bool {
	for _, k := range b.keys {
		if k := classify(k).kind; k == colConcurrency || k == colPerGPU || k == colRequestedRate {
			return true
		}
	}
	return false
}
