package read

import (
	"github.com/kneetool/knee/sweep"
)

// workloadMerge keeps the first recorded workload of the inputs and refuses
// an input that recorded another: the points of two workloads are not one
// curve. An input with no recorded workload (a default built-in sweep, any
// other harness's export) merges as it always did.
type workloadMerge struct {
	w   *sweep.Workload
	src string
}

func (m *workloadMerge) add(s *sweep.Sweep, src string) error {
	if s.Workload == nil {
		return nil
	}
	if m.w == nil {
		m.w, m.src = s.Workload, src
		return nil
	}
	if field, was, now := sweep.DiffWorkload(m.w, s.Workload); field != "" {
		return sweep.Inputf(src, field, 0, "%s was swept with another workload than %s: %s there, %s here; merge only sweeps of one workload",
			src, m.src, was, now)
	}
	return nil
}
