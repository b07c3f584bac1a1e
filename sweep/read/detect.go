package read

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// Formats Options.Format accepts.
const (
	FormatSweep         = "sweep"
	FormatInferencePerf = "inference-perf"
	FormatAIPerf        = "aiperf"
	FormatCSV           = "csv"
	FormatMarkdown      = "markdown"
)

// Formats lists the formats --format accepts, for help and errors.
var Formats = []string{FormatSweep, FormatInferencePerf, FormatAIPerf, FormatCSV, FormatMarkdown}

// readDir reads a folder: a knee results folder, an inference-perf report
// folder, or a folder holding AIPerf exports.
func readDir(dir, format string) (*sweep.Sweep, error) {
	isIP := hasStageFiles(dir)
	switch format {
	case "":
	case FormatSweep:
		return store.Load(dir)
	case FormatInferencePerf:
		return readInferencePerfDir(dir)
	case FormatAIPerf:
		return readAIPerfDir(dir)
	case FormatCSV, FormatMarkdown:
		return nil, sweep.Inputf(dir, "--format", 0, "is a folder; --format %s reads a file", format)
	default:
		return nil, badFormat(dir, format)
	}
	switch {
	case store.IsResultsDir(dir):
		return store.Load(dir)
	case isIP:
		return readInferencePerfDir(dir)
	case len(findAIPerfExports(dir)) > 0:
		return readAIPerfDir(dir)
	}
	// A folder is not searched for logs (an inference-perf report folder
	// keeps its pod log beside the stage files it repeats): name the log.
	hint := ""
	if logs, _ := filepath.Glob(filepath.Join(dir, "*.log")); len(logs) > 0 {
		hint = fmt.Sprintf("; a log is read when named as the INPUT itself, e.g. %s", logs[0])
	}
	return nil, sweep.Inputf(dir, "", 0, "folder holds no results knee reads: no sweep.json + plan.json (knee results folder), no stage_<i>_lifecycle_metrics.json (inference-perf report), no %s (AIPerf)%s", apExportName, hint)
}

func hasStageFiles(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() && ipStageFile.MatchString(e.Name()) {
			return true
		}
	}
	return false
}

func badFormat(path, format string) error {
	return sweep.Inputf(path, "--format", 0, "unknown format %q; use one of %s", format, strings.Join(Formats, ", "))
}

// maxInput bounds what is read into memory: result files and pod logs are
// megabytes at most; anything larger is not an input knee was meant to read.
const maxInput = 512 << 20

func readFile(path string, opts Options) (*sweep.Sweep, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, sweep.Inputf(path, "", 0, "cannot read: %v", unwrapPathErr(err))
	}
	if st.Size() > maxInput {
		return nil, sweep.Inputf(path, "", 0, "is %d bytes; knee reads result files and logs up to %d bytes", st.Size(), maxInput)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, sweep.Inputf(path, "", 0, "cannot read: %v", unwrapPathErr(err))
	}
	return readData(path, data, opts)
}

// readData parses one input's contents; path names it in messages and
// sources (and gives detection its .csv/.md hint).
func readData(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	var err error
	format := opts.Format
	if format == "" {
		if format, err = Detect(path, data); err != nil {
			return nil, err
		}
	}
	switch format {
	case FormatSweep:
		return readSweepJSON(path, data)
	case FormatInferencePerf:
		if ipStartStage.Match(data) {
			return readInferencePerfLog(path, data)
		}
		return readInferencePerfStageFile(path, data)
	case FormatAIPerf:
		if bytes.Contains(data, []byte(apSentinel)) {
			return readAIPerfLog(path, data)
		}
		return readAIPerfFile(path, data)
	case FormatCSV:
		return readCSV(path, data, opts.Meta)
	case FormatMarkdown:
		return readMarkdown(path, data, opts.Meta)
	}
	return nil, badFormat(path, format)
}

// Detect names the format of a file's contents (path gives the name only,
// for messages and the .csv/.md hint). JSON is told apart by its keys, logs
// by their sentinels, tables by their shape.
func Detect(path string, data []byte) (string, error) {
	base := strings.ToLower(filepath.Base(path))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return "", sweep.Inputf(path, "", 0, "is empty")
	}
	// Sentinels first: a log may start with "[" or "{" (a log-line prefix).
	switch {
	case bytes.Contains(data, []byte(apSentinel)):
		return FormatAIPerf, nil
	case ipStartStage.Match(data):
		return FormatInferencePerf, nil
	case trimmed[0] == '{':
		return detectJSON(path, base, trimmed)
	case len(markdownTables(path, data)) > 0:
		return FormatMarkdown, nil
	case strings.HasSuffix(base, ".csv") || strings.HasSuffix(base, ".tsv") || looksDelimited(data):
		return FormatCSV, nil
	}
	return "", sweep.Inputf(path, "", 0, "is none of the formats knee reads (knee sweep JSON, inference-perf stage JSON or log, AIPerf export or log, CSV or markdown table); use --format to force one")
}

func detectJSON(path, base string, data []byte) (string, error) {
	if strings.Contains(base, "prometheus") {
		return "", sweep.Inputf(path, "", 0, "is an inference-perf Prometheus (server-side) report; knee reads the lifecycle reports (stage_<i>_lifecycle_metrics.json)")
	}
	var top map[string]json.RawMessage
	if err := decodeJSON(path, 0, data, &top); err != nil {
		return "", err
	}
	has := func(k string) bool { _, ok := top[k]; return ok }
	switch {
	case has("points") && has("version"):
		return FormatSweep, nil
	case has("load_summary") || has("successes"):
		return FormatInferencePerf, nil
	case has("output_token_throughput") || has("time_to_first_token") || has("input_config") || has("request_throughput"):
		return FormatAIPerf, nil
	}
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
	return "", sweep.Inputf(path, "", 0, "JSON is none of: knee sweep (version, points), inference-perf stage (load_summary, successes), AIPerf export (output_token_throughput, time_to_first_token); its keys: %s", listed)
}

// looksDelimited reports whether the first non-comment line looks like a
// CSV or TSV header.
func looksDelimited(data []byte) bool {
	for _, l := range bytes.Split(data, []byte("\n")) {
		l = bytes.TrimSpace(l)
		if len(l) == 0 || l[0] == '#' {
			continue
		}
		return bytes.Count(l, []byte(",")) >= 1 || bytes.Count(l, []byte("\t")) >= 1
	}
	return false
}
