package main

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep/metrics"
)

// engineDraining serves vLLM's running and waiting gauges on a real
// 127.0.0.1 server, the running count falling by one each scrape from
// start, as an engine working off a probe's abandoned requests does (the
// H200 test bed's cbserve kept generating them for over 20 s).
func engineDraining(t *testing.T, start int64) *httptest.Server {
	var left atomic.Int64
	left.Store(start)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		n := max(left.Add(-1), 0)
		fmt.Fprintf(w, "# TYPE vllm:num_requests_running gauge\nvllm:num_requests_running{model_name=\"m\"} %d\n", n)
		fmt.Fprintf(w, "# TYPE vllm:num_requests_waiting gauge\nvllm:num_requests_waiting{model_name=\"m\"} 0\n")
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestProbeDrainWaitsForTheEngineToFinish(t *testing.T) {
	srv := engineDraining(t, 4)
	waited, left := drain(context.Background(), metrics.NewHTTPSource(srv.URL+"/metrics"))
	require.Zero(t, left, "the engine drained: nothing left")
	// Three scrapes saw 3, 2, 1 running, each followed by a 500 ms wait.
	require.GreaterOrEqual(t, waited, 1500*time.Millisecond)
}

func TestProbeDrainGivesUpAndSaysHowManyAreLeft(t *testing.T) {
	srv := engineDraining(t, 1_000_000)
	ctx, cancel := context.WithTimeout(context.Background(), 1200*time.Millisecond)
	defer cancel()
	_, left := drain(ctx, metrics.NewHTTPSource(srv.URL+"/metrics"))
	require.Greater(t, left, 999_990.0, "what the engine still ran when knee stopped waiting")
}

// The probe's ramp: from twice the climb's second rung (4 × --search-start)
// doubling to the top, which always ends it; a top below the first step is
// the only step.
func TestProbeStepsRampFromTwiceTheFirstClimb(t *testing.T) {
	require.Equal(t, []int{64, 128, 256, 512}, probeSteps(16, 512))
	require.Equal(t, []int{32, 64, 100}, probeSteps(8, 100))
	require.Equal(t, []int{48}, probeSteps(16, 48))
	require.Equal(t, []int{4, 8}, probeSteps(1, 8))
}
