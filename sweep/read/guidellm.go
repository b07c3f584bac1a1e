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

// guidellm's benchmarks report (benchmarks.json or .yaml), as guidellm 0.2
// to 0.8 write it: benchmarks[] each with its strategy (config.strategy
// from 0.4, args.strategy before: type_ synchronous, concurrent (streams),
// throughput, constant or poisson (rate)) and metrics.<name>.successful
// distributions {mean, median, std_dev, min, max, percentiles{p001 … p999}}.
// A sweep profile is a list of benchmarks of those strategies.
// Latency metrics carry their unit in the name (_ms); request_latency is in
// seconds. Throughput is metrics.output_tokens_per_second.successful.mean:
// guidellm's rate over the whole benchmark, not a per-request figure.

const guidellmHarness = "guidellm"

var guidellmYAML = regexp.MustCompile(`(?m)^benchmarks:`)

func sniffGuideLLM(_ string, data []byte, top map[string]json.RawMessage) bool {
	if top != nil {
		return hasKeys(top, "benchmarks") && bytes.Contains(data, []byte(`"output_tokens_per_second"`))
	}
	// The literal tests first: they are fast on a large file that is none
	// of this, where the line-anchored regexp walks every byte.
	return !startsLikeJSON(data) && bytes.Contains(data, []byte("output_tokens_per_second")) &&
		bytes.Contains(data, []byte("benchmarks:")) && guidellmYAML.Match(data)
}

type glDist struct {
	Mean        *float64            `json:"mean" yaml:"mean"`
	Median      *float64            `json:"median" yaml:"median"`
	StdDev      *float64            `json:"std_dev" yaml:"std_dev"`
	Min         *float64            `json:"min" yaml:"min"`
	Max         *float64            `json:"max" yaml:"max"`
	Percentiles map[string]*float64 `json:"percentiles" yaml:"percentiles"`
}

type glMetric struct {
	Successful *glDist `json:"successful" yaml:"successful"`
}

type glStrategy struct {
	Type    string   `json:"type_" yaml:"type_"`
	Streams *float64 `json:"streams" yaml:"streams"`
	Rate    *float64 `json:"rate" yaml:"rate"`
}

type glBenchmark struct {
	Config *struct {
		Strategy *glStrategy `json:"strategy" yaml:"strategy"`
		Backend  *struct {
			Model string `json:"model" yaml:"model"`
		} `json:"backend" yaml:"backend"`
	} `json:"config" yaml:"config"`
	Args *struct {
		Strategy *glStrategy `json:"strategy" yaml:"strategy"`
	} `json:"args" yaml:"args"`
	Duration *float64 `json:"duration" yaml:"duration"`
	Metrics  *struct {
		RequestTotals *struct {
			Successful *float64 `json:"successful" yaml:"successful"`
			Errored    *float64 `json:"errored" yaml:"errored"`
			Incomplete *float64 `json:"incomplete" yaml:"incomplete"`
		} `json:"request_totals" yaml:"request_totals"`
		RequestsPerSecond     *glMetric `json:"requests_per_second" yaml:"requests_per_second"`
		RequestConcurrency    *glMetric `json:"request_concurrency" yaml:"request_concurrency"`
		RequestLatency        *glMetric `json:"request_latency" yaml:"request_latency"`
		PromptTokenCount      *glMetric `json:"prompt_token_count" yaml:"prompt_token_count"`
		OutputTokenCount      *glMetric `json:"output_token_count" yaml:"output_token_count"`
		TimeToFirstToken      *glMetric `json:"time_to_first_token_ms" yaml:"time_to_first_token_ms"`
		TimePerOutputToken    *glMetric `json:"time_per_output_token_ms" yaml:"time_per_output_token_ms"`
		InterTokenLatency     *glMetric `json:"inter_token_latency_ms" yaml:"inter_token_latency_ms"`
		OutputTokensPerSecond *glMetric `json:"output_tokens_per_second" yaml:"output_tokens_per_second"`
	} `json:"metrics" yaml:"metrics"`
}

type glReport struct {
	Metadata *struct {
		Version string `json:"guidellm_version" yaml:"guidellm_version"`
	} `json:"metadata" yaml:"metadata"`
	Benchmarks []glBenchmark `json:"benchmarks" yaml:"benchmarks"`
}

func readGuideLLMFile(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	var r glReport
	if err := decodeReport(path, data, &r); err != nil {
		return nil, err
	}
	if len(r.Benchmarks) == 0 {
		return nil, inputerr.Errorf(path, "benchmarks", 0, "empty: the report holds no benchmark")
	}
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: guidellmHarness, Sources: []string{path}}
	if r.Metadata != nil {
		s.HarnessVersion = r.Metadata.Version
	}
	for i, b := range r.Benchmarks {
		p, model, err := guidellmPoint(path, i, b)
		if err != nil {
			return nil, err
		}
		if err := mergeString(&s.Model, model, false, path, "model"); err != nil {
			return nil, err
		}
		s.Points = append(s.Points, p)
	}
	return s, nil
}

// glField names a field of the i-th benchmark: benchmarks[i].<f>.
type glField int

func (i glField) of(f string) string { return fmt.Sprintf("benchmarks[%d].%s", int(i), f) }

