package read

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// llm-d-benchmark's benchmark report, schema version 0.2
// (llm-d/llm-d-benchmark analysis/benchmark_report, schema_v0_2.py), and
// its additive minor revisions (0.2.1, schema_v0_2_1.py, adds only optional
// multi-modal and observability fields): one report per run or per
// inference-perf stage, in YAML or JSON:
//
//	run.time.duration                      ISO-8601 duration ("PT49.97S")
//	scenario.stack[].standardized          kind inference_engine: model.name
//	scenario.load.standardized             tool, tool_version, stage,
//	                                       rate_qps, concurrency (.inf: none),
//	                                       input_seq_len, output_seq_len, source
//	results.request_performance.aggregate  requests {total, failures,
//	                                       input_length, output_length},
//	                                       latency.<name>, throughput
//	                                       {output_token_rate, request_rate, …}
//
// Every statistic is {units, mean, stddev, min, p0p1 … p99p9, max}, and every
// statistic's units is honoured: latencies in ms or s (TTFT, request
// latency) or ms/token or s/token (TPOT, ITL), throughputs in tokens/s and
// queries/s.

// llmdV02Version matches the version line of a v0.2.x YAML report, quoted
// or not ("0.2" unquoted is a YAML float; "0.2.1" a string either way).
var llmdV02Version = regexp.MustCompile(`(?m)^version:\s*['"]?0\.2(\.[0-9]+)?['"]?\s*(#.*)?$`)

// llmdV02Results matches the top-level results key of a YAML report (keys
// sorted put it on the first line).
var llmdV02Results = regexp.MustCompile(`(?m)^results:`)

// isLLMDV02 reports whether a file is a v0.2.x report. top is the file's
// top-level JSON object, nil when the file is not one.
func isLLMDV02(data []byte, top map[string]json.RawMessage) bool {
	if top != nil {
		var v string
		return hasKeys(top, "results") && hasAnyKey(top, "run", "scenario") &&
			json.Unmarshal(top["version"], &v) == nil && (v == "0.2" || strings.HasPrefix(v, "0.2."))
	}
	// The literal tests first (fast on a large file that is none of this).
	return !startsLikeJSON(data) && bytes.Contains(data, []byte("results:")) && bytes.Contains(data, []byte("version:")) &&
		llmdV02Version.Match(data) && llmdV02Results.Match(data)
}

// llmdSeqLen is a workload's sequence length setting.
type llmdSeqLen struct {
	Distribution string   `json:"distribution" yaml:"distribution"`
	Value        *float64 `json:"value" yaml:"value"`
	StdDev       *float64 `json:"std_dev" yaml:"std_dev"`
	Min          *float64 `json:"min" yaml:"min"`
	Max          *float64 `json:"max" yaml:"max"`
}

// llmdV02LoadStd is scenario.load.standardized: the workload generator's
// settings in the schema's own words.
type llmdV02LoadStd struct {
	Tool         string      `json:"tool" yaml:"tool"`
	ToolVersion  string      `json:"tool_version" yaml:"tool_version"`
	Stage        *float64    `json:"stage" yaml:"stage"`
	Source       string      `json:"source" yaml:"source"`
	RateQPS      any         `json:"rate_qps" yaml:"rate_qps"`
	Concurrency  any         `json:"concurrency" yaml:"concurrency"`
	InputSeqLen  *llmdSeqLen `json:"input_seq_len" yaml:"input_seq_len"`
	OutputSeqLen *llmdSeqLen `json:"output_seq_len" yaml:"output_seq_len"`
	Prefix       *struct {
		PrefixLen *llmdSeqLen `json:"prefix_len" yaml:"prefix_len"`
	} `json:"prefix" yaml:"prefix"`
}

type llmdV02Report struct {
	Version any `json:"version" yaml:"version"`
	Run     *struct {
		Time *struct {
			Duration *string `json:"duration" yaml:"duration"`
		} `json:"time" yaml:"time"`
	} `json:"run" yaml:"run"`
	Scenario *struct {
		Stack []struct {
			Standardized *struct {
				Kind  string `json:"kind" yaml:"kind"`
				Model *struct {
					Name string `json:"name" yaml:"name"`
				} `json:"model" yaml:"model"`
			} `json:"standardized" yaml:"standardized"`
		} `json:"stack" yaml:"stack"`
		Load *struct {
			Standardized *llmdV02LoadStd `json:"standardized" yaml:"standardized"`
		} `json:"load" yaml:"load"`
	} `json:"scenario" yaml:"scenario"`
	Results *struct {
		RequestPerformance *struct {
			Aggregate *llmdV02Agg `json:"aggregate" yaml:"aggregate"`
		} `json:"request_performance" yaml:"request_performance"`
	} `json:"results" yaml:"results"`
}

