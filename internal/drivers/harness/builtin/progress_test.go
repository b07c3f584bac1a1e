package builtin

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The H200 test bed's 8/GPU level (fixtures/testbed/h200-cbserve-0.6b/
// sweep.stderr.log): 8 requests of 32 tokens end together about once a
// second, progress ticks every half second. A rate over the last tick read
// 256, 0, 256, 0 tok/s; the rate so far must settle instead, never drop to
// 0 once tokens arrived, and say nothing before the first request ended.
func TestLiveRateIsCumulativeNotPerTick(t *testing.T) {
	var got []string
	tokens := int64(0)
	for tick := 1; tick <= 20; tick++ {
		elapsed := time.Duration(tick) * 500 * time.Millisecond
		// The first batch ends at 2.5 s (queueing at start), then one a second.
		if tick >= 5 && tick%2 == 1 {
			tokens += 8 * 32
		}
		got = append(got, liveRate(tokens, elapsed))
	}
	require.Equal(t, "- tok/s so far", got[0], "nothing ended yet: no rate, not 0")
	require.Equal(t, "- tok/s so far", got[3])
	require.Equal(t, "102 tok/s so far", got[4], "256 tokens in 2.5 s")
	for i, s := range got[4:] {
		require.NotEqual(t, "0 tok/s so far", s, "tick %d", i+5)
	}
	// 8 batches of 256 tokens by 10 s: 2048/10 = 205, the level's pace
	// (256 tok/s) less the start-up, and no longer alternating.
	require.Equal(t, "205 tok/s so far", got[19])
	require.Equal(t, "216 tok/s so far", got[18], "2048 tokens in 9.5 s")
}
