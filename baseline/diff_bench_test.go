package baseline

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// benchSweep is a SIMULATED sweep of n levels (one run each), spaced
// geometrically from 8 to 4,096/GPU on 8 GPUs: Amdahl saturation X =
// λN/(1 + σN) (λ 40 tok/s, σ 1/400), TTFT rising past the knee, ±5% noise
// from seed. Not a measurement: it sizes diff's cost against levels.
func benchSweep(n int, seed uint64) *sweep.Sweep {
	const gpus = 8
	rng := rand.New(rand.NewPCG(seed, 3))
	s := &sweep.Sweep{Version: sweep.SchemaVersion, Accelerator: "sim", GPUs: gpus, Model: "simulated-amdahl",
		Notes: []string{"SIMULATED from a known model"}}
	s.Points = make([]sweep.Point, 0, n)
	for i := range n {
		c := 8 * math.Pow(4096.0/8, float64(i)/float64(max(n-1, 1)))
		x := 40 * c / (1 + c/400)
		ttft := 40 + 1000*math.Max(0, c-400)/(x/128)
		j := 1 + 0.05*(2*rng.Float64()-1)
		s.Points = append(s.Points, sweep.Point{PerGPU: sweep.F(c), Concurrency: c * gpus,
			ThroughputTokS: x * gpus * j, ThroughputPerGPU: sweep.F(x * j),
			TTFT:     sweep.Dist{P50: sweep.F(ttft * 0.7 * j), P99: sweep.F(ttft * j)},
			ITL:      sweep.Dist{P50: sweep.F(20 * j), P99: sweep.F(30 * j)},
			Requests: sweep.I(1000), Failures: sweep.I(0), OutputTokensMean: sweep.F(128),
			Simulated: true, Source: "simulated"})
	}
	return s
}

// BenchmarkDiffLevels is knee diff's time and memory against the number
// of levels each side holds, 1,000 to 100,000 (the most an input may
// hold): both sides analysed as knee find does, every level compared.
// Issue 27 item 11: 30,000 levels took 50 s, 100,000 over 2 minutes.
func BenchmarkDiffLevels(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 30_000, 100_000} {
		old, cur := benchSweep(n, 1), benchSweep(n, 2)
		b.Run(fmt.Sprintf("levels=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := DiffSweeps(context.Background(), old, cur, knee.DefaultOptions(), DefaultDiffOptions()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
