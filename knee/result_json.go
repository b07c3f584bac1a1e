package knee

import "encoding/json"

// MarshalJSON writes unknown values as null, as every knee JSON output
// does: a level whose source gave no TTFT p50 has "ttft_p50_ms": null, not
// 0 (a reader cannot tell a 0 ms TTFT from a missing one), and a sweep
// whose GPU count is unknown has no per-GPU throughput. In Go the fields
// stay plain numbers (0 = unknown) so the analysis reads them directly.
func (p PointResult) MarshalJSON() ([]byte, error) {
	type plain PointResult // no methods: no recursion
	// The shallower fields win over plain's of the same name and keep the
	// contract's key order (the first six fields of PointResult).
	out := struct {
		PerGPU           float64  `json:"per_gpu"`
		Concurrency      float64  `json:"concurrency"`
		ThroughputTokS   float64  `json:"throughput_tok_s"`
		ThroughputPerGPU *float64 `json:"throughput_per_gpu"`
		TTFTP50Ms        *float64 `json:"ttft_p50_ms"`
		TTFTP99Ms        *float64 `json:"ttft_p99_ms"`
		plain
	}{p.PerGPU, p.Concurrency, p.ThroughputTokS, known(p.ThroughputPerGPU), known(p.TTFTP50Ms), known(p.TTFTP99Ms), plain(p)}
	return json.Marshal(out)
}

// known is v, or nil when v is 0 (unknown) or not finite.
func known(v float64) *float64 {
	if v == 0 || !finite(v) {
		return nil
	}
	return &v
}
