package read

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/table"
)

// genai-perf's profile_export_genai_perf.csv (CsvExporter,
// triton-inference-server/perf_analyzer genai-perf/genai_perf/export_data/
// csv_exporter.py @ 4cc7650c): Python's csv.writer (CRLF, numbers "{:,.2f}",
// so "1,146.31" is quoted) writes
//
//	Metric,avg,min,max,p99,p95,p90,p75,p50,p25       (0.0.16 adds p10,p5,p1)
//	Time To First Token (ms),…                        one row per request metric:
//	Inter Token Latency (ms),…                        name.title() + " (unit)",
//	Request Latency (ms),…                            no unit for tokens in older
//	Output Sequence Length (tokens),…                 releases; ns in the oldest
//	Input Sequence Length (tokens),…
//	                                                  (a blank row)
//	Metric,Value
//	Output Token Throughput (per sec),261.25          "(tokens/sec)" in newer ones
//	Request Throughput (per sec),1.50
//	Request Count (count),40.00
//
// and, with GPU telemetry, tables headed Metric,GPU,… after them. Newer
// releases add request rows (Time To Second Token, Output Token Throughput
// Per User): they are not read. The throughput is the Metric,Value table's
// Output Token Throughput only; no other row is ever read as throughput.
//
// The CSV does not state the load it measured. Its concurrency is taken,
// in this order, from the profile_export_genai_perf.json beside it (which is
// then read instead), or from genai-perf's artifact folder name; otherwise
// the CSV is refused. Never guessed.

const gpExportCSV = "profile_export_genai_perf.csv"

// genai-perf names the artifact folder "-".join([model with "/" → "_",
// "<service kind>-<endpoint type or backend>", "concurrency{N}" or
// "request_rate{R}"]) when --artifact-dir is left at its default
// (_set_artifact_paths in genai-perf/genai_perf/parser.py,
// triton-inference-server/perf_analyzer @ f259359e; the same stimulus names in
// the analyze subcommand's PerfAnalyzerConfig). --request-rate is a float, so
// the folder reads request_rate2.0.
var (
	gpDirConcurrency = regexp.MustCompile(`-concurrency(\d+)$`)
	gpDirRequestRate = regexp.MustCompile(`-request_rate(\d+(?:\.\d+)?)$`)
)

func isGenAIPerfCSVName(n string) bool {
	return n == gpExportCSV || strings.HasSuffix(n, "_genai_perf.csv")
}

// gpJSONBeside lists where the JSON export of the same run would be: the
// CSV's own stem, and for a *_llm_genai_perf.csv the plain stem.
func gpJSONBeside(csvPath string) []string {
	stem := strings.TrimSuffix(csvPath, ".csv")
	out := []string{stem + ".json"}
	if s, ok := strings.CutSuffix(stem, "_llm_genai_perf"); ok {
		out = append(out, s+"_genai_perf.json")
	}
	return out
}

// sniffGenAIPerfCSV keys on genai-perf's exact rows, never on a CSV's shape:
// the per-request header first, a Metric,Value table, a Request Latency row
// and an Output Token Throughput row.
func sniffGenAIPerfCSV(_ string, data []byte, _ map[string]json.RawMessage) bool {
	if startsLikeJSON(data) {
		return false
	}
	first := true
	var system, latency, output bool
	for len(data) > 0 {
		var l []byte
		l, data, _ = bytes.Cut(data, []byte("\n"))
		l = bytes.TrimSpace(l)
		if len(l) == 0 {
			continue
		}
		if first {
			if !bytes.HasPrefix(l, []byte("Metric,avg,min,max,")) {
				return false
			}
			first = false
			continue
		}
		switch {
		case bytes.Equal(l, []byte("Metric,Value")):
			system = true
		case bytes.HasPrefix(l, []byte("Request Latency (")):
			latency = true
		case bytes.HasPrefix(l, []byte("Output Token Throughput (")):
			output = true
		}
		if system && latency && output {
			return true
		}
	}
	return false
}

// hasGenAIPerfCSVOnly: a folder of genai-perf runs that kept only the CSV.
func hasGenAIPerfCSVOnly(dir string) bool {
	return len(gpFiles(dir)) == 0 && len(gpCSVFiles(dir)) > 0
}

func gpCSVFiles(dir string) []string { return findFiles(dir, 2, isGenAIPerfCSVName) }