const llmdV02Aggregate = "results.request_performance.aggregate"

// llmdV02Agg is results.request_performance.aggregate.
type llmdV02Agg struct {
	Requests   *llmdRequests `json:"requests" yaml:"requests"`
	Latency    *llmdLatency  `json:"latency" yaml:"latency"`
	Throughput *struct {
		OutputTokenRate *llmdStat `json:"output_token_rate" yaml:"output_token_rate"`
		RequestRate     *llmdStat `json:"request_rate" yaml:"request_rate"`
	} `json:"throughput" yaml:"throughput"`
}

func readLLMDV02File(path string, data []byte) (*sweep.Sweep, error) {
	var r llmdV02Report
	if startsLikeJSON(data) {
		if err := decodeJSON(path, 0, data, &r); err != nil {
			return nil, err
		}
	} else if err := decodeYAML(path, data, &r); err != nil {
		return nil, withYAMLField(data, err)
	}
	a := r.aggregate()
	if a == nil || a.Throughput == nil || a.Throughput.OutputTokenRate == nil {
		return nil, inputerr.Errorf(path, llmdV02Aggregate+".throughput.output_token_rate", 0, "missing: no output throughput")
	}
	label := llmdHarness + " report v" + r.version()
	p := sweep.Point{Source: path + " (" + label + ")"}
	for _, step := range []func(string, *llmdV02Report, *llmdV02Agg, *sweep.Point) error{v02Throughput, v02Duration, v02Requests, v02Latency} {
		if err := step(path, &r, a, &p); err != nil {
			return nil, err
		}
	}
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: llmdHarness, Sources: []string{path}}
	s.Model = r.models()
	w := map[string]string{}
	if s.Model != "" {
		w["model"] = s.Model
	}
	var rate, conc any
	if ld := r.load(); ld != nil {
		rate, conc = ld.RateQPS, ld.Concurrency
		if err := ld.describe(path, label, s, &p); err != nil {
			return nil, err
		}
		ld.workload(w)
	}
	if len(w) > 0 {
		p.Workload = w
	}
	if err := llmdV02Load(path, rate, conc, &p); err != nil {
		return nil, err
	}
	s.Points = []sweep.Point{p}
	return s, nil
}

// aggregate is results.request_performance.aggregate; nil when absent.
func (r *llmdV02Report) aggregate() *llmdV02Agg {
	if r.Results == nil || r.Results.RequestPerformance == nil {
		return nil
	}
	return r.Results.RequestPerformance.Aggregate
}

// version is the report's schema version as its label shows it: "0.2", or
// the minor revision it states ("0.2.1").
func (r *llmdV02Report) version() string {
	if v, ok := r.Version.(string); ok && strings.HasPrefix(v, "0.2.") && len(v) < 16 {
		return v
	}
	return "0.2"
}

// load is scenario.load.standardized; nil when absent.
func (r *llmdV02Report) load() *llmdV02LoadStd {
	if r.Scenario == nil || r.Scenario.Load == nil {
		return nil
	}
	return r.Scenario.Load.Standardized
}

// models names the inference engines' models of scenario.stack, sorted,
// each once.
func (r *llmdV02Report) models() string {
	if r.Scenario == nil {
		return ""
	}
	var models []string
	for _, c := range r.Scenario.Stack {
		if c.Standardized != nil && c.Standardized.Kind == "inference_engine" && c.Standardized.Model != nil &&
			c.Standardized.Model.Name != "" && !contains(models, c.Standardized.Model.Name) {
			models = append(models, c.Standardized.Model.Name)
		}
	}
	sort.Strings(models)
	return strings.Join(models, ", ")
}

