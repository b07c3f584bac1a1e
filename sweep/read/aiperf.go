package read

import (
	"bytes"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

const (
	apHarness    = "aiperf"
	apExportName = "profile_export_aiperf.json"
	apSentinel   = "===AIPERF-RESULT==="
)

// apMetric is one AIPerf metric object. Throughput metrics carry only avg.
type apMetric struct {
	Unit *string  `json:"unit"`
	Avg  *float64 `json:"avg"`
	Min  *float64 `json:"min"`
	Max  *float64 `json:"max"`
	P50  *float64 `json:"p50"`
	P90  *float64 `json:"p90"`
	P95  *float64 `json:"p95"`
	P99  *float64 `json:"p99"`
}

// apExport is profile_export_aiperf.json: one object per metric plus the
// load settings (input_config) and run status.
type apExport struct {
	RequestThroughput     *apMetric `json:"request_throughput"`
	RequestLatency        *apMetric `json:"request_latency"`
	RequestCount          *apMetric `json:"request_count"`
	TimeToFirstToken      *apMetric `json:"time_to_first_token"`
	InterTokenLatency     *apMetric `json:"inter_token_latency"`
	OutputTokenThroughput *apMetric `json:"output_token_throughput"`
	InputSequenceLength   *apMetric `json:"input_sequence_length"`
	OutputSequenceLength  *apMetric `json:"output_sequence_length"`
	ErrorRequestCount     *apMetric `json:"error_request_count"`
	BenchmarkDuration     *apMetric `json:"benchmark_duration"`
	InputConfig           *struct {
		Endpoint *struct {
			ModelNames []string `json:"model_names"`
		} `json:"endpoint"`
		Loadgen *struct {
			Concurrency *float64 `json:"concurrency"`
		} `json:"loadgen"`
	} `json:"input_config"`
	WasCancelled *bool `json:"was_cancelled"`
	ErrorSummary []struct {
		Count        *int `json:"count"`
		ErrorDetails *struct {
			Code *int    `json:"code"`
			Type *string `json:"type"`
		} `json:"error_details"`
	} `json:"error_summary"`
}

// readAIPerfDir reads every profile_export_aiperf.json in a folder and up to
// two levels below it (AIPerf writes artifacts/<run name>/…), one point each.
func readAIPerfDir(dir string) (*sweep.Sweep, error) {
	paths := findAIPerfExports(dir)
	if len(paths) == 0 {
		return nil, inputerr.Errorf(dir, "", 0, "no %s in this folder", apExportName)
	}
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: apHarness}
	for _, p := range paths {
		b, err := readBounded(p)
		if err != nil {
			return nil, err
		}
		one, err := parseAIPerfExport(p, 0, b, p, nil)
		if err != nil {
			return nil, err
		}
		if err := mergeString(&s.Model, one.Model, false, p, "model"); err != nil {
			return nil, err
		}
		s.Sources = append(s.Sources, p)
		s.Notes = append(s.Notes, one.Notes...)
		s.Points = append(s.Points, one.Points...)
	}
	return s, nil
}

func findAIPerfExports(dir string) []string {
	var out []string
	root := filepath.Clean(dir)
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil // an unreadable subfolder holds no export we can use
		}
		depth := strings.Count(strings.TrimPrefix(p, root), string(filepath.Separator))
		if d.IsDir() && depth > 2 {
			return filepath.SkipDir
		}
		if !d.IsDir() && d.Name() == apExportName {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out
}

var apCLIConcurrency = regexp.MustCompile(`--concurrency[= ](\d+)`)

