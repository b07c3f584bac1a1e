package read

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/table"
	"github.com/kneetool/knee/sweep/store"
)

// format is one input format knee reads: a new format is one entry in
// formats, as vegeta's DecoderFor does for its result encodings.
type format struct {
	// name is what --format takes; describe is the one line help prints.
	name, describe string
	// sniff reports whether a file's contents are this format. top is the
	// file's top-level JSON object, nil when the file is not one.
	sniff func(path string, data []byte, top map[string]json.RawMessage) bool
	// readFile reads one file; nil when the format has no single-file form.
	readFile func(path string, data []byte, opts Options) (*sweep.Sweep, error)
	// sniffDir reports whether a folder holds this format; readDir reads it.
	// Both nil when the format has no folder form.
	sniffDir func(dir string) bool
	readDir  func(dir string, opts Options) (*sweep.Sweep, error)
}

// Formats Options.Format accepts.
const (
	FormatSweep         = "sweep"
	FormatInferencePerf = "inference-perf"
	FormatAIPerf        = "aiperf"
	FormatGenAIPerf     = "genai-perf"
	FormatGenAIPerfCSV  = "genai-perf-csv"
	FormatVLLM          = "vllm"
	FormatSGLang        = "sglang"
	FormatGuideLLM      = "guidellm"
	FormatLLMPerf       = "llmperf"
	FormatLLMD          = "llm-d"
	FormatJSONRecords   = "json-records"
	FormatCSV           = "csv"
	FormatBenchText     = "bench-text"
	FormatTGIBench      = "tgi-benchmark"
	FormatMarkdown      = "markdown"
	FormatText          = "text"
)

// formats is tried in order; the first whose sniff matches wins. The order
// matters where shapes overlap:
//   - the sentinel logs (AIPerf, inference-perf) before anything that looks
//     at JSON keys, because a log line may start with "{";
//   - genai-perf before AIPerf: both write the same metric objects, and only
//     input_config tells them apart; both before vLLM, whose numbers share
//     AIPerf's key names;
//   - the native JSON formats before the tables: a JSON line has commas and
//     would pass for a CSV header;
//   - a script's JSON records after the native JSON formats (a native
//     result may hold a list of records too) and before the tables;
//   - TGI's text-generation-benchmark tables before the other tables: their
//     header signature is the tool's own, and read as one table their Step
//     column would pass for series;
//   - genai-perf's CSV before the tables too: it keys on genai-perf's own
//     row names, which no pasted table has;
//   - markdown before a whitespace-aligned text table (its rows are aligned
//     too), and CSV last: any line with a comma looks delimited.
var formats = []format{
	{name: FormatSweep, describe: "knee sweep JSON (knee import -o json) or a knee results folder",
		sniff: sniffSweep, readFile: readSweepFile, sniffDir: store.IsResultsDir, readDir: readKneeDir},
	{name: FormatGenAIPerf, describe: "genai-perf profile_export_genai_perf.json, or an artifacts folder of runs (one per concurrency)",
		sniff: sniffGenAIPerf, readFile: readGenAIPerfFile, sniffDir: hasGenAIPerfExports, readDir: readGenAIPerfDir},
	{name: FormatGenAIPerfCSV, describe: "genai-perf profile_export_genai_perf.csv (concurrency from the JSON export beside it or the artifact folder name), or a folder of them",
		sniff: sniffGenAIPerfCSV, readFile: readGenAIPerfCSVFile, sniffDir: hasGenAIPerfCSVOnly, readDir: readGenAIPerfDir},
	{name: FormatAIPerf, describe: "AIPerf profile_export_aiperf.json, a folder of them, or a log with ===AIPERF-RESULT=== sentinels",
		sniff: sniffAIPerf, readFile: readAIPerfAny, sniffDir: hasAIPerfExports, readDir: readAIPerfDirOpts},
	{name: FormatInferencePerf, describe: "inference-perf report folder, stage_<i>_lifecycle_metrics.json, or a log with === START_STAGE_i === blocks",
		sniff: sniffInferencePerf, readFile: readInferencePerfAny, sniffDir: hasStageFiles, readDir: readInferencePerfDirOpts},
	{name: FormatVLLM, describe: "vllm bench serve --save-result JSON (or benchmark_serving.py's), one file or a folder of them",
		sniff: func(path string, data []byte, top map[string]json.RawMessage) bool {
			return sniffVLLM(path, data, top) || top == nil && sniffVLLMLines(data)
		}, readFile: readVLLMAny, sniffDir: hasVLLMResults, readDir: readVLLMDir},
	{name: FormatSGLang, describe: "sglang.bench_serving --output-file JSONL, one result per line",
		sniff: sniffSGLang, readFile: readSGLangFile},
	{name: FormatGuideLLM, describe: "guidellm benchmarks report (JSON or YAML): every strategy, one point per benchmark",
		sniff: sniffGuideLLM, readFile: readGuideLLMFile},
	{name: FormatLLMPerf, describe: "llmperf *_summary.json, or a folder of them (one per --num-concurrent-requests)",
		sniff: sniffLLMPerf, readFile: readLLMPerfFile, sniffDir: hasLLMPerfSummaries, readDir: readLLMPerfDir},
	{name: FormatLLMD, describe: "llm-d-benchmark benchmark report v0.1 or v0.2 (v0.2.x; YAML or JSON), one file or a folder of them (per-stage inference-perf reports too)",
		sniff: sniffLLMD, readFile: readLLMDFile, sniffDir: hasLLMDReports, readDir: readLLMDDir},
	{name: FormatJSONRecords, describe: "a script's JSON summary: one list of objects, one per level, whose keys name the load and the throughput as a table's headers would",
		sniff: sniffJSONRecords, readFile: readJSONRecords},
	{name: FormatTGIBench, describe: "the tables Hugging Face TGI's text-generation-benchmark prints (| Step | Batch Size | Average | ... |, latency and throughput), as pasted",
		sniff: func(_ string, data []byte, _ map[string]json.RawMessage) bool {
			return !startsLikeJSON(data) && sniffTGIBench(data)
		}, readFile: readTGIBenchFile},
	{name: FormatBenchText, describe: "the result blocks vllm bench serve and sglang.bench_serving print (===== Serving Benchmark Result =====), guidellm's progress panel (two lines per benchmark), a script's ╔═╗ result boxes or plain blocks of key: value lines, one per level, as pasted",
		sniff: sniffBenchText, readFile: readTable(table.BenchText)},
	{name: FormatMarkdown, describe: "a markdown table as pasted in issues (transposed tables too)",
		sniff: sniffMarkdown, readFile: readTable(table.Markdown)},
	{name: FormatText, describe: "a whitespace-aligned console table (tabulate, rich, psql, column -t), with or without a title line",
		sniff: sniffText, readFile: readTable(table.Aligned)},
	{name: FormatCSV, describe: "a CSV or TSV table with a header row",
		sniff: sniffCSV, readFile: readTable(table.CSV)},
}

