package read

import (
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
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
		return inputerr.Errorf(src, field, 0, "%s was swept with another workload than %s: %s there, %s here; merge only sweeps of one workload",
			src, m.src, was, now)
	}
	return nil
}

// tokenMerge refuses an input whose points sent another number of tokens
// per request than an earlier input of the same named workload (another
// --input-tokens, a shared prefix, another length distribution: issue 27
// item 3). Inputs that name different workloads stay for selectWorkload,
// which keeps one of them.
type tokenMerge struct{ first map[string]*sweep.Sweep }

func (m *tokenMerge) add(s *sweep.Sweep, src string) error {
	key := ""
	for _, p := range s.Points {
		if len(p.Workload) > 0 {
			key = workloadKey(p.Workload)
			break
		}
	}
	if m.first == nil {
		m.first = map[string]*sweep.Sweep{}
	}
	f, ok := m.first[key]
	if !ok {
		m.first[key] = s
		return nil
	}
	if field, was, now := sweep.DiffSweepWorkload(f, s); field != "" {
		return inputerr.Errorf(src, field, 0, "%s sent another workload than %s: %s there, %s here; merge only runs of one workload",
			src, strings.Join(f.Sources, ","), was, now)
	}
	return nil
}