func guidellmPoint(path string, i int, b glBenchmark) (sweep.Point, string, error) {
	field := glField(i)
	p := sweep.Point{Source: fmt.Sprintf("%s benchmark %d (%s)", path, i, guidellmHarness), DurationS: b.Duration}
	st, model := b.strategy()
	if st == nil {
		return p, "", inputerr.Errorf(path, field.of("config.strategy"), 0, "missing: the benchmark does not say how load was applied")
	}
	m := b.Metrics
	if m == nil || m.OutputTokensPerSecond.mean() == nil {
		return p, "", inputerr.Errorf(path, field.of("metrics.output_tokens_per_second.successful.mean"), 0, "missing: no output throughput")
	}
	p.ThroughputTokS = *m.OutputTokensPerSecond.mean()
	if rt := m.RequestTotals; rt != nil {
		var err error
		if p.Requests, err = count(path, field.of("metrics.request_totals.successful"), rt.Successful); err != nil {
			return p, "", err
		}
		if p.Failures, err = count(path, field.of("metrics.request_totals.errored"), rt.Errored); err != nil {
			return p, "", err
		}
	}
	p.RequestRate = m.RequestsPerSecond.mean()
	p.InputTokensMean = m.PromptTokenCount.mean()
	p.OutputTokensMean = m.OutputTokenCount.mean()
	if err := guidellmLatencies(path, field, b, &p); err != nil {
		return p, "", err
	}
	if err := guidellmLoad(path, field, st, m.RequestConcurrency.mean(), &p); err != nil {
		return p, "", err
	}
	if model != "" {
		p.Workload = map[string]string{"model": model}
	}
	return p, model, nil
}

// strategy is how the benchmark applied load (config.strategy from 0.4,
// args.strategy before), and the model its backend names.
func (b *glBenchmark) strategy() (*glStrategy, string) {
	var st *glStrategy
	var model string
	if b.Config != nil {
		st = b.Config.Strategy
		if b.Config.Backend != nil {
			model = b.Config.Backend.Model
		}
	}
	if st == nil && b.Args != nil {
		st = b.Args.Strategy
	}
	return st, model
}

// mean is a metric's mean over the successful requests; nil when absent.
func (g *glMetric) mean() *float64 {
	if g == nil || g.Successful == nil {
		return nil
	}
	return g.Successful.Mean
}

// guidellmLatencies reads the latency distributions: ms, but
// request_latency in seconds.
func guidellmLatencies(path string, field glField, b glBenchmark, p *sweep.Point) error {
	m := b.Metrics
	for _, d := range []struct {
		name string
		in   *glMetric
		out  *sweep.Dist
		k    float64
	}{
		{"time_to_first_token_ms", m.TimeToFirstToken, &p.TTFT, 1},
		{"request_latency", m.RequestLatency, &p.E2E, 1000}, // seconds
		{"time_per_output_token_ms", m.TimePerOutputToken, &p.ITL, 1},
	} {
		var err error
		if *d.out, err = d.in.dist(path, field.of("metrics."+d.name+".successful"), d.k); err != nil {
			return err
		}
	}
	// guidellm's inter_token_latency excludes the first token (TPOT as
	// vLLM means it); time_per_output_token includes it. Prefer the former.
	itl, err := m.InterTokenLatency.dist(path, field.of("metrics.inter_token_latency_ms.successful"), 1)
	if err == nil && !itl.Empty() {
		p.ITL = itl
	}
	return err
}

// guidellmLoad sets the load from the strategy: a closed loop's streams
// (synchronous is one), Little's law for the rate strategies.
func guidellmLoad(path string, field glField, st *glStrategy, measured *float64, p *sweep.Point) error {
	switch strings.ToLower(st.Type) {
	case "synchronous":
		p.Concurrency, p.AchievedConcurrency = 1, measured
	case "concurrent":
		if st.Streams == nil {
			return inputerr.Errorf(path, field.of("config.strategy.streams"), 0, "missing for a concurrent strategy")
		}
		p.Concurrency, p.AchievedConcurrency = *st.Streams, measured
	case "throughput", "constant", "poisson", "async":
		// Open loop: throughput sends as fast as it can (no offered rate).
		return openLoop(path, field.of("metrics.request_latency"), p, st.Rate, p.RequestRate, p.E2E.Mean)
	default:
		return inputerr.Errorf(path, field.of("config.strategy.type_"), 0, "unknown strategy %q (want synchronous, concurrent, throughput, constant or poisson)", st.Type)
	}
	return nil
}

func (g *glMetric) dist(file, field string, k float64) (sweep.Dist, error) {
	if g == nil || g.Successful == nil {
		return sweep.Dist{}, nil
	}
	d := g.Successful
	st := stats{"mean": d.Mean, "p50": d.Median, "std": d.StdDev, "min": d.Min, "max": d.Max}
	for name, v := range d.Percentiles {
		if key, ok := guidellmPercentile(name); ok {
			st[key] = v
		}
	}
	return st.dist(file, field, k)
}

// guidellmPercentile reads guidellm's names: p001 is p0.1, p01 p1, p05 p5,
// p999 p99.9; the rest are plain.
func guidellmPercentile(name string) (string, bool) {
	switch name {
	case "p001":
		return "", false
	case "p01":
		return "p1", true
	case "p05":
		return "p5", true
	}
	return percentileName(name)
}
