package search

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// searchToEnd runs the search on a simulated server until it is done and
// returns its last decision and the sweep it measured.
func searchToEnd(s *queueServer, set Settings, opts knee.Options) (Decision, *sweep.Sweep) {
	var pts []sweep.Point
	var tried []int
	for {
		d := Next(s.sweepOf(pts), tried, set, opts)
		if d.Done() {
			return d, s.sweepOf(pts)
		}
		for _, l := range d.Levels {
			tried = append(tried, l)
			pts = append(pts, s.measure(l))
		}
		sort.SliceStable(pts, func(i, j int) bool { return *pts[i].PerGPU < *pts[j].PerGPU })
	}
}

// The search's last line and knee find on the same folder say one thing
// (issue 31 item 3): a search that ends because the operating point is the
// engine's cap, measured, or because the bracket is within --precision,
// leaves find nothing to narrow. They disagreed: "done: the knee is the
// engine's cap, 160/GPU, measured" beside find's "next: add 184 and
// 208/GPU". Both now ask knee.QueueOnset.IsMeasuredCap. Over the first 20
// servers of the queue benchmark (simulated), and the engine capped at 48.
func TestSearchEndAndFindNextAgree(t *testing.T) {
	servers := append(queueFamily(20, 5), &queueServer{shape: qSeqCap, lambda: 40, sigma: (1/0.8 - 1) / 48, cap: 48, thrash: 1e18, metrics: true,
		gpus: 8, out: 256, warmupS: 30, prefillMs: 100, trueKnee: 48})
	opts := knee.DefaultOptions()
	capEnds := 0
	for i, s := range servers {
		d, sw := searchToEnd(s.clone(uint64(7000+i)), DefaultSettings(), opts)
		atCap := strings.HasPrefix(d.Reason, "the knee is the engine's cap")
		if !atCap && !(d.Within && strings.Contains(d.Reason, "within ±")) {
			continue // the search stopped for its budget or a range: find may still name levels
		}
		if atCap {
			capEnds++
		}
		r, err := knee.Find(sw, opts)
		require.NoError(t, err)
		for _, h := range r.Hints {
			require.NotContains(t, h, "to narrow the knee", "server %d: the search ended %q, find says next: %s", i, d.Reason, h)
			require.NotContains(t, h, "where requests start to wait", "server %d: the search ended %q, find says next: %s", i, d.Reason, h)
		}
	}
	require.Positive(t, capEnds, "some searches end at the engine's cap")
}
