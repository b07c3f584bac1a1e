package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/store"
)

// A built-in sweep with --requests-jsonl keeps every request, so goodput
// under --slo is counted, not bounded: at each level the share the
// analysis gives equals a count by hand over the level's requests.jsonl of
// the measured, successful requests with TTFT ≤ 20 ms and TPOT ((E2E −
// TTFT) / (output tokens − 1)) ≤ 14 ms, and goodput is that share of the
// level's request rate and throughput.
func TestSweepRequestsJSONLGivesPerRequestGoodput(t *testing.T) {
	url := sloTestServer(t)
	dir := filepath.Join(t.TempDir(), "run")
	code, out, errs := sweepCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "8,16,24,32",
		"--min-requests", "64", "--requests-per-concurrency", "3", "--input-tokens", "16", "--output-tokens", "8",
		"--request-timeout", "20s", "--requests-jsonl", "--slo", "ttft_p99=20ms,tpot_p50=14ms", "--out", dir)
	require.Equal(t, 0, code, errs)
	assert.Contains(t, out, "counted per request (each level's requests.jsonl)")

	s, err := store.Load(dir)
	require.NoError(t, err)
	o := knee.DefaultOptions()
	o.SLOs = []knee.SLO{{Metric: "ttft_p99", LimitMs: 20}, {Metric: "tpot_p50", LimitMs: 14}}
	r, err := knee.Find(s, o)
	require.NoError(t, err)
	assert.Equal(t, knee.GoodputPerRequest, r.SLO.GoodputMethod)
	plan, err := store.ReadPlan(dir)
	require.NoError(t, err)
	for i, l := range plan.Levels() {
		f, err := os.Open(filepath.Join(dir, store.LevelDir(l), store.RequestsFile))
		require.NoError(t, err)
		n, in, inTTFT := 0, 0, 0
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var q struct {
				Warmup bool     `json:"warmup"`
				E2E    float64  `json:"e2e_ms"`
				TTFT   *float64 `json:"ttft_ms"`
				Out    int      `json:"output_tokens"`
				Error  string   `json:"error"`
			}
			require.NoError(t, json.Unmarshal(sc.Bytes(), &q))
			if q.Warmup || q.Error != "" {
				continue
			}
			n++
			require.NotNil(t, q.TTFT)
			require.Greater(t, q.Out, 1)
			if *q.TTFT <= 20 {
				inTTFT++
				if (q.E2E-*q.TTFT)/float64(q.Out-1) <= 14 {
					in++
				}
			}
		}
		f.Close()
		require.Greater(t, n, 0)
		p := r.Points[i]
		g := p.Goodput
		require.Equal(t, knee.GoodputPerRequest, g.Method, "%v/GPU", p.PerGPU)
		assert.InDelta(t, float64(in)/float64(n), *g.Share, 1e-6, "%v/GPU: %d of %d", p.PerGPU, in, n)
		assert.InDelta(t, float64(inTTFT)/float64(n), *p.SLO[0].WithinShare, 1e-6, "%v/GPU", p.PerGPU)
		assert.InDelta(t, *g.Share**p.RequestRate, *g.RequestRate, 1e-3*(*p.RequestRate))
		assert.InDelta(t, *g.Share*p.ThroughputTokS, *g.TokS, 1e-3*p.ThroughputTokS)
		t.Logf("%v/GPU: %d of %d requests within both SLOs (TTFT alone %d); TPOT p50 %v ms", p.PerGPU, in, n, inTTFT, *p.SLO[1].ValueMs)
	}
}