// describe names the load generator (the harness it drove) and the
// stage, in the point's source.
func (ld *llmdV02LoadStd) describe(path, label string, s *sweep.Sweep, p *sweep.Point) error {
	if ld.Tool != "" {
		s.HarnessVersion = strings.TrimSpace("via " + ld.Tool + " " + ld.ToolVersion)
	}
	if ld.Stage != nil {
		stage, err := count(path, "scenario.load.standardized.stage", ld.Stage)
		if err != nil {
			return err
		}
		p.Source = path + " (" + label + ", stage " + strconv.Itoa(*stage) + ")"
	}
	return nil
}

// workload adds what the load generator sent: its source and the lengths.
func (ld *llmdV02LoadStd) workload(w map[string]string) {
	if ld.Source != "" {
		w["load.source"] = ld.Source
	}
	if v := ld.InputSeqLen.text(); v != "" {
		w["load.input_seq_len"] = v
	}
	if v := ld.OutputSeqLen.text(); v != "" {
		w["load.output_seq_len"] = v
	}
	if ld.Prefix != nil {
		if v := ld.Prefix.PrefixLen.text(); v != "" {
			w["load.prefix_len"] = v
		}
	}
}

// v02Throughput reads the output token rate (required) and the request rate.
func v02Throughput(path string, _ *llmdV02Report, a *llmdV02Agg, p *sweep.Point) error {
	tput, err := a.Throughput.OutputTokenRate.rate(path, llmdV02Aggregate+".throughput.output_token_rate", "tokens/s", "token/s", "tok/s", "tokens/sec")
	if err != nil {
		return err
	}
	if tput == nil {
		return inputerr.Errorf(path, llmdV02Aggregate+".throughput.output_token_rate.mean", 0, "missing: no output throughput")
	}
	p.ThroughputTokS = *tput
	p.RequestRate, err = a.Throughput.RequestRate.rate(path, llmdV02Aggregate+".throughput.request_rate", "queries/s", "requests/s", "req/s", "qps")
	return err
}

// v02Duration reads run.time.duration, an ISO-8601 duration.
func v02Duration(path string, r *llmdV02Report, _ *llmdV02Agg, p *sweep.Point) error {
	if r.Run == nil || r.Run.Time == nil || r.Run.Time.Duration == nil {
		return nil
	}
	d, ok := isoDuration(*r.Run.Time.Duration)
	if !ok {
		return inputerr.Errorf(path, "run.time.duration", 0, "want an ISO-8601 duration such as PT49.97S, got %q", *r.Run.Time.Duration)
	}
	p.DurationS = &d
	return nil
}

// v02Requests reads the request counts (successes are the total less the
// failures) and the mean lengths, whose unit is "count".
func v02Requests(path string, _ *llmdV02Report, a *llmdV02Agg, p *sweep.Point) error {
	rq := a.Requests
	if rq == nil {
		return nil
	}
	var err error
	p.Failures, err = count(path, llmdV02Aggregate+".requests.failures", rq.Failures)
	if err == nil {
		_, err = count(path, llmdV02Aggregate+".requests.total", rq.Total)
	}
	if err != nil {
		return err
	}
	if rq.Total != nil && rq.Failures != nil {
		if *rq.Failures > *rq.Total {
			return inputerr.Errorf(path, llmdV02Aggregate+".requests.total", 0, "is %v, fewer than the %v failures", *rq.Total, *rq.Failures)
		}
		p.Requests = sweep.I(int(*rq.Total - *rq.Failures))
	}
	for _, l := range []struct {
		name string
		in   *llmdStat
		out  **float64
	}{{"input_length", rq.InputLength, &p.InputTokensMean}, {"output_length", rq.OutputLength, &p.OutputTokensMean}} {
		if *l.out, err = l.in.rate(path, llmdV02Aggregate+".requests."+l.name, "count"); err != nil {
			return err
		}
	}
	return nil
}

// v02Latency reads the latency statistics, each of its dimension: TTFT and
// request latency a time, TPOT and ITL a time per token. TPOT is knee's
// ITL and the chunk gaps are kept beside it; without a TPOT they are the ITL.
func v02Latency(path string, _ *llmdV02Report, a *llmdV02Agg, p *sweep.Point) error {
	l := a.Latency
	if l == nil {
		return nil
	}
	tpot, itl := l.TPOT, l.ITL
	tpotName, itlName := "time_per_output_token", "inter_token_latency"
	if tpot == nil {
		tpot, itl, tpotName = itl, nil, itlName
	}
	for _, d := range []struct {
		name     string
		perToken bool
		in       *llmdStat
		out      *sweep.Dist
	}{{"time_to_first_token", false, l.TTFT, &p.TTFT}, {"request_latency", false, l.RequestLatency, &p.E2E},
		{tpotName, true, tpot, &p.ITL}, {itlName, true, itl, &p.ITLChunks}} {
		var err error
		if *d.out, err = d.in.latency(path, llmdV02Aggregate+".latency."+d.name, d.perToken); err != nil {
			return err
		}
	}
	return nil
}

