package baseline

import (
	"math"
	"sort"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// diffLevels says what a level is in one diff. A closed-loop sweep's level
// is its concurrency per GPU. An open-loop (rate) sweep's level is the
// rate it offered: the achieved concurrency is an outcome that differs
// run to run, so two runs of `--rate 20,40` would share no level if they
// were matched on it (issue 27 item 6).
type diffLevels struct {
	rate bool
	// index holds each analysed side's levels by key, built once: looking
	// a level up by scanning made a diff of n levels O(n²) (issue 27
	// item 11: 30,000 levels took 50 s).
	index map[*knee.Result]map[int64][]knee.PointResult
}

// levelsOf picks the key both sides share: the offered rate when every
// point of both sides has one, else the per-GPU level.
func levelsOf(sides ...*sweep.Sweep) diffLevels {
	for _, s := range sides {
		if len(s.Points) == 0 {
			return diffLevels{}
		}
		for _, p := range s.Points {
			if !offered(p.RequestedRate) {
				return diffLevels{}
			}
		}
	}
	return diffLevels{rate: true}
}

func offered(r *float64) bool { return r != nil && *r > 0 && !math.IsInf(*r, 0) }

func (k diffLevels) key(p sweep.Point) float64 {
	if k.rate {
		return *p.RequestedRate
	}
	return p.Level()
}

// byLevel groups a sweep's points (the repeats) by level.
func (k diffLevels) byLevel(s *sweep.Sweep) map[float64][]sweep.Point {
	out := map[float64][]sweep.Point{}
	for _, p := range s.Points {
		lv := k.key(p)
		out[lv] = append(out[lv], p)
	}
	return out
}

// at is a level row's "at" and the field that carries its level.
func (k diffLevels) at(lv float64) (at string, perGPU, rate *float64) {
	if k.rate {
		return level(lv) + " req/s", nil, sweep.F(lv)
	}
	return level(lv), sweep.F(lv), nil
}

// results are knee find's levels at lv (its repeats merged, or, for a
// rate sweep, every stage that offered lv).
func (k *diffLevels) results(r *knee.Result, lv float64) []knee.PointResult {
	if k.index == nil {
		k.index = map[*knee.Result]map[int64][]knee.PointResult{}
	}
	idx, ok := k.index[r]
	if !ok {
		idx = map[int64][]knee.PointResult{}
		for _, p := range r.Points {
			x := p.PerGPU
			if k.rate {
				if p.RequestedRate == nil {
					continue
				}
				x = *p.RequestedRate
			}
			idx[levelKey(x)] = append(idx[levelKey(x)], p)
		}
		k.index[r] = idx
	}
	return idx[levelKey(lv)]
}

// levelKey is a level as a map key: to a millionth, so that the same
// level computed two ways (a per-GPU level from a total) is one.
func levelKey(x float64) int64 { return int64(math.Round(x * 1e6)) }

// sortedLevels lists a grouping's levels in order.
func sortedLevels(m map[float64][]sweep.Point) []float64 {
	out := make([]float64, 0, len(m))
	for lv := range m {
		out = append(out, lv)
	}
	sort.Float64s(out)
	return out
}
