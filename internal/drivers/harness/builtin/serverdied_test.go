package builtin_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
)

// The server killed mid-level (its listener and every connection closed
// once 30 requests arrived): the level is an ErrServerDied error that still
// carries its result (raw output kept), it stops sending at once instead of
// hammering a dead port, and the message says how many succeeded first.
func TestServerKilledMidLevelIsServerDied(t *testing.T) {
	srv, url := serve(t, simserver.Config{BatchPerGPU: 64, StepBase: 2 * time.Millisecond, Seed: 3})
	go func() {
		for srv.Stats().Requests < 30 {
			time.Sleep(time.Millisecond)
		}
		_ = srv.Close()
	}()
	res, err := builtin.New(builtin.Options{Timeout: 10 * time.Second}).RunLevel(context.Background(), plan(url, "completion", 1, 8, 8), level(4, 1, 400, 0))
	require.ErrorIs(t, err, builtin.ErrServerDied)
	require.NotNil(t, res, "the result comes with the error, so its raw output is kept")
	require.Regexp(t, `^the server stopped answering during the level: \d+ requests succeeded, then the server refused connections: \d+ failed with connection errors \((broken_stream×\d+, )?connection_refused×\d+(, connection_reset×\d+)?\), \d+ not sent; the level is stored as failed and --resume runs it again$`, err.Error())
	p := res.Points[0]
	require.Less(t, *p.Requests+*p.Failures, 100, "it stopped sending once the server refused")
	require.Greater(t, *p.Failures, 0)
}

// Every request from the 10th on cut off mid-stream (the server drops the
// connection after 2 tokens): more than half the level's requests ended in
// connection errors, so the level is not a measurement of the load.
func TestMostRequestsCutMidStreamIsServerDied(t *testing.T) {
	_, url := serve(t, faulty(simserver.Fault{Kind: simserver.FaultAbort, Every: 1, From: 10, AfterTokens: 2}))
	res, err := builtin.New(builtin.Options{Timeout: 10 * time.Second}).RunLevel(context.Background(), plan(url, "completion", 1, 8, 8), level(4, 1, 40, 0))
	require.True(t, errors.Is(err, builtin.ErrServerDied), "%v", err)
	require.EqualError(t, err, "the server stopped answering during the level: 31 of 40 requests failed with connection errors (broken_stream×31); the level is stored as failed and --resume runs it again")
	require.Equal(t, 9, *res.Points[0].Requests)
	require.Equal(t, 31, *res.Points[0].Failures)
}
