package store

import (
	"fmt"
	"math"

	"github.com/kneetool/knee/sweep"
)

// AddRates appends open-loop rungs (req/s) to a rate plan and rewrites
// plan.json before any of them runs, as AddLevels does for a concurrency
// search: knee sweep --rate --search decides its rates as it goes, and
// --resume finds every rate it ran or was about to run.
func (s *Store) AddRates(rates ...float64) ([]sweep.Level, error) {
	if len(rates) == 0 {
		return nil, nil
	}
	if !s.plan.IsRate() {
		return nil, fmt.Errorf("the plan is a concurrency ladder, not a rate sweep")
	}
	for _, r := range rates {
		if math.IsNaN(r) || r <= 0 || r > sweep.MaxRate {
			return nil, fmt.Errorf("level %g req/s is not a positive request rate", r)
		}
	}
	if len(s.plan.Rates)+len(rates) > sweep.MaxPlanLevels {
		return nil, fmt.Errorf("the plan would hold more than %d levels", sweep.MaxPlanLevels)
	}
	next := s.plan
	next.Rates = append(append([]float64(nil), s.plan.Rates...), rates...)
	return s.grow(next, len(rates))
}

// levelLoad names a level's load in notes: its rate or its per-GPU level.
func levelLoad(l sweep.Level) string {
	if l.Rate > 0 {
		return fmt.Sprintf("%g req/s", l.Rate)
	}
	return fmt.Sprintf("%d/GPU", l.PerGPU)
}
