package read

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// A sweep script often adds its own setting to each result it saves
// ("NUM_SPEC_TOKENS": 2 beside vLLM's max_concurrency), as a number. A
// number vLLM does not write, whose values cross the levels (each value
// ran the same levels, two or more), is a setting of the run, and its
// values are curves, as a --metadata string's are (vllmTags): results at
// one level that differ in it are no repeats. A number that does not cross
// the levels (a count, a measured peak) is left alone.

// tagCrossedSettings tags each result with the integer fields that cross
// the levels.
func tagCrossedSettings(results []vllmResult) {
	if len(results) < 4 {
		return
	}
	tops := make([]map[string]json.RawMessage, len(results))
	for i, r := range results {
		if decodeJSON("", 0, r.text, &tops[i]) != nil {
			return
		}
	}
	for _, k := range settingCandidates(tops[0]) {
		if vals, ok := crossesLevels(tops, k); ok {
			for i := range results {
				results[i].tags[k] = vals[i]
			}
		}
	}
}

// settingCandidates are the keys of top holding a whole number that vLLM's
// own result does not write: not a count, a time, a rate or a level.
func settingCandidates(top map[string]json.RawMessage) []string {
	var out []string
	for k, raw := range top {
		if _, ok := wholeNumber(raw); ok && !vllmOwnNumber(k) {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// vllmOwnNumber: k is a number vLLM's result writes (or a statistic of
// one): its values measure a run or set its level, never name a curve.
func vllmOwnNumber(k string) bool {
	switch k {
	case "num_prompts", "max_concurrency", "request_rate", "burstiness", "best_of", "duration", "completed", "failed",
		"total_input_tokens", "total_output_tokens", "request_throughput", "request_goodput", "output_throughput",
		"total_token_throughput", "max_output_tokens_per_s", "max_concurrent_requests", "num_warmups", "seed":
		return true
	}
	return strings.HasSuffix(k, "_ms") || strings.HasSuffix(k, "_s") || strings.Contains(k, "throughput") || strings.Contains(k, "tokens")
}

// wholeNumber is raw's value when it is a whole JSON number.
func wholeNumber(raw json.RawMessage) (string, bool) {
	var f float64
	if json.Unmarshal(raw, &f) != nil || f != float64(int64(f)) {
		return "", false
	}
	return strconv.FormatInt(int64(f), 10), true
}

// crossesLevels: every result holds k, its values split the results into
// two groups or more of two or more, and each group ran the same levels
// (max_concurrency, else request_rate, as written). vals are k's values.
func crossesLevels(tops []map[string]json.RawMessage, k string) ([]string, bool) {
	vals := make([]string, len(tops))
	levels := map[string][]string{}
	for i, top := range tops {
		v, ok := wholeNumber(top[k])
		if !ok {
			return nil, false
		}
		vals[i] = v
		lv := strings.TrimSpace(string(top["max_concurrency"]))
		if lv == "" || lv == "null" {
			lv = strings.TrimSpace(string(top["request_rate"]))
		}
		levels[v] = append(levels[v], lv)
	}
	if len(levels) < 2 {
		return nil, false
	}
	var first []string
	for _, lv := range levels {
		slices.Sort(lv)
		if len(lv) < 2 || first != nil && !slices.Equal(lv, first) {
			return nil, false
		}
		first = lv
	}
	return vals, len(slices.Compact(slices.Clone(first))) >= 2
}