// Formats lists the formats --format accepts, for help and errors, in the
// order detection tries them.
var Formats = func() []string {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.name
	}
	return names
}()

// FormatHelp is one line per format ("name  what it reads"), for --help.
func FormatHelp() string {
	width := 0
	for _, f := range formats {
		width = max(width, len(f.name))
	}
	var b strings.Builder
	for _, f := range formats {
		b.WriteString("  " + f.name + strings.Repeat(" ", width-len(f.name)+2) + f.describe + "\n")
	}
	return b.String()
}

func formatNamed(name string) (*format, bool) {
	for i := range formats {
		if formats[i].name == name {
			return &formats[i], true
		}
	}
	return nil, false
}

func badFormat(path, format string) error {
	return inputerr.Errorf(path, "--format", 0, "unknown format %q; use one of %s", format, strings.Join(Formats, ", "))
}

// readData parses one input's contents with the forced or detected format,
// then keeps the one workload the input holds or the user chose; path names
// it in messages and sources (and gives detection its file-name hints).
func readData(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	s, err := readDataOnce(path, data, opts)
	if err == nil || opts.Judge == nil {
		return s, err
	}
	return table.Decide(path, err, opts.Meta, opts.Judge, opts.ambiguityDepth, func(meta Meta) (*sweep.Sweep, *sweep.Sweep, error) {
		o := opts
		o.Meta = meta
		o.ambiguityDepth++
		s, err := readData(path, data, o)
		if err != nil {
			return nil, nil, err
		}
		full, err := checked(path, s, o)
		return s, full, err
	})
}

// readDataOnce reads data with the format forced or detected.
func readDataOnce(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	// A UTF-8 byte order mark (Windows editors, Excel exports) is not
	// content: every format is read without it, JSON as much as CSV.
	data = bytes.TrimPrefix(data, utf8BOM)
	data = stripTerminalCodes(data)
	if err := checkDuplicateKeys(path, data); err != nil {
		return nil, err
	}
	name := opts.Format
	if name == "" {
		var err error
		if name, err = Detect(path, data); err != nil {
			return nil, err
		}
	}
	f, ok := formatNamed(name)
	if !ok {
		return nil, badFormat(path, name)
	}
	if f.readFile == nil {
		return nil, inputerr.Errorf(path, "--format", 0, "--format %s reads a folder, not a file", name)
	}
	if tableFormats[name] {
		if err := checkTable(path, data); err != nil {
			return nil, err
		}
	}
	s, err := f.readFile(path, data, opts)
	if err != nil {
		return nil, err
	}
	return selectWorkload(path, s, opts)
}

// readDir reads a folder with the forced format, or the first format whose
// folder form it holds.
func readDir(dir string, opts Options) (*sweep.Sweep, error) {
	var f *format
	if opts.Format != "" {
		var ok bool
		if f, ok = formatNamed(opts.Format); !ok {
			return nil, badFormat(dir, opts.Format)
		}
		if f.readDir == nil {
			return nil, inputerr.Errorf(dir, "--format", 0, "is a folder; --format %s reads a file", opts.Format)
		}
	} else {
		for i := range formats {
			if formats[i].sniffDir != nil && formats[i].sniffDir(dir) {
				f = &formats[i]
				break
			}
		}
	}
	if f == nil {
		return nil, noFormatInDir(dir)
	}
	s, err := f.readDir(dir, opts)
	if err != nil {
		return nil, err
	}
	return selectWorkload(dir, s, opts)
}

