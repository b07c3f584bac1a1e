package read

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

func workloadSweep(src string, w *sweep.Workload, c float64) *sweep.Sweep {
	return &sweep.Sweep{Version: 1, GPUs: 1, Model: "m", Harness: "builtin", Sources: []string{src}, Workload: w,
		Points: []sweep.Point{{Concurrency: c, ThroughputTokS: 100 * c, Source: src}}}
}

// Merging refuses sweeps of two workloads, naming both inputs and the
// field that differs, as it refuses two models; two built-in sweeps that
// recorded none (the default workload) merge as always and the merged
// sweep keeps the one recorded.
func TestMergeRefusesAnotherWorkload(t *testing.T) {
	uniform := &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistUniform, Min: 64, Max: 512}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, IgnoreEOS: true}
	normal := &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistNormal, Mean: 512, SD: 128, Max: 1024}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}, IgnoreEOS: true}

	_, err := Merge([]*sweep.Sweep{workloadSweep("a/sweep.json", uniform, 8), workloadSweep("b/sweep.json", normal, 16)}, Meta{})
	var ie *inputerr.Error
	require.True(t, errors.As(err, &ie), "%v", err)
	require.Equal(t, "b/sweep.json", ie.File)
	require.Equal(t, "workload.input", ie.Field)
	require.Equal(t, "b/sweep.json was swept with another workload than a/sweep.json: uniform:64-512 there, normal:512,128,1024 here; merge only sweeps of one workload", ie.Msg)

	same := *uniform
	m, err := Merge([]*sweep.Sweep{workloadSweep("b", uniform, 8), workloadSweep("c", &same, 16)}, Meta{})
	require.NoError(t, err)
	require.Equal(t, uniform, m.Workload)
	require.Len(t, m.Points, 2)

	// A built-in sweep that recorded none sent the default workload (fixed
	// lengths): another length distribution than uniform, so not one curve
	// (issue 27 item 3; this merged before).
	_, err = Merge([]*sweep.Sweep{workloadSweep("a", nil, 4), workloadSweep("b", uniform, 8)}, Meta{})
	require.True(t, errors.As(err, &ie), "%v", err)
	require.Equal(t, "workload", ie.Field)
	require.Equal(t, "b sent another workload than a: default (fixed lengths, ignore_eos) there, input uniform:64-512, output fixed:128, ignore_eos true here; merge only runs of one workload", ie.Msg)

	m, err = Merge([]*sweep.Sweep{workloadSweep("a", nil, 4), workloadSweep("b", nil, 8)}, Meta{})
	require.NoError(t, err)
	require.Nil(t, m.Workload)
}
