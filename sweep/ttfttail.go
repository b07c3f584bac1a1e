package sweep

import "math"

// A level's TTFT tail (issue 30 item 1). Of fewer than MinSamplesP99
// requests the p99 is the slowest one or two: a level that stopped by
// precision with so few reports its p90 as its tail instead, and says so,
// and everything that reads a tail — find's table, diff's rows, baseline's
// TTFT ceiling — reads p90 there and labels it TailP90Label.
const (
	TailP99 = "p99"
	TailP90 = "p90"
	// TailP90Label is how a p90 that stands for the tail is written.
	TailP90Label = "p90 (n<100)"
)

// TTFTTailOf is which percentile a level's TTFT tail is, from the number
// of successful requests measured after the warm-up: p90 below
// MinSamplesP99, else p99.
func TTFTTailOf(measured int) string {
	if measured < MinSamplesP99 {
		return TailP90
	}
	return TailP99
}

// TTFTTailMs is the point's TTFT tail and which percentile it is: p99, or
// p90 where the point says its tail is p90 (ok false when that percentile
// is unknown).
func (p Point) TTFTTailMs() (v float64, tail string, ok bool) {
	tail, d := TailP99, p.TTFT.P99
	if p.TTFTTail == TailP90 {
		tail, d = TailP90, p.TTFT.P90
	}
	if d == nil || math.IsNaN(*d) || math.IsInf(*d, 0) {
		return 0, tail, false
	}
	return *d, tail, true
}

// TailLabel is how a tail percentile is written beside its value: "p99",
// or TailP90Label.
func TailLabel(tail string) string {
	if tail == TailP90 {
		return TailP90Label
	}
	return TailP99
}
