package knee

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// The sub-quadratic forms of the measured rule (weakIndex, maxTree) must
// give exactly what the rule's plain scans give. These are the scans as
// they were written before (O(n²)), kept here as the reference.

func refSaturateFlat(pts []satPoint, eStar, noise float64) (flat []bool, ref []int) {
	n := len(pts)
	flat, ref = make([]bool, n), make([]int, n)
	rmin := minResolvableRatio(eStar, noise)
	for i, p := range pts {
		ref[i] = -1
		if p.dip {
			continue
		}
		if p.cliff {
			flat[i] = true
			continue
		}
		best := -1
		for h := 0; h < i; h++ {
			if !pts[h].dip && pts[h].thr > 0 && (best < 0 || pts[h].thr > pts[best].thr) {
				best = h
			}
		}
		if best >= 0 && p.thr < pts[best].thr*(1-noise) {
			flat[i], ref[i] = true, best
			continue
		}
		for h := i - 1; h >= 0; h-- {
			q := pts[h]
			if q.dip || q.thr <= 0 || p.x/q.x < rmin {
				continue
			}
			if p.thr <= q.thr*math.Pow(p.x/q.x, eStar) {
				flat[i], ref[i] = true, h
				break
			}
		}
	}
	return flat, ref
}

func refDips(thr []float64, noise float64) []int {
	rec := make([]int, len(thr))
	for i := range rec {
		rec[i] = -1
	}
	for i := 1; i < len(thr)-1; i++ {
		best := 0.0
		for _, v := range thr[:i] {
			best = math.Max(best, v)
		}
		if thr[i] >= best*(1-noise) {
			continue
		}
		for j := i + 1; j < len(thr); j++ {
			if thr[j] >= best*(1-noise) && thr[j] > thr[i]*(1+noise) {
				rec[i] = j
				break
			}
		}
	}
	return rec
}

// randomCurve is a noisy saturating sweep with dips, cliffs, zero levels
// and, for the rounding path, levels exactly on the X ∝ N^e* boundary.
func randomCurve(r *rand.Rand, n int, eStar float64) []satPoint {
	pts := make([]satPoint, n)
	x := 1 + r.Float64()
	for i := range pts {
		x *= 1 + r.Float64()*r.Float64()
		thr := 1000 * x / (1 + x/(50*r.Float64()+1)) * (1 + 0.1*(r.Float64()-0.5))
		switch r.IntN(20) {
		case 0:
			thr = 0
		case 1:
			thr = pts[max(i-3, 0)].thr * math.Pow(x/pts[max(i-3, 0)].x, eStar)
		}
		pts[i] = satPoint{x: x, thr: thr, dip: r.IntN(15) == 0, cliff: r.IntN(40) == 0}
	}
	return pts
}

func TestSaturateMatchesTheScan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 400 {
		n := 2 + r.IntN(300)
		eStar, noise := []float64{1.0 / 3, 0.2, 0.5}[trial%3], []float64{0.05, 0, 0.1}[trial%3]
		pts := randomCurve(r, n, eStar)
		got := saturate(pts, eStar, noise)
		flat, ref := refSaturateFlat(pts, eStar, noise)
		require.Equal(t, flat, got.flat, "trial %d", trial)
		require.Equal(t, ref, got.ref, "trial %d", trial)
	}
}

func TestMaxTreeFindsTheFirstRecovery(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for trial := range 400 {
		n := 1 + r.IntN(200)
		thr := make([]float64, n)
		for i := range thr {
			thr[i] = math.Round(r.Float64() * 100)
		}
		noise := 0.05
		want := refDips(thr, noise)
		tree := newMaxTree(thr)
		best := 0.0
		for i := 1; i < n-1; i++ {
			best = math.Max(best, thr[i-1])
			got := -1
			if thr[i] < best*(1-noise) {
				floor, low := best*(1-noise), thr[i]*(1+noise)
				got = tree.first(i+1, func(v float64) bool { return v >= floor && v > low })
			}
			require.Equal(t, want[i], got, "trial %d level %d", trial, i)
		}
	}
}
