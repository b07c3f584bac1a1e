package metrics

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// MaxBody is the most bytes of one /metrics response read: a vLLM
// exposition is ~60 KB; 8 MB leaves room for many engines and histograms
// while bounding memory on a hostile endpoint.
const MaxBody = 8 << 20

// Snapshot is one scrape, reduced to the quantities the attribution uses.
// A nil field is a series the endpoint did not export.
type Snapshot struct {
	At     time.Time `json:"t"`
	Engine string    `json:"engine,omitempty"`

	Running          *float64 `json:"running,omitempty"`
	Waiting          *float64 `json:"waiting,omitempty"`
	KVUsage          *float64 `json:"kv_usage,omitempty"`
	Preemptions      *float64 `json:"preemptions_total,omitempty"`
	MaxRunning       *float64 `json:"max_running,omitempty"`
	KVCapacityTokens *float64 `json:"kv_capacity_tokens,omitempty"`
	FrontendInflight *float64 `json:"frontend_inflight,omitempty"`
	FrontendQueued   *float64 `json:"frontend_queued,omitempty"`

	// GPUs are the GPUs a DCGM exporter described (gpu.go); the engine
	// summary ignores them, the telemetry summary reads only them.
	GPUs []GPUSample `json:"gpus,omitempty"`

	// kvN counts the engines behind KVUsage (a mean), so that snapshots of
	// several endpoints merge into one mean.
	kvN int
}

// Parse reads one Prometheus text exposition. It fails on text the
// Prometheus parser refuses and on a body over MaxBody; an exposition that
// carries none of the known series parses to an empty Snapshot (Known
// reports false).
func Parse(r io.Reader) (Snapshot, error) {
	body, err := io.ReadAll(io.LimitReader(r, MaxBody+1))
	if err != nil {
		return Snapshot{}, err
	}
	if len(body) > MaxBody {
		return Snapshot{}, fmt.Errorf("metrics: exposition larger than %d bytes", MaxBody)
	}
	// The format ends every line with \n; a dump saved from a terminal
	// often loses the last one, which the parser would call truncated.
	if len(body) > 0 && body[len(body)-1] != '\n' {
		body = append(body, '\n')
	}
	fams, err := textToFamilies(body)
	if err != nil {
		return Snapshot{}, fmt.Errorf("metrics: %w", err)
	}
	return fromFamilies(fams), nil
}

// textToFamilies runs the Prometheus text parser, turning a panic into an
// error: prometheus/common v0.70.0's parser dereferences nil on some
// malformed input ("#TYPE A \n{}0", found by FuzzParse, kept in
// testdata/fuzz), and a hostile /metrics must never end a sweep.
func textToFamilies(body []byte) (fams map[string]*dto.MetricFamily, err error) {
	defer func() {
		if r := recover(); r != nil {
			fams, err = nil, fmt.Errorf("the Prometheus text parser failed on this exposition: %v", r)
		}
	}()
	p := expfmt.NewTextParser(model.UTF8Validation)
	return p.TextToMetricFamilies(bytes.NewReader(body))
}

// Known reports whether the snapshot holds any series the attribution uses.
func (s Snapshot) Known() bool {
	return s.Running != nil || s.Waiting != nil || s.KVUsage != nil || s.Preemptions != nil ||
		s.KVCapacityTokens != nil || s.FrontendInflight != nil || s.FrontendQueued != nil
}

func fromFamilies(fams map[string]*dto.MetricFamily) Snapshot {
	var s Snapshot
	pick := func(names []string) *dto.MetricFamily {
		for _, n := range names {
			if f, ok := fams[n]; ok && len(f.GetMetric()) > 0 {
				if s.Engine == "" {
					s.Engine = engineOf(n)
				}
				return f
			}
		}
		return nil
	}
	// The series summed over engines, in the order their names are tried
	// (the first name found decides the engine).
	for _, g := range []struct {
		names []string
		dst   **float64
	}{{runningNames, &s.Running}, {waitingNames, &s.Waiting}} {
		if f := pick(g.names); f != nil {
			*g.dst = ptr(sumOverEngines(f))
		}
	}
	if f := pick(kvUsageNames); f != nil {
		mean, n := meanOverEngines(f)
		if n > 0 {
			s.KVUsage, s.kvN = ptr(mean), n
		}
	}
	for _, g := range []struct {
		names []string
		dst   **float64
	}{{preemptionNames, &s.Preemptions}, {maxRunningNames, &s.MaxRunning}} {
		if f := pick(g.names); f != nil {
			*g.dst = ptr(sumOverEngines(f))
		}
	}
	kvCapacity(fams, pick(kvCapacityNames), &s)
	s.GPUs = gpusOf(fams)
	for _, g := range []struct {
		names []string
		dst   **float64
	}{{frontendInflight, &s.FrontendInflight}, {frontendQueued, &s.FrontendQueued}} {
		if f := pick(g.names); f != nil {
			*g.dst = ptr(sumOverEngines(f))
		}
	}
	return s
}