// gpRuns lists one export per run: every JSON export, and every CSV with no
// JSON of its run beside it.
func gpRuns(dir string) []string {
	jsons := gpFiles(dir)
	have := make(map[string]bool, len(jsons))
	for _, p := range jsons {
		have[p] = true
	}
	out := jsons
	for _, c := range gpCSVFiles(dir) {
		beside := false
		for _, j := range gpJSONBeside(c) {
			beside = beside || have[j]
		}
		if !beside {
			out = append(out, c)
		}
	}
	return out
}

// readGenAIPerfCSVFile reads one CSV export, or the JSON export beside it.
func readGenAIPerfCSVFile(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	if s, ok, err := readGenAIPerfJSONBeside(path, opts); ok || err != nil {
		return s, err
	}
	p, err := parseGenAIPerfCSV(path, data)
	if err != nil {
		return nil, err
	}
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: gpHarness, Sources: []string{path}}
	note, err := gpLoadFromFolder(path, p)
	if err != nil {
		return nil, err
	}
	s.Notes = append(s.Notes, note)
	s.Points = []sweep.Point{*p}
	return s, nil
}

// readGenAIPerfJSONBeside reads the JSON export of the CSV's run instead of
// the CSV, when there is one; ok says whether there was.
func readGenAIPerfJSONBeside(path string, opts Options) (*sweep.Sweep, bool, error) {
	for _, j := range gpJSONBeside(path) {
		if st, err := os.Stat(j); err != nil || !st.Mode().IsRegular() {
			continue
		}
		b, err := readBounded(j)
		if err != nil {
			return nil, true, err
		}
		s, err := readGenAIPerfFile(j, b, opts)
		if err != nil {
			return nil, true, err
		}
		s.Notes = append(s.Notes, path+": read "+filepath.Base(j)+" beside it instead (the CSV does not state the concurrency; the JSON export does)")
		return s, true, nil
	}
	return nil, false, nil
}

// gpLoadFromFolder sets the load of a CSV's point from genai-perf's artifact
// folder name, and says so in a note; with no such name the CSV is refused.
func gpLoadFromFolder(path string, p *sweep.Point) (string, error) {
	folder := filepath.Base(filepath.Dir(path))
	if m := gpDirConcurrency.FindStringSubmatch(folder); m != nil {
		c, err := strconv.ParseFloat(m[1], 64)
		if err != nil || !(c > 0) || c > 1e9 {
			return "", inputerr.Errorf(path, "concurrency", 0, "the folder name %q gives concurrency %s, which is not a positive level", folder, m[1])
		}
		p.Concurrency = c
		p.AchievedConcurrency = littleConcurrency(p.RequestRate, p.E2E.Mean)
		return path + ": concurrency " + m[1] + " from the genai-perf artifact folder name " + folder + " (the CSV does not state it)", nil
	}
	if r := gpDirRequestRate.FindStringSubmatch(folder); r != nil {
		rate, err := strconv.ParseFloat(r[1], 64)
		if err != nil || !(rate > 0) {
			return "", inputerr.Errorf(path, "request_rate", 0, "the folder name %q gives request rate %s, which is not a positive rate", folder, r[1])
		}
		if err := openLoop(path, "request_rate", p, &rate, p.RequestRate, p.E2E.Mean); err != nil {
			return "", err
		}
		return path + ": request rate " + r[1] + " from the genai-perf artifact folder name " + folder + " (the CSV does not state it)", nil
	}
	return "", inputerr.Errorf(path, "concurrency", 0, "the genai-perf CSV does not state the concurrency it measured, and its folder %q is not genai-perf's artifact folder (<model>-<endpoint>-concurrency<N> or -request_rate<R>); give the %s of the same run (it holds input_config), or the CSV inside the artifacts folder genai-perf wrote", folder, gpExportJSON)
}

// gpTable is the table a genai-perf CSV row belongs to.
type gpTable int

const (
	gpNone    gpTable = iota
	gpRequest         // Metric,avg,min,max,…: one distribution per request metric
	gpSystem          // Metric,Value: the run's throughputs and count
	gpOther           // Metric,GPU,…: GPU telemetry, not a measurement of the load
)

// gpCSV is the state of reading one CSV export: the point so far, the table
// and header the rows are in, and the rows read (each may appear once).
type gpCSV struct {
	path           string
	p              *sweep.Point
	table          gpTable
	header         []string
	seen           map[string]bool
	haveThroughput bool
}

