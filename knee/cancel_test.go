package knee_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
)

// FindContext stops when its context is done and returns its error: at
// once when it is done before, and soon when it is cancelled mid-analysis
// of 100,000 levels (the latency is logged, not asserted: shared machine).
func TestFindContextStopsWhenCancelled(t *testing.T) {
	m := simModels()[1]
	n := 100_000
	lo, hi := m.knee/6, m.knee*5
	ns := make([]float64, n)
	for i := range ns {
		ns[i] = lo * math.Pow(hi/lo, float64(i)/float64(n-1))
	}
	s := simSweepAt(m, ns, 1, 0.05, 1)

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := knee.FindContext(ctx, s, knee.DefaultOptions())
	require.ErrorIs(t, err, context.Canceled)

	for _, after := range []time.Duration{50 * time.Millisecond, 300 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		timer := time.AfterFunc(after, cancel)
		start := time.Now()
		r, err := knee.FindContext(ctx, s, knee.DefaultOptions())
		took := time.Since(start)
		timer.Stop()
		cancel()
		if err == nil {
			t.Logf("finished in %v before the cancel at %v", took, after)
			require.NotNil(t, r)
			continue
		}
		require.ErrorIs(t, err, context.Canceled)
		t.Logf("cancelled at %v, returned after %v (%v after the cancel)", after, took, took-after)
	}
}
