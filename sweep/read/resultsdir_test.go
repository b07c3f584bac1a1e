package read

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// A results folder written by `knee sweep` (sweep/store) is detected and read
// through store.Load; per-GPU values follow from its GPU count.
func TestResultsFolderIsDetected(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	plan := sweep.Plan{ID: "knee-read-test", PerGPU: []int{128, 256}, GPUs: 4, Accelerator: "gb300", Model: "Qwen/Qwen3-8B",
		Endpoint: "http://127.0.0.1:8000", API: "chat", InputTokens: 128, OutputTokens: 128,
		MinRequests: 1000, RequestsPerConcurrency: 8, Harness: "builtin", Runner: "local"}
	st, err := store.Create(dir, plan)
	require.NoError(t, err)
	lv := plan.Levels()
	// Throughput and TTFT of the published GB300 run, standing in for a measurement.
	require.NoError(t, st.SaveLevel(store.LevelRecord{Level: lv[0], Status: store.StatusOK, Harness: "builtin",
		Points: []sweep.Point{{Concurrency: 512, Requests: sweep.I(4096), Failures: sweep.I(0), ThroughputTokS: 84788,
			TTFT: sweep.Dist{P99: sweep.F(677)}, Source: "levels/000-128"}},
		StartedAt: time.Unix(0, 0).UTC(), FinishedAt: time.Unix(1, 0).UTC()}, nil))
	st.Close()

	s, err := File(dir, Options{})
	require.NoError(t, err)
	require.Equal(t, 4, s.GPUs)
	require.Equal(t, "gb300", s.Accelerator)
	require.Len(t, s.Points, 1)
	require.Equal(t, 128.0, *s.Points[0].PerGPU)
	require.Equal(t, 84788.0, s.Points[0].ThroughputTokS)

	_, err = File(dir, Options{Meta: Meta{GPUs: 8}})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "gpus", ie.Field)
}

// The aicr validator's AIPerf pod log sits in a folder of its own; the
// folder is not searched for logs, so the error says which file to name.
func TestFolderWithOnlyALogNamesTheLog(t *testing.T) {
	dir := fixtures.Path("aiperf/aicr-sentinel-log-c128")
	_, err := Load([]string{dir}, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Contains(t, err.Error(), "folder holds no results knee reads")
	require.Contains(t, err.Error(), "; a log is read when named as the INPUT itself, e.g. "+filepath.Join(dir, "pod.log"))

	s, err := Load([]string{filepath.Join(dir, "pod.log")}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)

	_, err = Load([]string{t.TempDir()}, Options{})
	require.ErrorAs(t, err, &ie)
	require.NotContains(t, err.Error(), "a log is read")
}
