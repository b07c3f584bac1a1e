package store

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/kneetool/knee/sweep"
)

// AddLevels appends rungs to the folder's plan and rewrites plan.json: an
// adaptive sweep (--search, --repeats, --until-ci) decides its ladder as it
// goes, so the plan records every level it ran or is about to run, in the
// order they were decided. A per-GPU value may appear more than once: each
// occurrence is one repeat, stored in its own level folder (NNN-PERGPU),
// and Sweep numbers the repeats. plan.json is written before any of the
// new levels runs, so --resume finds them even when the process dies.
func (s *Store) AddLevels(perGPU ...int) ([]sweep.Level, error) {
	if len(perGPU) == 0 {
		return nil, nil
	}
	for _, pg := range perGPU {
		if pg <= 0 || pg > sweep.MaxConcurrency {
			return nil, fmt.Errorf("level %d/GPU is not a positive concurrency", pg)
		}
	}
	if len(s.plan.PerGPU)+len(perGPU) > sweep.MaxPlanLevels {
		return nil, fmt.Errorf("the plan would hold more than %d levels", sweep.MaxPlanLevels)
	}
	next := s.plan
	next.PerGPU = append(append([]int(nil), s.plan.PerGPU...), perGPU...)
	return s.grow(next, len(perGPU))
}

// grow writes the plan with n more levels to plan.json before any of them
// runs, makes it the folder's plan, and returns the n new levels.
func (s *Store) grow(next sweep.Plan, n int) ([]sweep.Level, error) {
	b, err := json.MarshalIndent(next, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := writeAtomic(filepath.Join(s.dir, PlanFile), append(b, '\n')); err != nil {
		return nil, err
	}
	s.plan = next
	all := next.Levels()
	return all[len(all)-n:], nil
}

// Record is the successful record of level index i, or nil.
func (s *Store) Record(i int) *LevelRecord { return s.done[i] }
