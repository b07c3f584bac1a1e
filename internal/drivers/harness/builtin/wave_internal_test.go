package builtin

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The wave a level's windows are judged on leaves out the queue wait its
// requests' TTFT holds beyond the level's least TTFT (prefill alone): the
// slow simulator's 256/GPU, past its cap of 160, served requests of 11.5 s
// that waited 4 s, and its rhythm is the batch's 7.5 s in the engine.
// Below the cap nothing waits and the wave is the whole request; before a
// measured request ends the warm-up's requests give it.
func TestWaveLeavesOutTheQueueWait(t *testing.T) {
	queued := &levelRun{}
	for _, ttft := range []time.Duration{40 * time.Millisecond, 4 * time.Second, 7960 * time.Millisecond} {
		queued.noteTTFT(ttft)
		queued.e2eSum.Add(int64(11500 * time.Millisecond))
		queued.ttftSum.Add(int64(ttft))
		queued.e2eN.Add(1)
	}
	assert.Equal(t, 11500*time.Millisecond, queued.meanE2E())
	assert.Equal(t, 7540*time.Millisecond, queued.meanWave(), "11.5 s less (4 s mean TTFT − 40 ms least)")

	free := &levelRun{}
	for _, ttft := range []time.Duration{30 * time.Millisecond, 50 * time.Millisecond} {
		free.noteTTFT(ttft)
		free.warmE2ESum.Add(int64(5 * time.Second))
		free.warmTTFTSum.Add(int64(ttft))
		free.warmE2EN.Add(1)
	}
	assert.Equal(t, 4990*time.Millisecond, free.meanWave(), "the warm-up's requests, 10 ms of spread in TTFT left out")
	assert.Zero(t, (&levelRun{}).meanWave(), "nothing ended: no wave")
}
