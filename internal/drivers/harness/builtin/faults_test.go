package builtin_test

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// faulty is a quick model (1 ms steps, 8 tokens) with the given faults.
func faulty(faults ...simserver.Fault) simserver.Config {
	return simserver.Config{BatchPerGPU: 64, StepBase: time.Millisecond, Seed: 11, Faults: faults}
}

// runFaulty runs 40 requests, 4 in flight, no warm-up (so the server's
// arrival numbers 1…40 are exactly the measured requests and a fault's
// selection gives exact counts), with the given per-request timeout.
func runFaulty(t *testing.T, url string, timeout time.Duration) (sweep.Point, time.Duration) {
	t.Helper()
	ex := builtin.New(builtin.Options{Timeout: timeout})
	t0 := time.Now()
	res, err := ex.RunLevel(context.Background(), plan(url, "completion", 1, 8, 8), level(4, 1, 40, 0))
	require.NoError(t, err)
	return res.Points[0], time.Since(t0)
}

func TestFaultsAreCountedByLabelAndNeverHang(t *testing.T) {
	for _, c := range []struct {
		name   string
		fault  simserver.Fault
		label  string
		failed int
	}{
		{"429 bursts", simserver.Fault{Kind: simserver.FaultStatus, Status: 429, Every: 10, Burst: 3}, "http_429", 12},
		{"503 every 4th", simserver.Fault{Kind: simserver.FaultStatus, Status: 503, Every: 4}, "http_503", 10},
		{"stall mid-stream", simserver.Fault{Kind: simserver.FaultStall, Every: 5, AfterTokens: 3}, "timeout", 8},
		{"connection dropped mid-stream", simserver.Fault{Kind: simserver.FaultAbort, Every: 8, AfterTokens: 2}, "broken_stream", 5},
		{"stream ends without [DONE]", simserver.Fault{Kind: simserver.FaultEndEarly, Every: 10, AfterTokens: 4}, "broken_stream", 4},
		{"JSON instead of SSE", simserver.Fault{Kind: simserver.FaultNonSSE, Every: 20}, "not_sse", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			srv, url := serve(t, faulty(c.fault))
			// Only a stalled stream should ever meet the timeout; the others
			// get a generous one so a slow host cannot add timeouts.
			timeout := 10 * time.Second
			if c.fault.Kind == simserver.FaultStall {
				timeout = 400 * time.Millisecond
			}
			p, took := runFaulty(t, url, timeout)
			require.Equal(t, c.failed, *p.Failures)
			require.Equal(t, map[string]int{c.label: c.failed}, p.FailureLabels)
			require.Equal(t, 40-c.failed, *p.Requests)
			require.Equal(t, int64(c.failed), srv.Stats().Faulted[c.fault.Kind])
			require.Equal(t, 8.0, *p.OutputTokensMean, "failed streams do not count toward output")
			// 40 requests on 4 workers take ~10 × 8 ms; a stalled one costs
			// its 400 ms timeout. Anything near a second more is a hang.
			require.Less(t, took, 5*time.Second)
		})
	}
}

func TestRandomFaultRateMatchesServerCount(t *testing.T) {
	srv, url := serve(t, faulty(simserver.Fault{Kind: simserver.FaultStatus, Status: 503, Rate: 0.3}))
	p, _ := runFaulty(t, url, 10*time.Second)
	n := int(srv.Stats().Faulted[simserver.FaultStatus])
	require.Greater(t, n, 0)
	require.Equal(t, n, p.FailureLabels["http_503"])
	require.Equal(t, 40-n, *p.Requests)
}