// Adapters from the existing readers' signatures to the table's.

func sniffSweep(_ string, _ []byte, top map[string]json.RawMessage) bool {
	return hasKeys(top, "points") && hasKeys(top, "version")
}

func readSweepFile(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	return readSweepJSON(path, data)
}

// readKneeDir reads a knee results folder. store.Load reads sweep.json
// whole and decodes it without the checks every other input gets; so it is
// first read here through the byte limit, the duplicate-key check and
// decodeJSON (messages in JSON's words, the line of a syntax error), and
// only a sweep.json that passes is loaded.
func readKneeDir(dir string, _ Options) (*sweep.Sweep, error) {
	if store.IsResultsDir(dir) {
		path := filepath.Join(dir, store.SweepFile)
		data, err := readBounded(path)
		if err != nil {
			return nil, err
		}
		data = bytes.TrimPrefix(data, utf8BOM)
		if err := checkDuplicateKeys(path, data); err != nil {
			return nil, err
		}
		var probe sweep.Sweep
		if err := decodeJSON(path, 0, data, &probe); err != nil {
			return nil, err
		}
	}
	return store.Load(dir)
}

// sniffAIPerf matches the sentinel log, or an export's metric objects (a
// vLLM result has request_throughput too, but as a number).
func sniffAIPerf(_ string, data []byte, top map[string]json.RawMessage) bool {
	if bytes.Contains(data, []byte(apSentinel)) {
		return true
	}
	for _, k := range []string{"output_token_throughput", "time_to_first_token", "input_config", "request_throughput"} {
		if isObject(top[k]) {
			return true
		}
	}
	return false
}

// isObject reports whether a raw JSON value is an object.
func isObject(v json.RawMessage) bool {
	t := bytes.TrimSpace(v)
	return len(t) > 0 && t[0] == '{'
}

func readAIPerfAny(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	if bytes.Contains(data, []byte(apSentinel)) {
		return readAIPerfLog(path, data)
	}
	return readAIPerfFile(path, data)
}

func hasAIPerfExports(dir string) bool { return len(findAIPerfExports(dir)) > 0 }

func readAIPerfDirOpts(dir string, _ Options) (*sweep.Sweep, error) { return readAIPerfDir(dir) }

func sniffInferencePerf(_ string, data []byte, top map[string]json.RawMessage) bool {
	return ipStartStage.Match(data) || hasAnyKey(top, "load_summary", "successes")
}

func readInferencePerfAny(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	if ipStartStage.Match(data) {
		return readInferencePerfLog(path, data)
	}
	return readInferencePerfStageFile(path, data)
}

func readInferencePerfDirOpts(dir string, _ Options) (*sweep.Sweep, error) {
	return readInferencePerfDir(dir)
}

func sniffMarkdown(path string, data []byte, _ map[string]json.RawMessage) bool {
	return !startsLikeJSON(data) && table.Looks(table.Markdown, path, head(data))
}

// readTable is a format's reader that hands the text to the table reader
// (sweep/read/table) as kind.
func readTable(kind table.Kind) func(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	return func(path string, data []byte, opts Options) (*sweep.Sweep, error) {
		return table.Read(path, data, kind, opts.Meta)
	}
}

func sniffBenchText(_ string, data []byte, _ map[string]json.RawMessage) bool {
	return !startsLikeJSON(data) && table.Looks(table.BenchText, "", head(data))
}

// sniffText: a console table, unless the name says CSV/TSV (thousands
// separators in an aligned table would otherwise pass for delimiters, and a
// CSV with padded cells for alignment).
func sniffText(path string, data []byte, _ map[string]json.RawMessage) bool {
	base := strings.ToLower(path)
	return !startsLikeJSON(data) && !strings.HasSuffix(base, ".csv") && !strings.HasSuffix(base, ".tsv") && table.Looks(table.Aligned, path, head(data))
}

func sniffCSV(path string, data []byte, _ map[string]json.RawMessage) bool {
	base := strings.ToLower(path)
	return !startsLikeJSON(data) &&
		(strings.HasSuffix(base, ".csv") || strings.HasSuffix(base, ".tsv") || looksDelimited(head(data)))
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

func hasKeys(top map[string]json.RawMessage, keys ...string) bool {
	for _, k := range keys {
		if _, ok := top[k]; !ok {
			return false
		}
	}
	return top != nil
}

func hasAnyKey(top map[string]json.RawMessage, keys ...string) bool {
	for _, k := range keys {
		if _, ok := top[k]; ok {
			return true
		}
	}
	return false
}

// startsLikeJSON reports whether the contents open with "{": JSON or JSON
// lines, never a table.
func startsLikeJSON(data []byte) bool {
	t := bytes.TrimSpace(data)
	return len(t) > 0 && t[0] == '{'
}