// parseGenAIPerfCSV reads the metric tables into a point without its load.
func parseGenAIPerfCSV(path string, data []byte) (*sweep.Point, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	c := &gpCSV{path: path, p: &sweep.Point{Source: path + " (" + gpHarness + ")"}, seen: map[string]bool{}}
	for {
		rec, line, err := table.NextRecord(r, path)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if table.BlankRecord(rec) {
			continue
		}
		if err := c.row(rec, line); err != nil {
			return nil, err
		}
	}
	if !c.haveThroughput {
		return nil, inputerr.Errorf(path, "Output Token Throughput", 0, "missing: no Output Token Throughput row in the Metric,Value table (the output throughput)")
	}
	return c.p, nil
}

// row reads one record: a table's header, or a row of the table it is in.
func (c *gpCSV) row(rec []string, line int) error {
	if strings.TrimSpace(rec[0]) == "Metric" {
		return c.startTable(rec, line)
	}
	switch c.table {
	case gpNone:
		return inputerr.Errorf(c.path, "", line, "row %q comes before any Metric,… header: not a genai-perf CSV", rec[0])
	case gpRequest:
		return c.requestRow(rec, line)
	case gpSystem:
		return c.systemRow(rec, line)
	}
	return nil
}

// startTable reads a Metric,… header: which table the rows below are in.
func (c *gpCSV) startTable(rec []string, line int) error {
	c.header = rec
	second := ""
	if len(rec) > 1 {
		second = strings.TrimSpace(rec[1])
	}
	switch {
	case second == "avg":
		c.table = gpRequest
	case second == "Value" && len(rec) == 2:
		c.table = gpSystem
	case second == "GPU":
		c.table = gpOther
	default:
		return inputerr.Errorf(c.path, "", line, "unexpected genai-perf table header %q (want Metric,avg,… or Metric,Value)", strings.Join(rec, ","))
	}
	return nil
}

// once refuses a row read before.
func (c *gpCSV) once(key string, rec []string, line int) error {
	if c.seen[key] {
		return inputerr.Errorf(c.path, rec[0], line, "appears twice")
	}
	c.seen[key] = true
	return nil
}

// requestRow reads a row of the per-request table: a latency distribution,
// or a sequence length's mean. Rows knee does not read (Time To Second
// Token, per-user throughput, …) are passed over.
func (c *gpCSV) requestRow(rec []string, line int) error {
	name, unit := gpMetricName(rec[0])
	key := strings.ToLower(name)
	p := c.p
	var out *sweep.Dist
	var tokens **float64
	switch key {
	case "time to first token":
		out = &p.TTFT
	case "inter token latency":
		out = &p.ITL
	case "request latency":
		out = &p.E2E
	case "output sequence length", "num output token":
		tokens = &p.OutputTokensMean
	case "input sequence length", "num input token":
		tokens = &p.InputTokensMean
	default:
		return nil
	}
	if len(rec) != len(c.header) {
		return inputerr.Errorf(c.path, rec[0], line, "has %d cells; the header has %d", len(rec), len(c.header))
	}
	if err := c.once(key, rec, line); err != nil {
		return err
	}
	st, err := c.rowStats(rec, line)
	if err != nil {
		return err
	}
	if tokens != nil {
		if v := st["mean"]; v != nil {
			if *v < 0 {
				return inputerr.Errorf(c.path, rec[0]+".avg", line, "must be a non-negative length, got %v", *v)
			}
			*tokens = v
		}
		return nil
	}
	if unit == "" {
		return inputerr.Errorf(c.path, rec[0], line, "names no time unit; genai-perf writes one, e.g. %q", name+" (ms)")
	}
	k, err := latencyFactor(c.path, rec[0], &unit)
	if err != nil {
		return inputerr.Errorf(c.path, rec[0], line, "unknown time unit %q (want ms, s, us or ns)", unit)
	}
	*out, err = st.dist(c.path, rec[0], k)
	return err
}

// rowStats reads a per-request row's cells by the header's statistic names.
func (c *gpCSV) rowStats(rec []string, line int) (stats, error) {
	st := stats{}
	for i, col := range c.header[1:] {
		stat, ok := gpStatName(col)
		if !ok {
			continue
		}
		v, err := gpNumber(rec[i+1])
		if err != nil {
			return nil, inputerr.Errorf(c.path, rec[0]+"."+strings.TrimSpace(col), line, "%w", err)
		}
		st[stat] = v
	}
	return st, nil
}