// readAIPerfLog reads the export printed between two ===AIPERF-RESULT===
// lines, as aicr's validator Job does. When the export lacks
// input_config (aicr's blob may), the concurrency is taken from the aiperf
// command line in the same log.
func readAIPerfLog(path string, data []byte) (*sweep.Sweep, error) {
	first := bytes.Index(data, []byte(apSentinel))
	if first < 0 {
		return nil, inputerr.Errorf(path, "", 0, "no %s line in this log", apSentinel)
	}
	start := first + len(apSentinel)
	rel := bytes.Index(data[start:], []byte(apSentinel))
	if rel < 0 {
		return nil, inputerr.Errorf(path, "", lineAt(data, int64(first)), "%s opens a result but no second %s closes it (log cut short?)", apSentinel, apSentinel)
	}
	blob := data[start : start+rel]
	line := lineAt(data, int64(first))
	var fallback *float64
	if m := apCLIConcurrency.FindSubmatch(data); m != nil {
		if v, err := strconv.ParseFloat(string(m[1]), 64); err == nil {
			fallback = &v
		}
	}
	return parseAIPerfExport(path, line-1, blob, fmt.Sprintf("%s:%d", path, line), fallback)
}

func readAIPerfFile(path string, data []byte) (*sweep.Sweep, error) {
	return parseAIPerfExport(path, 0, data, path, nil)
}

// parseAIPerfExport turns one export into a one-point sweep, honouring each
// metric's unit.
func parseAIPerfExport(file string, baseLine int, data []byte, source string, fallbackConc *float64) (*sweep.Sweep, error) {
	var ex apExport
	if err := decodeJSON(file, baseLine, data, &ex); err != nil {
		return nil, err
	}
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: apHarness, Sources: []string{file}}
	p := sweep.Point{Source: source + " (" + apHarness + ")"}
	if ex.OutputTokenThroughput == nil || ex.OutputTokenThroughput.Avg == nil {
		return nil, inputerr.Errorf(file, "output_token_throughput.avg", baseLine, "missing: no output throughput")
	}
	k, err := rateFactor(file, "output_token_throughput", ex.OutputTokenThroughput.Unit, "tokens")
	if err != nil {
		return nil, err
	}
	p.ThroughputTokS = *ex.OutputTokenThroughput.Avg * k
	conc, model := ex.load()
	if conc == nil {
		conc = fallbackConc
	}
	if conc == nil {
		return nil, inputerr.Errorf(file, "input_config.loadgen.concurrency", baseLine, "missing: the export does not say which concurrency it measured (pass a log with the aiperf command line, or a table)")
	}
	p.Concurrency, s.Model = *conc, model
	for _, step := range []func(string, *apExport, *sweep.Point) error{apLatencies, apCounts, apRates} {
		if err := step(file, &ex, &p); err != nil {
			return nil, err
		}
	}
	p.FailureLabels = ex.failureLabels()
	if m := ex.InputSequenceLength; m != nil {
		p.InputTokensMean = m.Avg
	}
	if m := ex.OutputSequenceLength; m != nil {
		p.OutputTokensMean = m.Avg
	}
	if ex.WasCancelled != nil && *ex.WasCancelled {
		p.Cancelled = true
		s.Notes = append(s.Notes, fmt.Sprintf("%s: the AIPerf run was cancelled (was_cancelled): its numbers are partial", file))
	}
	s.Points = []sweep.Point{p}
	return s, nil
}

// load is the concurrency and the model input_config states; nil and ""
// where it states none.
func (ex *apExport) load() (*float64, string) {
	ic := ex.InputConfig
	if ic == nil {
		return nil, ""
	}
	var conc *float64
	var model string
	if ic.Loadgen != nil {
		conc = ic.Loadgen.Concurrency
	}
	if ic.Endpoint != nil && len(ic.Endpoint.ModelNames) > 0 {
		model = ic.Endpoint.ModelNames[0]
	}
	return conc, model
}

// apLatencies reads the latency distributions, each in its stated unit.
func apLatencies(file string, ex *apExport, p *sweep.Point) error {
	for _, m := range []struct {
		name string
		in   *apMetric
		out  *sweep.Dist
	}{
		{"time_to_first_token", ex.TimeToFirstToken, &p.TTFT},
		{"inter_token_latency", ex.InterTokenLatency, &p.ITL},
		{"request_latency", ex.RequestLatency, &p.E2E},
	} {
		if m.in == nil {
			continue
		}
		k, err := latencyFactor(file, m.name, m.in.Unit)
		if err != nil {
			return err
		}
		*m.out = m.in.stats().scaled(k)
	}
	return nil
}

