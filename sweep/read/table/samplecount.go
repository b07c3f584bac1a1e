package table

// A latency header that names a count ("latency_count", "ttfb_count",
// "E2E samples") is the number of requests its statistics were taken
// over, beside their mean and percentiles: a count, not a time. Read as
// the mean latency (a latency header naming no statistic is taken as the
// mean), its cells would put the request count where a time in ms
// belongs, below the column's own min.

// whySampleCount is the unread note for such a column.
const whySampleCount = "a count of the latencies measured, not a time"

// sampleCountWords: the words name a count of samples.
func sampleCountWords(w wordset) bool {
	// "total_itl_available_requests": the requests an ITL was measured
	// over, counted.
	return w.has("count", "cnt", "samples", "nsamples") || w.has("total", "available", "expected", "num") && w.has("requests", "reqs")
}
