package store

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
)

// BenchmarkSaveLevel is the store's cost per level: the recorded
// inference-perf console log (≈100 KB) and a point written atomically
// (temp file, fsync, rename, fsync dir), then sweep.json rewritten.
func BenchmarkSaveLevel(b *testing.B) {
	raw, err := os.ReadFile(fixtures.Path("inference-perf/simserver-v0.6.1-concurrent-sweep/stdout.log"))
	require.NoError(b, err)
	p := plan()
	p.PerGPU = make([]int, 0, 64)
	for i := 1; i <= 64; i++ {
		p.PerGPU = append(p.PerGPU, i)
	}
	s, err := Create(b.TempDir(), p)
	require.NoError(b, err)
	defer s.Close()
	lv := p.Levels()
	b.SetBytes(int64(len(raw)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		require.NoError(b, s.SaveLevel(okRecord(lv[i%len(lv)], 1000), map[string][]byte{"stdout.log": raw}))
	}
}

// FuzzOpenPointFile: whatever a level's point.json holds, resuming the
// folder either works or is an InputError naming the file — never a panic.
func FuzzOpenPointFile(f *testing.F) {
	f.Add([]byte(`{"level":{"index":0,"per_gpu":64,"concurrency":256,"requests":2048,"warmup":256},"status":"ok","points":[{"concurrency":256,"throughput_tok_s":1}]}`))
	f.Add([]byte(`{"level":{"index":0,"per_gpu":64,"concurrency":256,"requests":2048,"warmup":256},"status":"failed","error":"x","points":null}`))
	f.Add([]byte("{"))
	planJSON, _ := json.Marshal(plan())
	f.Fuzz(func(t *testing.T, data []byte) {
		// A folder as Create leaves it, written without fsync so the fuzzer
		// is not bound by the disk.
		dir := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(dir, PlanFile), planJSON, 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, SweepFile), []byte(`{"version":1,"gpus":4,"points":[]}`), 0o644))
		lvl := filepath.Join(dir, LevelDir(plan().Levels()[0]))
		require.NoError(t, os.MkdirAll(lvl, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(lvl, PointFile), data, 0o644))
		r, err := Open(dir, plan())
		if err != nil {
			var in *inputerr.Error
			require.ErrorAs(t, err, &in)
			require.True(t, bytes.Contains([]byte(in.File), []byte(PointFile)), in.File)
			return
		}
		defer r.Close()
		_, err = Load(dir)
		require.NoError(t, err)
	})
}
