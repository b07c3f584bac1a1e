package read

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// llm-d-benchmark's benchmark report, schema version 0.1
// (llm-d/llm-d-benchmark analysis/benchmark_report, schema_v0_1.py): one
// report per run, in YAML or JSON: scenario.model.name, scenario.load
// {name (the harness), type, args (the harness's own arguments)},
// metrics.time.duration (s), metrics.requests {total, failures,
// input_length, output_length}, metrics.latency.<name> statistics
// {units, mean, stddev, min, p0p1 … p99p9, max}, metrics.throughput
// {output_tokens_per_sec, requests_per_sec, …}. Every statistic's units is
// honoured (ms, s; ms/token, s/token).

const llmdHarness = "llm-d-benchmark"

var llmdVersion = regexp.MustCompile(`(?m)^version:\s*['"]?0\.1['"]?\s*(#.*)?$`)

// sniffLLMD matches a v0.1 report (isLLMDV01) or a v0.2.x one (isLLMDV02).
func sniffLLMD(_ string, data []byte, top map[string]json.RawMessage) bool {
	return isLLMDV01(data, top) || isLLMDV02(data, top)
}

func isLLMDV01(data []byte, top map[string]json.RawMessage) bool {
	if top != nil {
		var v string
		return hasKeys(top, "scenario", "metrics") && json.Unmarshal(top["version"], &v) == nil && v == "0.1"
	}
	// The literal tests first (fast on a large file that is none of this).
	return !startsLikeJSON(data) && bytes.Contains(data, []byte("\nmetrics:")) && bytes.Contains(data, []byte("\nscenario:")) &&
		bytes.Contains(data, []byte("version:")) && llmdVersion.Match(data)
}

// llmdFiles lists a folder's reports. llm-d-benchmark writes each result as
// a v0.1 report and a v0.2 one side by side (benchmark_report,_X.yaml and
// benchmark_report_v0.2,_X.yaml): read both, every run would count twice.
// So when the folder holds any v0.2 report only those are read, and
// skipped says how many v0.1 reports were left out.
func llmdFiles(dir string) (out []string, skipped int) {
	var v01 []string
	for _, p := range findFiles(dir, 1, func(n string) bool {
		n = strings.ToLower(n)
		return strings.HasSuffix(n, ".yaml") || strings.HasSuffix(n, ".yml") || strings.HasSuffix(n, ".json")
	}) {
		data, err := readBounded(p)
		if err != nil {
			continue
		}
		var top map[string]json.RawMessage
		if startsLikeJSON(data) && decodeJSON(p, 0, data, &top) != nil {
			continue
		}
		switch {
		case isLLMDV02(data, top):
			out = append(out, p)
		case isLLMDV01(data, top):
			v01 = append(v01, p)
		}
	}
	if len(out) == 0 {
		return v01, 0
	}
	return out, len(v01)
}

func hasLLMDReports(dir string) bool {
	files, _ := llmdFiles(dir)
	return len(files) > 0
}

func readLLMDDir(dir string, _ Options) (*sweep.Sweep, error) {
	files, skipped := llmdFiles(dir)
	s, err := readEach(dir, files, llmdHarness, func(p string, data []byte) (*sweep.Sweep, error) {
		return readLLMDFile(p, data, Options{})
	})
	if err == nil && skipped > 0 {
		s.Notes = append(s.Notes, fmt.Sprintf("read the folder's %d v0.2 benchmark reports; its %d v0.1 reports (the same runs in the older schema) left out", len(files), skipped))
	}
	return s, err
}

type llmdStat struct {
	Units  *string  `json:"units" yaml:"units"`
	Mean   *float64 `json:"mean" yaml:"mean"`
	Stddev *float64 `json:"stddev" yaml:"stddev"`
	Min    *float64 `json:"min" yaml:"min"`
	P1     *float64 `json:"p1" yaml:"p1"`
	P5     *float64 `json:"p5" yaml:"p5"`
	P10    *float64 `json:"p10" yaml:"p10"`
	P25    *float64 `json:"p25" yaml:"p25"`
	P50    *float64 `json:"p50" yaml:"p50"`
	P75    *float64 `json:"p75" yaml:"p75"`
	P90    *float64 `json:"p90" yaml:"p90"`
	P95    *float64 `json:"p95" yaml:"p95"`
	P99    *float64 `json:"p99" yaml:"p99"`
	P99p9  *float64 `json:"p99p9" yaml:"p99p9"`
	Max    *float64 `json:"max" yaml:"max"`
}

