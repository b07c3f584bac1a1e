package aiperf

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// Parse reads one level's result from AIPerf output — the export
// (profile_export_aiperf.json) or a log carrying it between Sentinel lines —
// through sweep/read's AIPerf reader, and checks it measured the level's
// concurrency.
func Parse(data []byte, source string, plan sweep.Plan, lvl sweep.Level) (sweep.Point, error) {
	s, err := read.Data(source, data, read.Options{Format: read.FormatAIPerf})
	if err != nil {
		return sweep.Point{}, err
	}
	if len(s.Points) != 1 {
		return sweep.Point{}, inputerr.Errorf(source, "", 0, "found %d AIPerf results, want 1", len(s.Points))
	}
	p := s.Points[0]
	if lvl.Rate > 0 {
		if err := ratePoint(data, source, plan, lvl, &p); err != nil {
			return sweep.Point{}, err
		}
	} else {
		if p.Concurrency != float64(lvl.Concurrency) {
			return sweep.Point{}, inputerr.Errorf(source, "input_config.loadgen.concurrency", 0,
				"is %g but %v runs %d in flight; the export is from another run", p.Concurrency, lvl, lvl.Concurrency)
		}
		p.PerGPU = sweep.F(float64(lvl.PerGPU))
	}
	if plan.GPUs > 0 {
		p.ThroughputPerGPU = sweep.F(p.ThroughputTokS / float64(plan.GPUs))
	}
	v := Harness
	if s.HarnessVersion != "" {
		v += " " + s.HarnessVersion
	}
	p.Source = fmt.Sprintf("%s (%s)", filepath.Base(source), v)
	return p, nil
}

// ratePoint makes a rate run's point as the built-in harness records an
// open-loop level: the offered rate (input_config.loadgen.request_rate,
// which must be the level's) as requested_rate, and the concurrency
// Little's law gives from the measured request rate and mean latency,
// marked derived. The export's loadgen.concurrency is then --max-in-flight,
// a bound, not the load.
func ratePoint(data []byte, source string, plan sweep.Plan, lvl sweep.Level, p *sweep.Point) error {
	var ex struct {
		InputConfig struct {
			Loadgen struct {
				RequestRate *float64 `json:"request_rate"`
			} `json:"loadgen"`
		} `json:"input_config"`
	}
	if blob := sentinelBlob(data); blob != nil {
		data = blob
	}
	_ = json.Unmarshal(data, &ex) // read.Data has already refused what is not an export
	r := ex.InputConfig.Loadgen.RequestRate
	if r == nil || math.Abs(*r-lvl.Rate) > 1e-9*lvl.Rate {
		got := "missing"
		if r != nil {
			got = fmt.Sprintf("%g req/s", *r)
		}
		return inputerr.Errorf(source, "input_config.loadgen.request_rate", 0, "is %s but %v offers %g req/s; the export is from another run", got, lvl, lvl.Rate)
	}
	p.RequestedRate = sweep.F(lvl.Rate)
	p.PerGPU, p.Concurrency, p.AchievedConcurrency, p.Derived = nil, 0, nil, false
	if p.RequestRate == nil || p.E2E.Mean == nil {
		return inputerr.Errorf(source, "request_throughput", 0, "missing, or request_latency.avg is: the concurrency of a rate run cannot be derived without both")
	}
	c := *p.RequestRate * *p.E2E.Mean / 1000
	p.Concurrency, p.Derived, p.AchievedConcurrency = c, true, sweep.F(c)
	if plan.GPUs > 0 {
		p.PerGPU = sweep.F(c / float64(plan.GPUs))
	}
	return nil
}

// sentinelBlob is the export between the first two Sentinel lines of a
// log, or nil when data is not such a log.
func sentinelBlob(data []byte) []byte {
	_, rest, ok := bytes.Cut(data, []byte(Sentinel))
	if !ok {
		return nil
	}
	blob, _, ok := bytes.Cut(rest, []byte(Sentinel))
	if !ok {
		return nil
	}
	return blob
}
