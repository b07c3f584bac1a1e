package knee_test

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

func pt(perGPU, thr, p99 float64) sweep.Point {
	return sweep.Point{PerGPU: sweep.F(perGPU), Concurrency: perGPU * 4, ThroughputTokS: thr,
		TTFT: sweep.Dist{P99: sweep.F(p99)}, Source: "test.csv"}
}

func sw(pts ...sweep.Point) *sweep.Sweep {
	return &sweep.Sweep{Version: 1, GPUs: 4, Points: pts, Sources: []string{"test.csv"}}
}

// requireNoNaN encodes the result: encoding/json refuses NaN and ±Inf, so a
// successful encoding proves none leaked into the output.
func requireNoNaN(t *testing.T, r *knee.Result) {
	t.Helper()
	_, err := json.Marshal(r)
	require.NoError(t, err)
}

func TestFindBadInputGivesStatusOrInputError(t *testing.T) {
	t.Run("one level", func(t *testing.T) {
		r := find(t, sw(pt(128, 84788, 677)))
		requireNoNaN(t, r)
		require.Equal(t, knee.StatusInsufficientPoints, r.Knee.Status)
		require.Nil(t, r.RecommendedPerGPU)
	})
	t.Run("identical levels are repeats of one", func(t *testing.T) {
		r := find(t, sw(pt(128, 84788, 677), pt(128, 84788, 677), pt(128, 84788, 677)))
		requireNoNaN(t, r)
		require.Equal(t, knee.StatusInsufficientPoints, r.Knee.Status)
		require.Len(t, r.Points, 1)
		require.Equal(t, 3, r.Points[0].Repeats)
		require.Equal(t, 0.0, *r.Points[0].ThroughputCV)
	})
	t.Run("identical measurements at every level: saturated from the start", func(t *testing.T) {
		r := find(t, sw(pt(32, 50000, 500), pt(64, 50000, 500), pt(128, 50000, 500)))
		requireNoNaN(t, r)
		require.Equal(t, knee.StatusBelowRange, r.Knee.Status)
		require.Nil(t, r.Knee.LowPerGPU)
		require.Equal(t, 64.0, *r.Knee.HighPerGPU)
		require.Nil(t, r.RecommendedPerGPU)
		require.Equal(t, 32.0, *r.CandidatePerGPU)
		require.Equal(t, knee.VerdictUnverified, r.Points[0].Verdict)
		require.Equal(t, knee.VerdictPastKnee, r.Points[1].Verdict)
	})
	t.Run("zero throughput everywhere", func(t *testing.T) {
		r := find(t, sw(pt(64, 0, 0), pt(128, 0, 0)))
		requireNoNaN(t, r)
		require.Equal(t, knee.StatusInsufficientPoints, r.Knee.Status)
		for _, p := range r.Points {
			require.Equal(t, knee.VerdictInvalid, p.Verdict)
			require.Contains(t, p.Reasons, knee.ReasonErrorsPresent)
		}
	})
	t.Run("all requests failed", func(t *testing.T) {
		a, b := pt(64, 0, 0), pt(128, 0, 0)
		for _, p := range []*sweep.Point{&a, &b} {
			p.Requests, p.Failures = sweep.I(0), sweep.I(1000)
		}
		r := find(t, sw(a, b))
		requireNoNaN(t, r)
		require.Equal(t, knee.StatusInsufficientPoints, r.Knee.Status)
		require.Equal(t, 1.0, *r.Points[0].ErrorRate)
		require.Nil(t, r.CandidatePerGPU)
	})
	t.Run("unsorted input is sorted", func(t *testing.T) {
		r := find(t, sw(pt(256, 20769, 33320), pt(64, 43900, 452), pt(128, 84788, 677)))
		require.Equal(t, []float64{64, 128, 256}, []float64{r.Points[0].PerGPU, r.Points[1].PerGPU, r.Points[2].PerGPU})
		require.Equal(t, 128.0, *r.RecommendedPerGPU)
	})
	t.Run("cancelled run is invalid", func(t *testing.T) {
		c := pt(128, 84788, 677)
		c.Cancelled = true
		r := find(t, sw(pt(64, 43900, 452), c))
		require.Equal(t, knee.VerdictInvalid, r.Points[1].Verdict)
		require.Equal(t, []knee.Reason{knee.ReasonCancelled}, r.Points[1].Reasons)
	})
	for _, c := range []struct {
		name, field string
		p           sweep.Point
	}{
		{"negative throughput", "points[0].throughput_tok_s", pt(64, -1, 100)},
		{"NaN throughput", "points[0].throughput_tok_s", pt(64, math.NaN(), 100)},
		{"zero concurrency", "points[0].concurrency", sweep.Point{Concurrency: 0, ThroughputTokS: 1, Source: "test.csv"}},
		{"infinite TTFT", "points[0].ttft_ms.p99", pt(64, 100, math.Inf(1))},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := knee.Find(sw(c.p), knee.DefaultOptions())
			var in *inputerr.Error
			require.True(t, errors.As(err, &in), "want *inputerr.Error, got %v", err)
			require.Equal(t, "test.csv", in.File)
			require.Equal(t, c.field, in.Field)
		})
	}
	t.Run("no points", func(t *testing.T) {
		_, err := knee.Find(sw(), knee.DefaultOptions())
		var in *inputerr.Error
		require.True(t, errors.As(err, &in))
		require.Equal(t, "points", in.Field)
	})
	t.Run("bad threshold names its option", func(t *testing.T) {
		o := knee.DefaultOptions()
		o.Elasticity = 1.5
		_, err := knee.Find(sw(pt(64, 1, 1)), o)
		var oe *knee.OptionError
		require.True(t, errors.As(err, &oe))
		require.Equal(t, "elasticity", oe.Option)
		require.True(t, strings.Contains(err.Error(), "1.5"))
	})
}

// FuzzFind feeds arbitrary levels, throughputs, latencies and counts to
// Find: it must return a result or an InputError, never panic, and never
// put NaN or Inf in the JSON.
func FuzzFind(f *testing.F) {
	f.Add(128.0, 84788.0, 677.0, 256.0, 20769.0, 33320.0, 64.0, 43900.0, 452.0, 1000, 0, uint8(4), false)
	f.Add(1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0, 0, uint8(0), true)
	f.Add(0.5, 1e-300, 1e300, 2.0, 1e300, 0.0, 3.0, 5.0, 5.0, -1, 7, uint8(1), false)
	f.Fuzz(func(t *testing.T, n1, x1, t1, n2, x2, t2, n3, x3, t3 float64, req, fail int, gpus uint8, clientBound bool) {
		s := &sweep.Sweep{Version: 1, GPUs: int(gpus % 9), Sources: []string{"fuzz"}}
		for i, v := range [][3]float64{{n1, x1, t1}, {n2, x2, t2}, {n3, x3, t3}} {
			p := sweep.Point{Concurrency: v[0], ThroughputTokS: v[1], TTFT: sweep.Dist{P99: sweep.F(v[2])}, Source: "fuzz",
				Requests: sweep.I(req), Failures: sweep.I(fail), ClientBound: clientBound && i == 1}
			if s.GPUs > 0 {
				p.PerGPU = sweep.F(v[0] / float64(s.GPUs))
			}
			s.Points = append(s.Points, p)
		}
		opts := knee.DefaultOptions()
		opts.Bootstrap = 20
		r, err := knee.Find(s, opts)
		if err != nil {
			var in *inputerr.Error
			if !errors.As(err, &in) {
				t.Fatalf("not an InputError: %v", err)
			}
			return
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("result does not encode (NaN/Inf?): %v", err)
		}
	})
}
