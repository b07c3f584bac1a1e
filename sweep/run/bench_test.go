package run

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// BenchmarkRunPerLevel is the engine's own cost per level (events, point
// and sweep.json written durably, the stop rule asked) with a harness that
// returns at once: what a sweep adds on top of the measuring itself.
func BenchmarkRunPerLevel(b *testing.B) {
	p := testPlan()
	p.PerGPU = []int{1, 2, 4, 8, 16, 32, 64, 128}
	tok := map[int]float64{}
	for i, pg := range p.PerGPU {
		tok[pg] = float64(1000 * (i + 1))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		st, err := store.Create(b.TempDir(), p)
		require.NoError(b, err)
		b.StartTimer()
		out, err := Run(context.Background(), &scripted{tok: tok}, st, Options{StopRule: fellBelowHalf})
		require.NoError(b, err)
		require.Len(b, out.Measured, len(p.PerGPU))
		st.Close()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(p.PerGPU))/1e6, "ms/level")
}

var _ sweep.Executor = (*scripted)(nil)