// gpStatName is a header cell's statistic as knee names it (avg is the
// mean); ok is false for one knee does not keep.
func gpStatName(col string) (string, bool) {
	switch stat := strings.ToLower(strings.TrimSpace(col)); stat {
	case "avg":
		return "mean", true
	case "min", "max", "std":
		return stat, true
	default:
		return percentileName(stat)
	}
}

// gpSystemRows are the Metric,Value rows knee reads, and what each counts;
// the rest (Request Goodput and anything newer) are passed over.
var gpSystemRows = map[string]string{
	"output token throughput": "tokens",
	"request throughput":      "requests",
	"request count":           "count",
}

// systemRow reads a row of the Metric,Value table: the output throughput,
// the request rate or the request count.
func (c *gpCSV) systemRow(rec []string, line int) error {
	if len(rec) != 2 {
		return inputerr.Errorf(c.path, rec[0], line, "has %d cells; the Metric,Value table has 2", len(rec))
	}
	name, unit := gpMetricName(rec[0])
	key := strings.ToLower(name)
	what, ok := gpSystemRows[key]
	if !ok {
		return nil
	}
	if err := c.once(key, rec, line); err != nil {
		return err
	}
	v, err := gpNumber(rec[1])
	if err != nil {
		return inputerr.Errorf(c.path, rec[0], line, "%w", err)
	}
	if v == nil {
		return nil
	}
	if *v < 0 {
		return inputerr.Errorf(c.path, rec[0], line, "must be non-negative, got %v", *v)
	}
	if what == "count" {
		return c.requestCount(rec, line, unit, v)
	}
	k, err := gpPerSecond(c.path, rec[0], unit, what)
	if err != nil {
		return inputerr.Errorf(c.path, rec[0], line, "unexpected unit %q (want per sec or %s/sec)", unit, what)
	}
	if what == "tokens" {
		c.p.ThroughputTokS = *v * k
		c.haveThroughput = true
	} else {
		c.p.RequestRate = sweep.F(*v * k)
	}
	return nil
}

// requestCount reads the Request Count row, a whole count.
func (c *gpCSV) requestCount(rec []string, line int, unit string, v *float64) error {
	if unit != "" && !strings.EqualFold(unit, "count") {
		return inputerr.Errorf(c.path, rec[0], line, "unexpected unit %q (want count)", unit)
	}
	var err error
	if c.p.Requests, err = count(c.path, rec[0], v); err != nil {
		return inputerr.Errorf(c.path, rec[0], line, "must be a whole count, got %v", *v)
	}
	return nil
}

// gpMetricName splits "Time To First Token (ms)" into its name and unit.
func gpMetricName(cell string) (name, unit string) {
	cell = strings.TrimSpace(cell)
	if strings.HasSuffix(cell, ")") {
		if i := strings.LastIndex(cell, " ("); i >= 0 {
			return strings.TrimSpace(cell[:i]), strings.TrimSpace(cell[i+2 : len(cell)-1])
		}
	}
	return cell, ""
}

// gpGrouped is a number genai-perf grouped by thousands ("{:,.2f}": 84,788.50).
var gpGrouped = regexp.MustCompile(`^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$`)

// gpNumber reads a cell as genai-perf writes it ("{:,.2f}", N/A for none).
func gpNumber(cell string) (*float64, error) {
	c := strings.TrimSpace(cell)
	if c == "" || strings.EqualFold(c, "N/A") {
		return nil, nil
	}
	if gpGrouped.MatchString(c) {
		c = strings.ReplaceAll(c, ",", "")
	}
	v, err := strconv.ParseFloat(c, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return nil, errors.New(strconv.Quote(cell) + " is not a finite number")
	}
	return &v, nil
}

// gpPerSecond converts genai-perf's "per sec" (or "tokens/sec") to per second.
func gpPerSecond(path, metric, unit, what string) (float64, error) {
	switch strings.ToLower(strings.Join(strings.Fields(unit), " ")) {
	case "per sec", "per second", "per s", "/sec", "/s":
		return 1, nil
	}
	return rateFactor(path, metric, &unit, what)
}
