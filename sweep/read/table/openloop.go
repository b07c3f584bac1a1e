package table

import (
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// OpenLoop fills a point measured at an offered request rate: the offered
// rate is kept as requested_rate, and the concurrency is what Little's law
// gives (achieved request rate × mean time in flight), marked derived, as
// the inference-perf reader does for rate stages.
func OpenLoop(file, field string, p *sweep.Point, requested *float64, achievedRate, meanE2EMs *float64) error {
	if achievedRate == nil || meanE2EMs == nil {
		return inputerr.Errorf(file, field, 0, "an open-loop (request rate) result needs the achieved request rate and the mean end-to-end latency to derive its concurrency by Little's law; one is missing")
	}
	p.RequestedRate = requested
	p.Concurrency = *achievedRate * *meanE2EMs / 1000
	p.Derived = true
	p.AchievedConcurrency = sweep.F(p.Concurrency)
	if !(p.Concurrency > 0) {
		return inputerr.Errorf(file, field, 0, "Little's law gives concurrency %v (request rate %v × mean latency %v ms): nothing was in flight", p.Concurrency, *achievedRate, *meanE2EMs)
	}
	return nil
}
