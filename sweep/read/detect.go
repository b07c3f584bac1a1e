package read

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// noFormatInDir says which folders knee reads, and names a log it would read
// if given as the input itself.
func noFormatInDir(dir string) error {
	// A folder is not searched for logs (an inference-perf report folder
	// keeps its pod log beside the stage files it repeats): name the log.
	hint := ""
	if logs, _ := filepath.Glob(filepath.Join(dir, "*.log")); len(logs) > 0 {
		hint = fmt.Sprintf("; a log is read when named as the INPUT itself, e.g. %s", logs[0])
	}
	return inputerr.Errorf(dir, "", 0, "folder holds no results knee reads: no sweep.json + plan.json (knee results folder), no stage_<i>_lifecycle_metrics.json (inference-perf report), no %s (AIPerf), no %s or %s (genai-perf), no vLLM result JSON, no llmperf *_summary.json, no llm-d benchmark report%s", apExportName, gpExportJSON, gpExportCSV, hint)
}

func readFile(path string, opts Options) (*sweep.Sweep, error) {
	data, err := readBounded(path)
	if err != nil {
		return nil, err
	}
	return readData(path, data, opts)
}

// Detect names the format of a file's contents (path gives the name only,
// for messages and file-name hints): the first entry of the format table
// whose sniff matches.
func Detect(path string, data []byte) (string, error) {
	base := strings.ToLower(filepath.Base(path))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return "", inputerr.Errorf(path, "", 0, "is empty")
	}
	if trimmed[0] == '{' && strings.Contains(base, "prometheus") {
		return "", inputerr.Errorf(path, "", 0, "is an inference-perf Prometheus (server-side) report; knee reads the lifecycle reports (stage_<i>_lifecycle_metrics.json)")
	}
	var top map[string]json.RawMessage
	var topErr error
	if trimmed[0] == '{' {
		// JSON lines (SGLang) fail here and are sniffed from their first line.
		topErr = decodeJSON(path, 0, trimmed, &top)
	}
	for _, f := range formats {
		if f.sniff(path, data, top) {
			return f.name, nil
		}
	}
	switch {
	case topErr != nil:
		return "", topErr
	case top != nil:
		return "", unknownJSON(path, top)
	}
	return "", inputerr.Errorf(path, "", 0, "is none of the formats knee reads (%s); use --format to force one", strings.Join(Formats, ", "))
}

// unknownJSON lists a JSON object's keys, so the user sees what it is.
func unknownJSON(path string, top map[string]json.RawMessage) error {
	// Sorted so that the message is the same on every run (map order is
	// random), and listed as words, not a Go slice.
	keys := make([]string, 0, len(top))
	for k := range top {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) > 6 {
		keys = append(keys[:6], "…")
	}
	listed := strings.Join(keys, ", ")
	if listed == "" {
		listed = "none (an empty object)"
	}
	return inputerr.Errorf(path, "", 0, "JSON is none of: knee sweep (version, points), inference-perf stage (load_summary, successes), AIPerf or genai-perf export (output_token_throughput, time_to_first_token), vLLM result (output_throughput, max_concurrency), guidellm report (benchmarks), llmperf summary (results_*), llm-d report (version with scenario and metrics, or with run and results), a list of level records (objects whose keys name a load and a throughput, e.g. concurrency and output_throughput); its keys: %s", listed)
}

// looksDelimited reports whether the first non-comment line looks like a
// CSV or TSV header.
func looksDelimited(data []byte) bool {
	for len(data) > 0 {
		var l []byte
		l, data, _ = bytes.Cut(data, []byte("\n"))
		l = bytes.TrimSpace(l)
		if len(l) == 0 || l[0] == '#' {
			continue
		}
		return bytes.Count(l, []byte(",")) >= 1 || bytes.Count(l, []byte("\t")) >= 1
	}
	return false
}
