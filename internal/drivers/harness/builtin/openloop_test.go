package builtin_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep"
)

// rateCfg is a simulated server (simulated data, not hardware) of known
// capacity: one engine of 4 sequences, 10 ms per step, so a request of 10
// output tokens takes about 100 ms and the server completes at most about
// 40 req/s; more queue (waiting) and their TTFT grows with the queue.
func rateCfg() simserver.Config {
	return simserver.Config{GPUs: 1, BatchPerGPU: 4, StepBase: 10 * time.Millisecond, PrefillPerToken: 10 * time.Microsecond, Seed: 5}
}

func ratePlan(url string, rate float64, arrivals string, maxInFlight int) sweep.Plan {
	p := plan(url, "completion", 1, 16, 10)
	p.Rates, p.Arrivals, p.MaxInFlight = []float64{rate}, arrivals, maxInFlight
	return p
}

func rateLevel(rate float64, n int) sweep.Level { return sweep.Level{Rate: rate, Requests: n} }

// Below capacity an open loop's achieved rate follows the offered one;
// above it the server's completions saturate near its capacity, requests
// queue in it (TTFT grows by orders of magnitude), and the point says so
// the way knee's readers record an imported rate stage. Margins are wide:
// the ratios, not the timings, are the claim.
func TestOpenLoopFollowsThenSaturates(t *testing.T) {
	if raceEnabled {
		t.Skip("compares rates with the model: meaningless under the race detector")
	}
	srv, url := serve(t, rateCfg())
	ex := builtinExec()

	res, err := ex.RunLevel(context.Background(), ratePlan(url, 10, "constant", 0), rateLevel(10, 40))
	require.NoError(t, err)
	low := res.Points[0]
	sum := summary(t, res)
	require.Equal(t, int64(40), srv.Stats().Completed)
	require.Equal(t, 40, *low.Requests)
	require.Equal(t, 10.0, *low.RequestedRate)
	require.True(t, low.Derived)
	require.NotNil(t, sum.OpenLoop)
	require.Equal(t, 40, sum.OpenLoop.Sent)
	require.Equal(t, 0, sum.OpenLoop.HeldAtBound)
	require.Equal(t, sweep.DefaultMaxInFlight, sum.OpenLoop.MaxInFlight)
	require.InDelta(t, 3.9, sum.OpenLoop.ScheduleS, 1e-9, "40 requests 100 ms apart: the last is due at 3.9 s")
	// 40 requests over 3.9 s plus one ~100 ms request: 10 req/s less the drain.
	require.Greater(t, *low.RequestRate, 8.0)
	require.Less(t, *low.RequestRate, 10.5)
	require.InDelta(t, *low.RequestRate**low.E2E.Mean/1000, low.Concurrency, 1e-9, "Little's law")
	require.False(t, low.ClientBound)

	res, err = ex.RunLevel(context.Background(), ratePlan(url, 200, "poisson", 0), rateLevel(200, 200))
	require.NoError(t, err)
	high := res.Points[0]
	hs := summary(t, res)
	require.Equal(t, 200, *high.Requests)
	require.Less(t, *high.RequestRate, 0.4*200, "offered 200 req/s to a ~40 req/s server: achieved stops following")
	require.Less(t, *high.RequestRate, 48.0, "no more than the server's capacity (+20%)")
	require.Greater(t, *high.TTFT.P50, 10**low.TTFT.P50, "requests queued in the server")
	require.Greater(t, hs.OpenLoop.InFlightMax, 20, "in flight grew past the server's 4 slots")
	require.Less(t, *high.RequestRate / *high.RequestedRate, *low.RequestRate / *low.RequestedRate / 2)
}

// A level that reaches --max-in-flight records how many requests waited
// and is marked client-bound: the offered rate no longer set the load.
func TestOpenLoopMaxInFlightRecorded(t *testing.T) {
	srv, url := serve(t, rateCfg())
	res, err := builtinExec().RunLevel(context.Background(), ratePlan(url, 500, "constant", 3), rateLevel(500, 30))
	require.NoError(t, err)
	sum := summary(t, res)
	p := res.Points[0]
	require.Equal(t, int64(30), srv.Stats().Completed)
	require.Equal(t, 3, sum.OpenLoop.MaxInFlight)
	require.LessOrEqual(t, sum.OpenLoop.InFlightMax, 3, "never more than the bound outstanding")
	require.Greater(t, sum.OpenLoop.HeldAtBound, 0)
	require.True(t, p.ClientBound)
	require.True(t, sum.ClientBound)
	require.Contains(t, p.Note, "--max-in-flight 3")
	require.Contains(t, sum.ClientBoundWhy[len(sum.ClientBoundWhy)-1], "not open-loop")
}

func builtinExec() *builtin.Executor {
	return builtin.New(builtin.Options{Timeout: 60 * time.Second, Seed: 1})
}

// A rate level against a port nothing listens on ends as unreachable after
// a few refused connects, not after half its schedule.
func TestOpenLoopUnreachable(t *testing.T) {
	res, err := builtinExec().RunLevel(context.Background(), ratePlan("http://127.0.0.1:1", 50, "constant", 0), rateLevel(50, 1000))
	require.ErrorIs(t, err, builtin.ErrUnreachable)
	require.Nil(t, res)
	require.Regexp(t, `no request could connect \(\d+ failed: connection_refused×\d+\)`, err.Error())
}