// stats is the metric's statistics by knee's names (avg is the mean).
func (m *apMetric) stats() stats {
	return stats{"mean": m.Avg, "min": m.Min, "max": m.Max, "p50": m.P50, "p90": m.P90, "p95": m.P95, "p99": m.P99}
}

// apCounts reads the request and error counts.
func apCounts(file string, ex *apExport, p *sweep.Point) error {
	var err error
	if p.Requests, err = apCount(file, "request_count", ex.RequestCount); err != nil {
		return err
	}
	p.Failures, err = apCount(file, "error_request_count", ex.ErrorRequestCount)
	return err
}

// apRates reads the request rate and the run's duration.
func apRates(file string, ex *apExport, p *sweep.Point) error {
	if m := ex.RequestThroughput; m != nil && m.Avg != nil {
		k, err := rateFactor(file, "request_throughput", m.Unit, "requests")
		if err != nil {
			return err
		}
		p.RequestRate = sweep.F(*m.Avg * k)
	}
	if m := ex.BenchmarkDuration; m != nil && m.Avg != nil {
		k, err := latencyFactor(file, "benchmark_duration", m.Unit)
		if err != nil {
			return err
		}
		p.DurationS = sweep.F(*m.Avg * k / 1000)
	}
	return nil
}

// failureLabels counts the failed requests by "<code> <type>" from
// error_summary; nil when it names none.
func (ex *apExport) failureLabels() map[string]int {
	var out map[string]int
	for _, e := range ex.ErrorSummary {
		if e.Count == nil || e.ErrorDetails == nil {
			continue
		}
		label := "error"
		switch d := e.ErrorDetails; {
		case d.Code != nil && d.Type != nil:
			label = fmt.Sprintf("%d %s", *d.Code, *d.Type)
		case d.Code != nil:
			label = strconv.Itoa(*d.Code)
		case d.Type != nil:
			label = *d.Type
		}
		if out == nil {
			out = map[string]int{}
		}
		out[label] += *e.Count
	}
	return out
}

// apCount reads a count metric (avg holds the count); nil when absent.
func apCount(file, name string, m *apMetric) (*int, error) {
	if m == nil || m.Avg == nil {
		return nil, nil
	}
	v := *m.Avg
	if v < 0 || v != float64(int64(v)) || v > 1e15 {
		return nil, inputerr.Errorf(file, name+".avg", 0, "must be a whole non-negative count, got %v", v)
	}
	return sweep.I(int(v)), nil
}

// apTimeUnits are the time units AIPerf and genai-perf state, to ms.
var apTimeUnits = map[string]float64{
	"ms": 1, "msec": 1, "milliseconds": 1,
	"s": 1000, "sec": 1000, "secs": 1000, "seconds": 1000,
	"us": 1e-3, "µs": 1e-3, "usec": 1e-3, "microseconds": 1e-3,
	"ns": 1e-6, "nsec": 1e-6, "nanoseconds": 1e-6,
}

// latencyFactor converts a time unit to milliseconds.
func latencyFactor(file, metric string, unit *string) (float64, error) {
	if unit == nil {
		return 1, nil // AIPerf's documented default for latencies is ms
	}
	if k, ok := unitScale(apTimeUnits, *unit); ok {
		return k, nil
	}
	return 0, inputerr.Errorf(file, metric+".unit", 0, "unknown time unit %q (want ms, s, us or ns)", *unit)
}

// rateFactor converts "<what>/sec"-style units to per second.
func rateFactor(file, metric string, unit *string, what string) (float64, error) {
	if unit == nil {
		return 1, nil
	}
	u := strings.ToLower(strings.ReplaceAll(*unit, " ", ""))
	num, den, ok := strings.Cut(u, "/")
	if !ok || !strings.HasPrefix(num, strings.TrimSuffix(what, "s")) {
		return 0, inputerr.Errorf(file, metric+".unit", 0, "unexpected unit %q (want %s/sec)", *unit, what)
	}
	switch den {
	case "s", "sec", "second":
		return 1, nil
	case "ms":
		return 1000, nil
	case "min", "minute":
		return 1.0 / 60, nil
	}
	return 0, inputerr.Errorf(file, metric+".unit", 0, "unexpected unit %q (want %s/sec)", *unit, what)
}