// llmdV02Load sets the load of a point from scenario.load.standardized: a
// request rate makes it an open loop (a concurrency beside it only caps
// it), its concurrency by Little's law; a concurrency alone is a closed
// loop; neither (or both unbounded, .inf) is derived by Little's law, as a
// v0.1 report whose harness arguments name no concurrency.
func llmdV02Load(path string, rateV, concV any, p *sweep.Point) error {
	const load = "scenario.load.standardized."
	rate, err := loadValue(path, load+"rate_qps", rateV, false)
	if err != nil {
		return err
	}
	conc, err := loadValue(path, load+"concurrency", concV, true)
	if err != nil {
		return err
	}
	field := load + "concurrency"
	switch {
	case p.RequestRate == nil:
		field = llmdV02Aggregate + ".throughput.request_rate"
	case p.E2E.Mean == nil:
		field = llmdV02Aggregate + ".latency.request_latency"
	}
	if rate == nil && conc != nil {
		p.Concurrency = *conc
		if p.RequestRate != nil && p.E2E.Mean != nil {
			p.AchievedConcurrency = sweep.F(*p.RequestRate * *p.E2E.Mean / 1000)
		}
		return nil
	}
	return openLoop(path, field, p, rate, p.RequestRate, p.E2E.Mean)
}

// loadValue reads rate_qps or concurrency: nil when absent or unbounded
// (.inf, which YAML reads as +Inf and JSON writers spell "Infinity" or
// null); otherwise a positive number, and for a concurrency a whole one.
func loadValue(path, field string, v any, whole bool) (*float64, error) {
	var f float64
	switch x := v.(type) {
	case nil:
		return nil, nil
	case float64:
		f = x
	case int:
		f = float64(x)
	case string:
		switch strings.ToLower(strings.TrimSpace(x)) {
		case ".inf", "inf", "+inf", "infinity", "+infinity":
			return nil, nil
		}
		return nil, inputerr.Errorf(path, field, 0, "want a number or .inf, got string %q", x)
	default:
		return nil, inputerr.Errorf(path, field, 0, "want a number or .inf, got %s", jsonKindOf(v))
	}
	switch {
	case math.IsInf(f, 1):
		return nil, nil
	case math.IsNaN(f) || f <= 0:
		return nil, inputerr.Errorf(path, field, 0, "must be a positive number or .inf, got %v", f)
	case whole && (f != math.Trunc(f) || f > 1e15):
		return nil, inputerr.Errorf(path, field, 0, "must be a whole number of requests or .inf, got %v", f)
	}
	return &f, nil
}

// jsonKindOf names a decoded value's kind in the input's words.
func jsonKindOf(v any) string {
	switch v.(type) {
	case bool:
		return "a boolean"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	}
	return "something else"
}

// rate reads a statistic that is not a latency (a throughput, a length):
// its mean, in one of the units it may have. nil when the statistic is absent.
func (s *llmdStat) rate(file, field string, units ...string) (*float64, error) {
	if s == nil {
		return nil, nil
	}
	if s.Units == nil {
		return nil, inputerr.Errorf(file, field+".units", 0, "missing: knee does not guess a statistic's unit (want %s)", units[0])
	}
	if !contains(units, strings.ToLower(strings.TrimSpace(*s.Units))) {
		return nil, inputerr.Errorf(file, field+".units", 0, "unknown unit %q (want %s)", *s.Units, strings.Join(units, " or "))
	}
	if s.Mean == nil {
		return nil, inputerr.Errorf(file, field+".mean", 0, "missing: the schema requires a mean")
	}
	if math.IsNaN(*s.Mean) || math.IsInf(*s.Mean, 0) || *s.Mean < 0 {
		return nil, inputerr.Errorf(file, field+".mean", 0, "must be a non-negative number, got %v", *s.Mean)
	}
	return s.Mean, nil
}