// kvCapacity sets the KV cache's capacity in tokens: from the engine's
// capacity series f, or else from vLLM's cache_config_info.
func kvCapacity(fams map[string]*dto.MetricFamily, f *dto.MetricFamily, s *Snapshot) {
	if f != nil {
		// A capacity of 0 (an engine still starting) is no capacity: a
		// physical bound of 0 requests would be nonsense, so it stays unknown.
		if c := sumOverEngines(f); c > 0 {
			s.KVCapacityTokens = ptr(c)
		}
		return
	}
	f, ok := fams[cacheConfigName]
	if !ok {
		return
	}
	if s.Engine == "" {
		s.Engine = "vllm"
	}
	if c, ok := cacheCapacity(f); ok {
		s.KVCapacityTokens = ptr(c)
	}
}

// value reads a gauge, counter or untyped sample; NaN when it has none.
func value(m *dto.Metric) float64 {
	switch {
	case m.Gauge != nil:
		return m.GetGauge().GetValue()
	case m.Counter != nil:
		return m.GetCounter().GetValue()
	case m.Untyped != nil:
		return m.GetUntyped().GetValue()
	}
	return math.NaN()
}

// engineKey identifies the engine a sample belongs to: its labels without
// the rank labels (see rankLabels).
func engineKey(m *dto.Metric) string {
	var parts []string
	for _, l := range m.GetLabel() {
		if !rankLabels[l.GetName()] {
			parts = append(parts, l.GetName()+"="+l.GetValue())
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// perEngine collapses rank copies by max and returns one value per engine.
func perEngine(f *dto.MetricFamily) map[string]float64 {
	out := map[string]float64{}
	for _, m := range f.GetMetric() {
		v := value(m)
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		k := engineKey(m)
		if old, ok := out[k]; !ok || v > old {
			out[k] = v
		}
	}
	return out
}

func sumOverEngines(f *dto.MetricFamily) float64 {
	t := 0.0
	for _, v := range perEngine(f) {
		t += v
	}
	return t
}

func meanOverEngines(f *dto.MetricFamily) (float64, int) {
	vs := perEngine(f)
	if len(vs) == 0 {
		return 0, 0
	}
	t := 0.0
	for _, v := range vs {
		t += v
	}
	return t / float64(len(vs)), len(vs)
}

// cacheCapacity reads vllm:cache_config_info, an info gauge whose labels
// are the engine's CacheConfig: kv_cache_size_tokens when the version
// exports it, else num_gpu_blocks × block_size, summed over engines.
// Labels that say "None" (not yet known at start-up) give nothing.
func cacheCapacity(f *dto.MetricFamily) (float64, bool) {
	total, any := 0.0, false
	seen := map[string]bool{}
	for _, m := range f.GetMetric() {
		labels := map[string]string{}
		for _, l := range m.GetLabel() {
			labels[l.GetName()] = l.GetValue()
		}
		num := func(k string) (float64, bool) {
			v, err := strconv.ParseFloat(labels[k], 64)
			return v, err == nil && v > 0 && !math.IsInf(v, 0)
		}
		var c float64
		if t, ok := num("kv_cache_size_tokens"); ok {
			c = t
		} else if b, ok := num("num_gpu_blocks"); ok {
			sz, ok := num("block_size")
			if !ok {
				continue
			}
			c = b * sz
		} else {
			continue
		}
		// One info series per engine; ranks repeat it.
		k := engineKey(m)
		if seen[k] {
			continue
		}
		seen[k] = true
		total += c
		any = true
	}
	return total, any
}

// Merge adds the snapshot of another endpoint (another pod) to s: counts
// add, KV usage averages over all engines.
func (s Snapshot) Merge(o Snapshot) Snapshot {
	add := func(a, b *float64) *float64 {
		switch {
		case a == nil:
			return b
		case b == nil:
			return a
		}
		return ptr(*a + *b)
	}
	out := s
	if out.Engine == "" {
		out.Engine = o.Engine
	}
	out.Running = add(s.Running, o.Running)
	out.Waiting = add(s.Waiting, o.Waiting)
	out.Preemptions = add(s.Preemptions, o.Preemptions)
	out.MaxRunning = add(s.MaxRunning, o.MaxRunning)
	out.KVCapacityTokens = add(s.KVCapacityTokens, o.KVCapacityTokens)
	out.FrontendInflight = add(s.FrontendInflight, o.FrontendInflight)
	out.FrontendQueued = add(s.FrontendQueued, o.FrontendQueued)
	// Exporters on different nodes describe different GPUs.
	out.GPUs = append(append([]GPUSample(nil), s.GPUs...), o.GPUs...)
	switch {
	case s.KVUsage == nil:
		out.KVUsage, out.kvN = o.KVUsage, o.kvN
	case o.KVUsage != nil:
		n := s.kvN + o.kvN
		out.KVUsage = ptr((*s.KVUsage*float64(s.kvN) + *o.KVUsage*float64(o.kvN)) / float64(n))
		out.kvN = n
	}
	return out
}

func ptr(v float64) *float64 { return &v }
