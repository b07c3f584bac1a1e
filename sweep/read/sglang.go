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

// The JSON-lines file `python -m sglang.bench_serving --output-file` appends
// to, one result object per run (SGLang 0.3 to 0.5: backend, dataset_name,
// request_rate, max_concurrency (null for an open loop), completed,
// duration, output_throughput, {mean,median,std,p99}_{ttft,tpot,itl}_ms,
// {mean,median}_e2e_latency_ms, the dataset's lengths; newer versions add
// the measured concurrency, request_throughput and more percentiles).

const sglangHarness = "sglang-bench-serving"

var sglangStat = regexp.MustCompile(`^(mean|median|std|p[0-9][0-9.]*)_(ttft|tpot|itl|e2e_latency)_ms$`)

// sniffSGLang matches on the first line: an SGLang result has e2e_latency
// keys and a dataset_name, which vLLM's results do not.
func sniffSGLang(_ string, data []byte, _ map[string]json.RawMessage) bool {
	line := data
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		line = data[:i]
	}
	var first map[string]json.RawMessage
	if json.Unmarshal(bytes.TrimSpace(line), &first) != nil {
		clean, _ := nonFiniteToString(bytes.TrimSpace(line))
		if json.Unmarshal(clean, &first) != nil {
			return false
		}
	}
	return hasKeys(first, "output_throughput") && hasAnyKey(first, "mean_e2e_latency_ms", "median_e2e_latency_ms") &&
		hasAnyKey(first, "dataset_name", "backend", "completed")
}

func readSGLangFile(path string, data []byte, _ Options) (*sweep.Sweep, error) {
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Harness: sglangHarness, Sources: []string{path}}
	err := jsonLines(path, data, func(line int, text []byte) error {
		p, model, err := sglangRow(path, line, text)
		if err != nil {
			return err
		}
		if err := mergeString(&s.Model, model, false, fmt.Sprintf("%s:%d", path, line), "model"); err != nil {
			return err
		}
		s.Points = append(s.Points, p)
		if len(s.Points) > maxPoints {
			return checkPoints(path, len(s.Points)) // before the rest of the lines cost a point each
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(s.Points) == 0 {
		return nil, inputerr.Errorf(path, "", 0, "no result lines")
	}
	return s, nil
}

// sglangRow reads one line into a point. Errors name the line: the file
// holds one result per line.
func sglangRow(path string, line int, text []byte) (sweep.Point, string, error) {
	var top map[string]json.RawMessage
	if err := decodeJSON(path, line-1, text, &top); err != nil {
		return sweep.Point{}, "", err
	}
	f := &fields{file: path, top: top, line: line}
	p := sweep.Point{Source: fmt.Sprintf("%s:%d (%s)", path, line, sglangHarness)}
	v := f.nums("output_throughput", "request_throughput", "max_concurrency", "concurrency", "completed", "duration",
		"total_input_tokens", "total_output_tokens")
	if f.err != nil {
		return p, "", f.err
	}
	if v["output_throughput"] == nil {
		return p, "", inputerr.Errorf(path, "output_throughput", line, "missing: no output throughput")
	}
	p.ThroughputTokS = *v["output_throughput"]
	p.DurationS = v["duration"]
	if p.Requests = f.count("completed", v["completed"]); f.err != nil {
		return p, "", f.err
	}
	p.RequestRate = sglangRate(v)
	p.InputTokensMean, p.OutputTokensMean = perRequest(v["completed"], v["total_input_tokens"], v["total_output_tokens"])
	if err := benchLatencies(f, sglangStat, "e2e_latency", &p); err != nil {
		return p, "", f.at(err)
	}
	if err := sglangLoad(path, line, text, top["request_rate"], v, &p); err != nil {
		return p, "", f.at(err)
	}
	model := f.str("model_id")
	if model == "" {
		model = f.str("model")
	}
	p.Workload = sglangWorkload(top, model)
	return p, model, nil
}

// sglangRate is the achieved request rate: request_throughput, or (older
// versions, which do not write it) completed requests over the duration.
func sglangRate(v map[string]*float64) *float64 {
	if rate := v["request_throughput"]; rate != nil {
		return rate
	}
	if c, d := v["completed"], v["duration"]; c != nil && d != nil && *d > 0 {
		return sweep.F(*c / *d)
	}
	return nil
}

// sglangLoad sets the load of a row: its max_concurrency for a closed loop
// (request_rate inf), Little's law for an open one.
func sglangLoad(path string, line int, text []byte, rawRate json.RawMessage, v map[string]*float64, p *sweep.Point) error {
	requested, closed, err := vllmRequestRate(path, text, rawRate)
	if err != nil {
		return err
	}
	switch {
	case closed && v["max_concurrency"] != nil:
		p.Concurrency = *v["max_concurrency"]
		// SGLang's concurrency is the measured mean in flight (total
		// latency / duration): the level sustained.
		p.AchievedConcurrency = v["concurrency"]
		return nil
	case closed:
		return inputerr.Errorf(path, "max_concurrency", line, "null with request_rate inf: every prompt was sent at once, so no concurrency level was held")
	default:
		return openLoop(path, "mean_e2e_latency_ms", p, requested, p.RequestRate, p.E2E.Mean)
	}
}

// sglangWorkload is what was sent: the dataset, and the lengths that apply
// to it (SGLang writes the random_* arguments on every row, whatever the
// dataset, so they identify only random datasets).
func sglangWorkload(top map[string]json.RawMessage, model string) map[string]string {
	w := map[string]string{}
	str := func(k string) string {
		raw := top[k]
		var s string
		if raw == nil || string(raw) == "null" {
			return ""
		}
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
		var f float64
		if json.Unmarshal(raw, &f) == nil {
			return numText(f)
		}
		return ""
	}
	ds := str("dataset_name")
	if ds != "" {
		w["dataset_name"] = ds
	}
	if strings.HasPrefix(ds, "random") || ds == "" {
		for _, k := range []string{"random_input_len", "random_output_len", "random_range_ratio"} {
			if v := str(k); v != "" {
				w[k] = v
			}
		}
	}
	if v := str("sharegpt_output_len"); v != "" && ds == "sharegpt" {
		w["sharegpt_output_len"] = v
	}
	if model != "" {
		w["model"] = model
	}
	return w
}
