package metrics

import "math"

// CapFromProbe reads the engine's cap from the samples of a short probe
// that held inFlight requests open (issue 30): the engine runs at most its
// cap, so when the running count stays pinned at one value well below
// inFlight while others wait, that value is the cap. ok is false when the
// samples show no cap — every request running, none waiting, too few
// samples — and the search then climbs as it always has.
//
// Pinned: the highest running count is seen in at least two samples that
// also show requests waiting, and it is below 90% of inFlight (a cap at
// the probe's own load is no cap the probe can see).
func CapFromProbe(samples []Snapshot, inFlight int) (running float64, ok bool) {
	top := 0.0
	for _, s := range samples {
		if s.Running != nil && *s.Running > top {
			top = *s.Running
		}
	}
	if top <= 0 || top >= 0.9*float64(inFlight) {
		return 0, false
	}
	pinned := 0
	for _, s := range samples {
		if s.Running != nil && s.Waiting != nil && *s.Waiting > 0 && math.Abs(*s.Running-top) < 0.5 {
			pinned++
		}
	}
	return top, pinned >= 2
}
