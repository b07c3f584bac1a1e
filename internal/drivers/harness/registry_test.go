package harness

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// The refusals name the harnesses that can run a way, as knee has always
// printed them.
func TestRefusalsNameTheHarnessesThatCan(t *testing.T) {
	require.Equal(t, "builtin, inference-perf or aiperf", Names(nil))

	_, err := ForKube("builtin", Settings{})
	var in *inputerr.Error
	require.True(t, errors.As(err, &in))
	require.Equal(t, "--harness", in.Field)
	require.ErrorContains(t, err, `the kube runner runs inference-perf or aiperf, not "builtin"`)

	_, err = ForProcess("builtin", Settings{})
	require.ErrorContains(t, err, `the local runner runs inference-perf or aiperf, not "builtin"`)
	_, err = ForProcess("locust", Settings{})
	require.ErrorContains(t, err, `the local runner runs inference-perf or aiperf, not "locust"`)
}

// Each name selects its own ways, and Settings reach the harness's options.
func TestLookupSelectsEachHarnessesWays(t *testing.T) {
	b, ok := Lookup("builtin")
	require.True(t, ok)
	require.Nil(t, b.Process)
	require.Nil(t, b.Pod)
	require.NotNil(t, b.InProcess)

	p, err := ForProcess("aiperf", Settings{})
	require.NoError(t, err)
	require.Equal(t, "aiperf", p.Bin())
	require.Equal(t, []string{"artifacts"}, p.Outputs())

	pod, err := ForKube("inference-perf", Settings{Workers: 7})
	require.NoError(t, err)
	plan := sweep.Plan{ID: "knee-registry-test", PerGPU: []int{8}, GPUs: 1, Model: "m", Endpoint: "http://127.0.0.1:1",
		API: "completion", InputTokens: 16, OutputTokens: 16, MinRequests: 8, RequestsPerConcurrency: 1, Harness: "inference-perf", Runner: "kube"}
	spec, err := pod.Pod(plan, plan.Levels()[0])
	require.NoError(t, err)
	require.Contains(t, spec.Files["config.yaml"], "num_workers: 7")

	_, ok = Lookup("locust")
	require.False(t, ok)
}

// A plan the harness cannot run is refused by its check, before any
// results folder: inference-perf speaks only the completion API.
func TestChecksRefuseWhatTheHarnessCannotRun(t *testing.T) {
	h, _ := Lookup("inference-perf")
	plan := sweep.Plan{ID: "knee-registry-test", PerGPU: []int{8}, GPUs: 1, Model: "m", Endpoint: "http://127.0.0.1:1",
		API: "chat", InputTokens: 16, OutputTokens: 16, MinRequests: 8, RequestsPerConcurrency: 1, Harness: "inference-perf", Runner: "local"}
	err := h.Check(plan, Settings{})
	var in *inputerr.Error
	require.True(t, errors.As(err, &in))
	require.Equal(t, "--api", in.Field)

	b, _ := Lookup("builtin")
	plan.Endpoint = "ftp://x"
	require.ErrorContains(t, b.Check(plan, Settings{}), "is not an http(s) URL")
}
