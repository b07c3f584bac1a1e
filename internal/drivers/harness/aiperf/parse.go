package aiperf

import (
	"fmt"
	"path/filepath"

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
		return sweep.Point{}, sweep.Inputf(source, "", 0, "found %d AIPerf results, want 1", len(s.Points))
	}
	p := s.Points[0]
	if p.Concurrency != float64(lvl.Concurrency) {
		return sweep.Point{}, sweep.Inputf(source, "input_config.loadgen.concurrency", 0,
			"is %g but %v runs %d in flight; the export is from another run", p.Concurrency, lvl, lvl.Concurrency)
	}
	p.PerGPU = sweep.F(float64(lvl.PerGPU))
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
