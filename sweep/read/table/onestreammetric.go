package table

import (
	"fmt"
	"slices"
)

// A wide table may name its token rate one way at one request in flight
// and another at the others: "c1 decode tok/s | c2 agg tok/s | c4 agg
// tok/s". With one stream, that stream's rate is the node's rate, so the
// two are one metric over the levels: the level-1 column is read as the
// aggregate's. Only where the two rates name no level in common, the first
// is named at level 1 alone, and both are token rates.

// oneStreamMetric merges such a pair in w; the note says so, "" when w has
// none.
func oneStreamMetric(w *wideScan) string {
	if len(w.metrics) != 2 {
		return ""
	}
	at := map[string][]string{}
	for _, lm := range w.byCol {
		at[lm.metric] = append(at[lm.metric], lm.level)
	}
	for k, one := range w.metrics {
		node := w.metrics[1-k]
		if !slices.Equal(at[one], []string{"1"}) || slices.Contains(at[node], "1") || !tokenRateHeader(one) || !tokenRateHeader(node) {
			continue
		}
		for i, lm := range w.byCol {
			if lm.metric == one {
				lm.metric = node
				w.byCol[i] = lm
			}
		}
		w.metrics = []string{node}
		return fmt.Sprintf("%q at one request in flight is one stream's rate, which is the node's there: read as %q at level 1", one, node)
	}
	return ""
}

// tokenRateHeader: h names a token rate (the node's, a stream's or another
// phase's).
func tokenRateHeader(h string) bool {
	switch classify(h).kind {
	case colThroughput, colThroughputPerGPU, colPerUser:
		return true
	}
	return false
}
