package report_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// load reads fixtures (paths under fixtures/) as one sweep.
func load(t testing.TB, files ...string) *sweep.Sweep {
	t.Helper()
	var ps []string
	for _, f := range files {
		ps = append(ps, fixtures.Path(f))
	}
	s, err := read.Load(ps, read.Options{})
	require.NoError(t, err)
	return s
}

// find analyses s with the default options.
func find(t testing.TB, s *sweep.Sweep) *knee.Result {
	t.Helper()
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	return r
}

func pt(perGPU, thr, p99 float64) sweep.Point {
	return sweep.Point{PerGPU: sweep.F(perGPU), Concurrency: perGPU * 4, ThroughputTokS: thr,
		TTFT: sweep.Dist{P99: sweep.F(p99)}, Source: "test.csv"}
}

func sw(pts ...sweep.Point) *sweep.Sweep {
	return &sweep.Sweep{Version: 1, GPUs: 4, Points: pts, Sources: []string{"test.csv"}}
}
