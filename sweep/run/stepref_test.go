package run

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// A level of a search that stops by precision says on its started line
// the step it may stop on, so that a level that ended in 10 s where the
// others ran 45 reads as meant; the first level, with no reference, says
// only its precision.
func TestStartedLineNamesTheStepReference(t *testing.T) {
	p := testPlan()
	p.PerGPU = []int{16, 32}
	p.LevelPrecision, p.LevelMinDurationS, p.LevelMaxDurationS = 0.03, 10, 45
	st, err := store.Create(filepath.Join(t.TempDir(), "out"), p)
	require.NoError(t, err)
	t.Cleanup(st.Close)
	ref := func(s *sweep.Sweep, perGPU int) *sweep.StepRef {
		if perGPU <= 16 {
			return nil
		}
		return &sweep.StepRef{PerGPU: 16, ThroughputTokS: 1000, HalfWidth: 0.1, Elasticity: 1.0 / 3}
	}
	var log bytes.Buffer
	_, err = RunAdaptive(context.Background(), st, AdaptiveOptions{Options: Options{Log: &log, StepRef: ref},
		Slots: []Slot{{Name: "local", Exec: windowedExec{}}}})
	require.NoError(t, err, log.String())
	assert.Contains(t, log.String(), "started: level 0: 16/GPU (64 in flight, until ±3%, 10s–45s)\n")
	assert.Contains(t, log.String(), "started: level 1: 32/GPU (128 in flight, until ±3% or its step from 16/GPU resolves, 10s–45s)\n")
}

// windowedExec runs a level that stops by precision as a harness would
// report it: simulated, 500 requests, stopped at its time cap.
type windowedExec struct{}

func (windowedExec) RunLevel(_ context.Context, _ sweep.Plan, l sweep.Level) (*sweep.LevelResult, error) {
	pt := sweep.Point{Concurrency: float64(l.Concurrency), Requests: sweep.I(500), Failures: sweep.I(0),
		ThroughputTokS: 100 * float64(l.PerGPU), StopReason: sweep.StopTimeCap, Simulated: true, Source: "windowedExec"}
	return &sweep.LevelResult{Points: []sweep.Point{pt}, Raw: map[string][]byte{"stdout.log": []byte("ok\n")}, Harness: "windowedExec"}, nil
}
