package read

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/table"
)

// benchmark_serving.py --save-result --append-result (and sweep scripts
// that collect results) write one result object per line into one file.
// Each line is read as a --save-result file. The string fields that tell
// lines apart (--metadata deployment=base, a label, the model) are series:
// knee reads one curve at a time, so a file holding several is refused
// naming them, and --series picks one.

// sniffVLLMLines: the first line is a vLLM result object and a second
// line follows it.
func sniffVLLMLines(data []byte) bool {
	first, rest, ok := bytes.Cut(bytes.TrimSpace(data), []byte("\n"))
	if !ok || len(bytes.TrimSpace(rest)) == 0 {
		return false
	}
	var top map[string]json.RawMessage
	if decodeJSON("", 0, bytes.TrimSpace(first), &top) != nil {
		return false
	}
	return sniffVLLM("", first, top)
}

// vllmLineNotSeries are string fields that differ between runs of one
// curve: the run's date, its rate ("inf"), file names.
var vllmLineNotSeries = map[string]bool{"date": true, "request_rate": true, "result_filename": true, "result_dir": true}

// vllmResult is one result object of a file of lines or a folder: where
// it is (path:line or the file), its text, and its string fields.
type vllmResult struct {
	where string
	text  []byte
	tags  map[string]string
}

// vllmTags are a result's string fields that may name its series. One that
// repeats the result's own level (--metadata concurrency=16 beside
// max_concurrency 16) is the level, not a series.
func vllmTags(top map[string]json.RawMessage) map[string]string {
	levels := map[float64]bool{}
	for _, k := range []string{"max_concurrency", "request_rate"} {
		var f float64
		var s string
		if json.Unmarshal(top[k], &f) == nil {
			levels[f] = true
		} else if json.Unmarshal(top[k], &s) == nil {
			if v, err := strconv.ParseFloat(s, 64); err == nil {
				levels[v] = true
			}
		}
	}
	tags := map[string]string{}
	for k, raw := range top {
		var s string
		if vllmLineNotSeries[k] || json.Unmarshal(raw, &s) != nil || s == "" {
			continue
		}
		if v, err := strconv.ParseFloat(s, 64); err == nil && levels[v] {
			continue
		}
		tags[k] = s
	}
	return tags
}

func readVLLMLines(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	var results []vllmResult
	err := jsonLines(path, data, func(line int, text []byte) error {
		var top map[string]json.RawMessage
		if err := decodeJSON(path, line-1, text, &top); err != nil {
			return err
		}
		results = append(results, vllmResult{fmt.Sprintf("%s:%d", path, line), append([]byte(nil), text...), vllmTags(top)})
		if len(results) > maxPoints {
			return checkPoints(path, len(results))
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	s, err := vllmSeries(path, "file", "lines", results, opts)
	if err != nil {
		return nil, err
	}
	s.Sources = []string{path}
	return s, nil
}

// vllmSeries reads results as one curve: when string fields tell them
// apart, it refuses naming the series unless --series picks one.
func vllmSeries(path, what, unit string, results []vllmResult, opts Options) (*sweep.Sweep, error) {
	tagLengthGroups(results)
	tagCrossedSettings(results)
	keys := seriesTagKeys(results)
	if len(keys) > 0 {
		kept, err := pickVLLMSeries(path, what, unit, results, keys, opts.Meta.Series)
		if err != nil {
			return nil, err
		}
		results = kept
	}
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: vllmHarness}
	for _, r := range results {
		part, err := readVLLMFile(r.where, r.text, opts)
		if err != nil {
			return nil, err
		}
		if err := mergeString(&s.Model, part.Model, false, r.where, "model"); err != nil {
			return nil, err
		}
		s.Sources = append(s.Sources, part.Sources...)
		s.Points = append(s.Points, part.Points...)
		// What a result's reading derived (its E2E by tokens, a burst's
		// level) is said of the curve too.
		s.Notes = append(s.Notes, part.Notes...)
	}
	if len(keys) > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%s: series %q read (--series, by %s): %d %s", path, opts.Meta.Series, strings.Join(keys, " and "), len(results), unit))
	}
	return s, nil
}

// seriesTagKeys are the string fields whose values differ across results,
// sorted: what tells the series apart.
func seriesTagKeys(results []vllmResult) []string {
	values := map[string]map[string]bool{}
	for _, r := range results {
		for k, v := range r.tags {
			if values[k] == nil {
				values[k] = map[string]bool{}
			}
			values[k][v] = true
		}
	}
	var keys []string
	for k, vs := range values {
		if len(vs) > 1 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	return keys
}

// pickVLLMSeries keeps the results of the series --series names, or
// refuses naming every series.
func pickVLLMSeries(path, what, unit string, results []vllmResult, keys []string, pick string) ([]vllmResult, error) {
	label := func(r vllmResult) string {
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = r.tags[k]
		}
		return strings.Join(parts, " / ")
	}
	var kept []vllmResult
	var names []string
	seen := map[string]int{}
	for _, r := range results {
		l := label(r)
		if _, ok := seen[l]; !ok {
			names = append(names, l)
		}
		seen[l]++
		if pick != "" && (strings.EqualFold(l, pick) || hasTag(r.tags, keys, pick)) {
			kept = append(kept, r)
		}
	}
	if pick != "" && len(kept) > 0 {
		return kept, nil
	}
	// The series of the most results (levels) first: the one a perf
	// engineer would pick, and the one the ambiguity pass reads first.
	slices.SortStableFunc(names, func(a, b string) int { return seen[b] - seen[a] })
	list := make([]string, len(names))
	for i, n := range names {
		list[i] = fmt.Sprintf("%s (%d %s)", n, seen[n], unit)
	}
	return nil, table.AmbiguousSeries(inputerr.Errorf(path, "--series", 0, "the %s holds %d series by %s: %s; knee reads one curve at a time and never merges them as repeats: pick one with --series %q",
		what, len(names), strings.Join(keys, " and "), strings.Join(list, ", "), names[0]), names)
}

func hasTag(tags map[string]string, keys []string, pick string) bool {
	for _, k := range keys {
		if strings.EqualFold(tags[k], pick) {
			return true
		}
	}
	return false
}

// readVLLMAny reads one --save-result object, or a file of them one a line.
func readVLLMAny(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	if sniffVLLMLines(data) {
		return readVLLMLines(path, data, opts)
	}
	return readVLLMFile(path, data, opts)
}