// latency converts a latency statistic to ms; its units must be of the
// field's dimension (time, or time per token), as the schema says.
func (s *llmdStat) latency(file, field string, perToken bool) (sweep.Dist, error) {
	if s == nil || s.Units == nil {
		return s.dist(file, field)
	}
	u := strings.ToLower(strings.TrimSpace(*s.Units))
	if strings.HasSuffix(u, "/token") != perToken {
		want := "ms or s"
		if perToken {
			want = "ms/token or s/token"
		}
		return sweep.Dist{}, inputerr.Errorf(file, field+".units", 0, "unit %q is not of this statistic's dimension (want %s)", *s.Units, want)
	}
	return s.dist(file, field)
}

// text writes a sequence length setting as one workload value: "2148" when
// fixed, "gaussian(1000,sd=100)" otherwise.
func (l *llmdSeqLen) text() string {
	if l == nil || l.Value == nil {
		return ""
	}
	v := numText(*l.Value)
	d := strings.ToLower(l.Distribution)
	if d == "" || d == "fixed" {
		return v
	}
	parts := []string{v}
	for _, x := range []struct {
		k string
		v *float64
	}{{"sd", l.StdDev}, {"min", l.Min}, {"max", l.Max}} {
		if x.v != nil {
			parts = append(parts, x.k+"="+numText(*x.v))
		}
	}
	return d + "(" + strings.Join(parts, ",") + ")"
}

// isoDurationRE is an ISO-8601 duration of days, hours, minutes and
// seconds (months and years have no fixed length).
var isoDurationRE = regexp.MustCompile(`^P(?:([0-9.]+)D)?(?:T(?:([0-9.]+)H)?(?:([0-9.]+)M)?(?:([0-9.]+)S)?)?$`)

// isoDuration parses an ISO-8601 duration ("PT49.97S", "P1DT2H") to seconds.
func isoDuration(s string) (float64, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	m := isoDurationRE.FindStringSubmatch(s)
	if m == nil || s == "P" || strings.HasSuffix(s, "T") {
		return 0, false
	}
	total := 0.0
	for i, k := range []float64{86400, 3600, 60, 1} {
		if m[i+1] == "" {
			continue
		}
		v, err := strconv.ParseFloat(m[i+1], 64)
		if err != nil || math.IsInf(v, 0) {
			return 0, false
		}
		total += v * k
	}
	return total, !math.IsInf(total, 0)
}

// withYAMLField names the field of a YAML type error (which yaml.v3 gives
// by line only) from the keys that lead to that line.
// A flow mapping ({units: s, mean: x}) names the key its line starts with.
func withYAMLField(data []byte, err error) error {
	var in *inputerr.Error
	if !errors.As(err, &in) || in.Field != "" {
		return err
	}
	line := in.Line
	if m := yamlErrorLine.FindStringSubmatch(in.Msg); line == 0 && m != nil {
		line, _ = strconv.Atoi(m[1])
	}
	if line > 0 {
		in.Field = yamlPathAt(data, line)
	}
	return err
}

// yamlErrorLine finds the line in a yaml.v3 type error that yamlError
// passes on whole ("cannot unmarshal !!seq into float64").
var yamlErrorLine = regexp.MustCompile(`line ([0-9]+): cannot unmarshal`)

// yamlKeyLine is one block-mapping line: its indentation, an optional list
// dash, and its key.
var yamlKeyLine = regexp.MustCompile(`^(\s*)(-\s+)?([A-Za-z0-9_.\-]+|"[^"]*"|'[^']*'):(\s|$)`)

// yamlPathAt is the dotted path of keys that leads to a line of a block
// YAML document ("results.request_performance.aggregate.latency
// .time_to_first_token.mean"); "" when the line holds no key.
func yamlPathAt(data []byte, line int) string {
	lines := strings.Split(string(data), "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	key := func(l string) (int, string, bool) {
		m := yamlKeyLine.FindStringSubmatch(strings.TrimRight(l, "\r"))
		if m == nil {
			return 0, "", false
		}
		return len(m[1]) + len(m[2]), strings.Trim(m[3], `"'`), true
	}
	indent, k, ok := key(lines[line-1])
	if !ok {
		return ""
	}
	path := []string{k}
	for i := line - 2; i >= 0 && indent > 0; i-- {
		if in, k, ok := key(lines[i]); ok && in < indent {
			path = append([]string{k}, path...)
			indent = in
		}
	}
	return strings.Join(path, ".")
}
