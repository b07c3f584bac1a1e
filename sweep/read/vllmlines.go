package read

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/kneetool/knee/sweep"
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

func readVLLMLines(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	type result struct {
		line int
		text []byte
		tags map[string]string
	}
	var results []result
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 64*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		var top map[string]json.RawMessage
		if err := decodeJSON(path, line-1, text, &top); err != nil {
			return nil, err
		}
		tags := map[string]string{}
		for k, raw := range top {
			var s string
			if !vllmLineNotSeries[k] && json.Unmarshal(raw, &s) == nil && s != "" {
				tags[k] = s
			}
		}
		results = append(results, result{line, append([]byte(nil), text...), tags})
		if len(results) > maxPoints {
			return nil, checkPoints(path, len(results))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, sweep.Inputf(path, "", line, "cannot read: %w", err)
	}
	// The series keys: string fields with two or more values.
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
	label := func(r result) string {
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = r.tags[k]
		}
		return strings.Join(parts, " / ")
	}
	if len(keys) > 0 {
		pick := opts.Meta.Series
		var kept []result
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
		if pick == "" || len(kept) == 0 {
			list := make([]string, len(names))
			for i, n := range names {
				list[i] = fmt.Sprintf("%s (%d lines)", n, seen[n])
			}
			return nil, sweep.Inputf(path, "--series", 0, "the file holds %d series by %s: %s; knee reads one curve at a time and never merges them as repeats: pick one with --series %q",
				len(names), strings.Join(keys, " and "), strings.Join(list, ", "), names[0])
		}
		results = kept
	}
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: vllmHarness, Sources: []string{path}}
	for _, r := range results {
		part, err := readVLLMFile(fmt.Sprintf("%s:%d", path, r.line), r.text, opts)
		if err != nil {
			return nil, err
		}
		if err := mergeString(&s.Model, part.Model, false, fmt.Sprintf("%s:%d", path, r.line), "model"); err != nil {
			return nil, err
		}
		s.Points = append(s.Points, part.Points...)
	}
	if len(keys) > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("%s: series %q read (--series, by %s): %d lines", path, opts.Meta.Series, strings.Join(keys, " and "), len(results)))
	}
	return s, nil
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