// A level where every request fails is a result, not an error: the engine
// decides whether to go on.
func TestEveryRequestFailingGivesAPointWithZeroRequests(t *testing.T) {
	for name, url := range map[string]func(string) string{
		"all 503":    func(u string) string { return u },
		"wrong path": func(u string) string { return u + "/not-here" },
	} {
		t.Run(name, func(t *testing.T) {
			_, base := serve(t, faulty(simserver.Fault{Kind: simserver.FaultStatus, Status: 503, Every: 1}))
			p, _ := runFaulty(t, url(base), 10*time.Second)
			require.Equal(t, 0, *p.Requests)
			require.Equal(t, 40, *p.Failures)
			require.Len(t, p.FailureLabels, 1)
			if name == "wrong path" {
				require.Equal(t, 40, p.FailureLabels["http_404"])
			} else {
				require.Equal(t, 40, p.FailureLabels["http_503"])
			}
			require.Equal(t, 0.0, p.ThroughputTokS)
			require.True(t, p.TTFT.Empty(), "no latency is known, none is invented")
			require.Nil(t, p.OutputTokensMean)
		})
	}
}

func TestUnreachableEndpointIsAnError(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	url := "http://" + ln.Addr().String()
	require.NoError(t, ln.Close()) // nothing listens there now

	t0 := time.Now()
	res, err := builtin.New(builtin.Options{}).RunLevel(context.Background(), plan(url, "chat", 1, 8, 8), level(16, 1, 1000, 16))
	require.ErrorIs(t, err, builtin.ErrUnreachable)
	require.Contains(t, err.Error(), "connection_refused")
	require.Nil(t, res)
	require.Less(t, time.Since(t0), 3*time.Second, "it gives up after one round of refused connects")
}

func TestCancellationStopsWithinASecond(t *testing.T) {
	// 100 ms steps × 100 tokens: a request would take 10 s.
	_, url := serve(t, simserver.Config{BatchPerGPU: 8, StepBase: 100 * time.Millisecond})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	t0 := time.Now()
	res, err := builtin.New(builtin.Options{}).RunLevel(ctx, plan(url, "completion", 1, 8, 100), level(8, 1, 64, 8))
	require.True(t, errors.Is(err, context.Canceled), "%v", err)
	require.Nil(t, res)
	require.Less(t, time.Since(t0), 1300*time.Millisecond)
}

func TestBadPlanIsInputError(t *testing.T) {
	ex := builtin.New(builtin.Options{})
	var ie *inputerr.Error
	_, err := ex.RunLevel(context.Background(), plan("not a url", "chat", 1, 8, 8), level(1, 1, 1, 0))
	require.ErrorAs(t, err, &ie)
	_, err = ex.RunLevel(context.Background(), plan("http://127.0.0.1:1", "embeddings", 1, 8, 8), level(1, 1, 1, 0))
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "--api", ie.Field)
	_, err = ex.RunLevel(context.Background(), plan("http://127.0.0.1:1", "chat", 1, 0, 8), level(1, 1, 1, 0))
	require.ErrorAs(t, err, &ie)
	_, err = ex.RunLevel(context.Background(), plan("http://127.0.0.1:1", "chat", 1, 8, 8), level(0, 1, 1, 0))
	require.ErrorAs(t, err, &ie)
}

// A server that accepts connections and never answers is reachable: its
// requests time out, and the level is a point of timeouts, not an error.
func TestSilentServerTimesOutWithoutHanging(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	held := make(chan net.Conn, 64)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				close(held)
				return
			}
			held <- c // kept open, never read or answered
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		for c := range held {
			c.Close()
		}
	})
	t0 := time.Now()
	ex := builtin.New(builtin.Options{Timeout: 300 * time.Millisecond})
	res, err := ex.RunLevel(context.Background(), plan("http://"+ln.Addr().String(), "chat", 1, 8, 8), level(4, 1, 8, 0))
	require.NoError(t, err)
	p := res.Points[0]
	require.Equal(t, 0, *p.Requests)
	require.Equal(t, map[string]int{"timeout": 8}, p.FailureLabels)
	require.Less(t, time.Since(t0), 3*time.Second, "two rounds of 300 ms timeouts")
}