type llmdReport struct {
	Scenario *struct {
		Model *struct {
			Name string `json:"name" yaml:"name"`
		} `json:"model" yaml:"model"`
		Load *struct {
			Name string         `json:"name" yaml:"name"`
			Type string         `json:"type" yaml:"type"`
			Args map[string]any `json:"args" yaml:"args"`
		} `json:"load" yaml:"load"`
	} `json:"scenario" yaml:"scenario"`
	Metrics *struct {
		Time *struct {
			Duration *float64 `json:"duration" yaml:"duration"`
		} `json:"time" yaml:"time"`
		Requests   *llmdRequests `json:"requests" yaml:"requests"`
		Latency    *llmdLatency  `json:"latency" yaml:"latency"`
		Throughput *struct {
			OutputTokensPerSec *float64 `json:"output_tokens_per_sec" yaml:"output_tokens_per_sec"`
			RequestsPerSec     *float64 `json:"requests_per_sec" yaml:"requests_per_sec"`
		} `json:"throughput" yaml:"throughput"`
	} `json:"metrics" yaml:"metrics"`
}

// readLLMDFile reads a v0.2.x report with readLLMDV02File, and so a file
// of v0.2's shape (a top-level results) that --format llm-d forces without
// a version; anything else as v0.1.
func readLLMDFile(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	var top map[string]json.RawMessage
	if startsLikeJSON(data) && decodeJSON(path, 0, data, &top) != nil {
		top = nil
	}
	v02Shape := hasKeys(top, "results") || (top == nil && !startsLikeJSON(data) && llmdV02Results.Match(data))
	if isLLMDV02(data, top) || (v02Shape && !isLLMDV01(data, top)) {
		return readLLMDV02File(path, data)
	}
	return readLLMDV01File(path, data)
}

// decodeReport decodes a report written as JSON or as YAML.
func decodeReport(path string, data []byte, v any) error {
	if startsLikeJSON(data) {
		return decodeJSON(path, 0, data, v)
	}
	return decodeYAML(path, data, v)
}

func readLLMDV01File(path string, data []byte) (*sweep.Sweep, error) {
	var r llmdReport
	if err := decodeReport(path, data, &r); err != nil {
		return nil, err
	}
	m := r.Metrics
	if m == nil || m.Throughput == nil || m.Throughput.OutputTokensPerSec == nil {
		return nil, inputerr.Errorf(path, "metrics.throughput.output_tokens_per_sec", 0, "missing: no output throughput")
	}
	p := sweep.Point{ThroughputTokS: *m.Throughput.OutputTokensPerSec, RequestRate: m.Throughput.RequestsPerSec,
		Source: path + " (" + llmdHarness + ")"}
	if m.Time != nil {
		p.DurationS = m.Time.Duration
	}
	if err := m.Requests.read(path, &p); err != nil {
		return nil, err
	}
	if err := m.Latency.read(path, &p); err != nil {
		return nil, err
	}
	if err := llmdLoad(path, r, &p); err != nil {
		return nil, err
	}
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: llmdHarness, Sources: []string{path}, Points: []sweep.Point{p}}
	r.describe(s)
	return s, nil
}

// read takes v0.1's metrics.requests: the successful requests (total less
// failures), the failures and the mean lengths.
func (rq *llmdRequests) read(path string, p *sweep.Point) error {
	if rq == nil {
		return nil
	}
	var err error
	if rq.Total != nil && rq.Failures != nil {
		p.Requests, err = count(path, "metrics.requests.total", sweep.F(*rq.Total-*rq.Failures))
	}
	if err == nil {
		p.Failures, err = count(path, "metrics.requests.failures", rq.Failures)
	}
	if err != nil {
		return err
	}
	if rq.InputLength != nil {
		p.InputTokensMean = rq.InputLength.Mean
	}
	if rq.OutputLength != nil {
		p.OutputTokensMean = rq.OutputLength.Mean
	}
	return nil
}

// read takes v0.1's metrics.latency. TPOT is knee's ITL, and the chunk
// gaps (inter_token_latency) are kept beside it; without a TPOT they are
// the ITL.
func (l *llmdLatency) read(path string, p *sweep.Point) error {
	if l == nil {
		return nil
	}
	tpot, itl := l.TPOT, l.ITL
	if tpot == nil {
		tpot, itl = itl, nil
	}
	for _, d := range []struct {
		name string
		in   *llmdStat
		out  *sweep.Dist
	}{{"time_to_first_token", l.TTFT, &p.TTFT}, {"request_latency", l.RequestLatency, &p.E2E},
		{"time_per_output_token", tpot, &p.ITL}, {"inter_token_latency", itl, &p.ITLChunks}} {
		var err error
		if *d.out, err = d.in.dist(path, "metrics.latency."+d.name); err != nil {
			return err
		}
	}
	return nil
}

