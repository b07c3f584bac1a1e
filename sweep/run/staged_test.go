package run

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// stagedRates runs a rate plan's levels as the stages of one run (as
// inference-perf does); its numbers are simulated, the engine's ordering
// and storing are under test.
type stagedRates struct {
	calls [][]float64 // the rates of each RunStages call
	fail  error
}

func (s *stagedRates) RunLevel(context.Context, sweep.Plan, sweep.Level) (*sweep.LevelResult, error) {
	return nil, errors.New("a staged plan runs through RunStages")
}

func (s *stagedRates) Staged(p sweep.Plan) bool { return p.IsRate() }

func (s *stagedRates) RunStages(_ context.Context, _ sweep.Plan, levels []sweep.Level) ([]*sweep.LevelResult, error) {
	var rates []float64
	out := make([]*sweep.LevelResult, len(levels))
	raw := map[string][]byte{"stdout.log": []byte("one run\n")}
	for i, l := range levels {
		rates = append(rates, l.Rate)
		out[i] = &sweep.LevelResult{Raw: raw, Harness: "staged", Points: []sweep.Point{{Concurrency: l.Rate * 0.5, Derived: true,
			RequestedRate: sweep.F(l.Rate), Requests: sweep.I(l.Requests), Failures: sweep.I(0), ThroughputTokS: 100 * l.Rate, Simulated: true, Source: "staged"}}}
	}
	s.calls = append(s.calls, rates)
	return out, s.fail
}

func ratePlanForStages() sweep.Plan {
	return sweep.Plan{ID: "knee-staged", Rates: []float64{2, 4, 8}, Arrivals: sweep.ArrivalsPoisson, RateDurationS: 10, GPUs: 1,
		Model: "m", Endpoint: "http://127.0.0.1:1", API: "completion", InputTokens: 16, OutputTokens: 16, MinRequests: 1,
		Harness: "staged", Runner: "local"}
}

// A staged executor gets every pending level in one call, each level is
// stored from its stage, and --resume hands it only the levels missing.
func TestStagedExecutorRunsThePendingLevelsAsOneRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	st, err := store.Create(dir, ratePlanForStages())
	require.NoError(t, err)
	ex := &stagedRates{}
	out, err := Run(context.Background(), ex, st, Options{})
	require.NoError(t, err)
	require.Equal(t, [][]float64{{2, 4, 8}}, ex.calls)
	require.Equal(t, []int{0, 1, 2}, out.Measured)
	require.Len(t, out.Sweep.Points, 3)
	st.Close()

	// A failed run fails every stage; resume runs those, in one run again.
	require.NoError(t, removeLevel(dir, st.Plan().Levels()[1]))
	st, err = store.Open(dir, ratePlanForStages())
	require.NoError(t, err)
	defer st.Close()
	ex = &stagedRates{fail: errors.New("inference-perf failed: exit status 1")}
	out, err = Run(context.Background(), ex, st, Options{})
	var le *LevelError
	require.ErrorAs(t, err, &le)
	require.Equal(t, [][]float64{{4}}, ex.calls)
	require.Equal(t, []int{1}, out.Failed)
}

func removeLevel(dir string, l sweep.Level) error {
	return os.RemoveAll(filepath.Join(dir, store.LevelDir(l)))
}

// stagedBlock waits for Ctrl-C in the middle of its one run.
type stagedBlock struct {
	stagedRates
	cancel context.CancelFunc
}

func (s *stagedBlock) RunStages(ctx context.Context, _ sweep.Plan, levels []sweep.Level) ([]*sweep.LevelResult, error) {
	s.cancel()
	<-ctx.Done()
	raw := map[string][]byte{"stdout.log": []byte("cut short\n")}
	out := make([]*sweep.LevelResult, len(levels))
	for i := range out {
		out[i] = &sweep.LevelResult{Raw: raw, Harness: "staged"}
	}
	return out, ctx.Err()
}

// Ctrl-C during the one run abandons every stage of it: none is measured,
// each keeps the run's raw output, and --resume runs them all again.
func TestStagedRunInterruptedAbandonsEveryStage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	st, err := store.Create(dir, ratePlanForStages())
	require.NoError(t, err)
	defer st.Close()
	ctx, cancel := context.WithCancel(context.Background())
	out, err := Run(ctx, &stagedBlock{cancel: cancel}, st, Options{})
	require.ErrorIs(t, err, context.Canceled)
	require.Contains(t, err.Error(), "interrupted during level 0: 2 req/s")
	require.Equal(t, "interrupted", out.StoppedEarly)
	require.Empty(t, out.Measured)
	for _, l := range st.Plan().Levels() {
		require.False(t, st.Done(l.Index))
		raw, err := os.ReadFile(filepath.Join(dir, store.LevelDir(l), "stdout.log"))
		require.NoError(t, err, "%v keeps the run's output", l)
		require.Equal(t, "cut short\n", string(raw))
	}
}
