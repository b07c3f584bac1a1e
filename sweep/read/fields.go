package read

import (
	"encoding/json"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// The one way the native readers (vLLM, SGLang, llmperf, AIPerf,
// genai-perf, guidellm, llm-d, inference-perf) get a number, a count or a
// distribution out of a result: the file and the field are named in every
// error alike, and a distribution is scaled to ms in one place.

// fields gets the values of one flat result object by key (the JSON
// objects vLLM, SGLang and llmperf write). The first error sticks and every
// later get returns nil, so a reader takes every field it wants and checks
// err once, in the order it took them.
type fields struct {
	file string
	top  map[string]json.RawMessage
	// line, when not 0, is given to every error that names no line: a
	// JSON-lines file holds one result per line.
	line int
	err  error
}

// num is the number at key; nil when absent or null, and anything else that
// is not a number is refused by name.
func (f *fields) num(key string) *float64 {
	if f.err != nil {
		return nil
	}
	v, err := jsonNumber(f.file, key, f.top[key])
	f.fail(err)
	return v
}

// nums gets several numbers at once, in order.
func (f *fields) nums(keys ...string) map[string]*float64 {
	out := make(map[string]*float64, len(keys))
	for _, k := range keys {
		out[k] = f.num(k)
	}
	return out
}

// count is v, read from key, as a whole non-negative count; nil when v is.
func (f *fields) count(key string, v *float64) *int {
	if f.err != nil {
		return nil
	}
	c, err := count(f.file, key, v)
	f.fail(err)
	return c
}

// str is the string at key; "" when absent or not a string.
func (f *fields) str(key string) string {
	var s string
	if raw := f.top[key]; raw != nil {
		_ = json.Unmarshal(raw, &s)
	}
	return s
}

// stats gets a distribution's statistics, in order: each pair is a stats
// name (mean, std, p99 …) and the key that holds it.
func (f *fields) stats(pairs ...[2]string) stats {
	st := make(stats, len(pairs))
	for _, nk := range pairs {
		st[nk[0]] = f.num(nk[1])
	}
	return st
}

// fail keeps the first error, giving it the object's line.
func (f *fields) fail(err error) {
	if err == nil || f.err != nil {
		return
	}
	f.err = f.at(err)
}

// at gives an error that names no line the object's line.
func (f *fields) at(err error) error {
	if ie, ok := err.(*inputerr.Error); ok && ie.Line == 0 && f.line != 0 {
		ie.Line = f.line
	}
	return err
}

// jsonNumber decodes an optional number; null is nil, anything else that is
// not a finite number is refused by name.
func jsonNumber(file, field string, raw json.RawMessage) (*float64, error) {
	if raw == nil || string(raw) == "null" {
		return nil, nil
	}
	var v float64
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, inputerr.Errorf(file, field, 0, "want a number, got %s", truncate(string(raw), 40))
	}
	return &v, nil
}

// scaled is the distribution multiplied by k (to ms), unchecked: for the
// readers whose values the decoder has already held to numbers.
func (st stats) scaled(k float64) sweep.Dist {
	s := func(name string) *float64 { return scaled(st[name], k) }
	return sweep.Dist{
		Mean: s("mean"), Std: s("std"), Min: s("min"), Max: s("max"),
		P1: s("p1"), P5: s("p5"), P10: s("p10"), P25: s("p25"), P50: s("p50"),
		P75: s("p75"), P90: s("p90"), P95: s("p95"), P99: s("p99"), P999: s("p999"),
	}
}

func scaled(v *float64, k float64) *float64 {
	if v == nil {
		return nil
	}
	return sweep.F(*v * k)
}

// unitScale looks a stated unit up in a reader's table of the units it
// accepts (lower case, trimmed): the factor to knee's unit.
func unitScale(table map[string]float64, unit string) (float64, bool) {
	k, ok := table[strings.ToLower(strings.TrimSpace(unit))]
	return k, ok
}

// littleConcurrency is Little's law: the in-flight level a request rate
// (req/s) sustains at a mean time in flight (ms); nil without either.
func littleConcurrency(ratePerS, meanMs *float64) *float64 {
	if ratePerS == nil || meanMs == nil {
		return nil
	}
	return sweep.F(*ratePerS * *meanMs / 1000)
}