// describe sets what the report says of its run: the harness it drove,
// the model and the load type (the point's workload).
func (r *llmdReport) describe(s *sweep.Sweep) {
	sc := r.Scenario
	if sc == nil {
		return
	}
	if sc.Load != nil && sc.Load.Name != "" {
		s.HarnessVersion = "via " + sc.Load.Name
	}
	if sc.Model != nil && sc.Model.Name != "" {
		s.Model = sc.Model.Name
		s.Points[0].Workload = map[string]string{"model": s.Model}
		if sc.Load != nil && sc.Load.Type != "" {
			s.Points[0].Workload["load.type"] = sc.Load.Type
		}
	}
}

// llmdLoad finds the concurrency in scenario.load.args, whose keys are the
// harness's own: max_concurrency (vllm-benchmark, inferencemax),
// concurrency, loadgen.concurrency (aiperf), num_concurrent_requests
// (llmperf). A run with none is rate-based (or its harness's arguments are
// unknown): its concurrency comes from Little's law, marked derived.
func llmdLoad(path string, r llmdReport, p *sweep.Point) error {
	var args map[string]any
	if r.Scenario != nil && r.Scenario.Load != nil {
		args = r.Scenario.Load.Args
	}
	numArg := func(v any) (*float64, bool) {
		switch x := v.(type) {
		case float64:
			return &x, true
		case int:
			f := float64(x)
			return &f, true
		}
		return nil, false
	}
	if lg, ok := args["loadgen"].(map[string]any); ok {
		args = map[string]any{"concurrency": lg["concurrency"], "request_rate": lg["request_rate"]}
	}
	for _, k := range []string{"max_concurrency", "concurrency", "num_concurrent_requests"} {
		if v, ok := numArg(args[k]); ok && *v > 0 {
			p.Concurrency = *v
			if p.RequestRate != nil && p.E2E.Mean != nil {
				p.AchievedConcurrency = sweep.F(*p.RequestRate * *p.E2E.Mean / 1000)
			}
			return nil
		}
	}
	rate, _ := numArg(args["request_rate"])
	return openLoop(path, "scenario.load.args.max_concurrency", p, rate, p.RequestRate, p.E2E.Mean)
}

// llmdTimeUnits are the time units llm-d's statistics state, to ms.
var llmdTimeUnits = map[string]float64{"ms": 1, "ms/token": 1, "s": 1000, "s/token": 1000, "us": 1e-3, "µs": 1e-3, "us/token": 1e-3}

// dist converts a statistic to ms, honouring its units.
func (s *llmdStat) dist(file, field string) (sweep.Dist, error) {
	if s == nil {
		return sweep.Dist{}, nil
	}
	if s.Units == nil {
		return sweep.Dist{}, inputerr.Errorf(file, field+".units", 0, "missing: knee does not guess a latency's unit")
	}
	k, ok := unitScale(llmdTimeUnits, *s.Units)
	if !ok {
		return sweep.Dist{}, inputerr.Errorf(file, field+".units", 0, "unknown time unit %q (want ms, s, ms/token or s/token)", *s.Units)
	}
	return stats{"mean": s.Mean, "std": s.Stddev, "min": s.Min, "max": s.Max, "p1": s.P1, "p5": s.P5, "p10": s.P10,
		"p25": s.P25, "p50": s.P50, "p75": s.P75, "p90": s.P90, "p95": s.P95, "p99": s.P99, "p999": s.P99p9}.dist(file, field, k)
}

// llmdRequests and llmdLatency are the blocks v0.1 (metrics.*) and v0.2
// (results.request_performance.aggregate.*) write alike.
type llmdRequests struct {
	Total        *float64  `json:"total" yaml:"total"`
	Failures     *float64  `json:"failures" yaml:"failures"`
	InputLength  *llmdStat `json:"input_length" yaml:"input_length"`
	OutputLength *llmdStat `json:"output_length" yaml:"output_length"`
}

type llmdLatency struct {
	TTFT           *llmdStat `json:"time_to_first_token" yaml:"time_to_first_token"`
	TPOT           *llmdStat `json:"time_per_output_token" yaml:"time_per_output_token"`
	ITL            *llmdStat `json:"inter_token_latency" yaml:"inter_token_latency"`
	RequestLatency *llmdStat `json:"request_latency" yaml:"request_latency"`
}
