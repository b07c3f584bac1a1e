package builtin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep"
)

// BenchmarkHarnessStreams drives a simulated server in zero-service-time
// mode (every token is ready at once, so only HTTP, SSE and the client cost
// anything) at C concurrent streams of 128 output tokens after 128-token
// prompts, the aicr request shape: C warm-up requests, then 4·C measured.
// It reports what the client sustained: "streams" is the achieved in-flight
// count (time-averaged), "tok/s" the output tokens per second over the
// measured window, "cpu" the process's CPU share and "runq" the share of
// its capacity its threads spent waiting for a CPU (other processes).
//
// By default the server runs in this process, on the same cores: the
// figures are then for client and server together. With
// KNEE_BENCH_ENDPOINT=http://127.0.0.1:PORT (e.g. `knee simserver
// --zero-service-time`, pinned to other cores) the client runs alone.
//
//	go test -run '^$' -bench BenchmarkHarnessStreams -benchtime 1x ./internal/drivers/harness/builtin/
func BenchmarkHarnessStreams(b *testing.B) {
	for _, c := range []int{256, 1024, 4096, 8192} {
		b.Run(fmt.Sprintf("streams=%d", c), func(b *testing.B) {
			url := os.Getenv("KNEE_BENCH_ENDPOINT")
			if url == "" {
				// A fresh server per stream count: the previous one's
				// thousands of sockets are closed, not left to linger.
				srv := simserver.New(simserver.Config{ZeroServiceTime: true, Model: "bench"})
				var err error
				if url, err = srv.Start(); err != nil {
					b.Fatal(err)
				}
				defer srv.Close()
			}
			plan := sweep.Plan{Endpoint: url, API: "completion", GPUs: 1, Model: "bench", InputTokens: 128, OutputTokens: 128}
			benchLevel(b, builtin.New(builtin.Options{Timeout: 2 * time.Minute}), plan, c)
		})
	}
}

// benchLevel runs one level of c streams (c warm-up requests, then 4·c
// measured) b.N times and reports what the client sustained.
func benchLevel(b *testing.B, ex *builtin.Executor, plan sweep.Plan, c int) {
	lvl := sweep.Level{PerGPU: c, Concurrency: c, Requests: 4 * c, Warmup: c}
	var tput, achieved, cpu, runq, failures float64
	for i := 0; i < b.N; i++ {
		res, err := ex.RunLevel(context.Background(), plan, lvl)
		if err != nil {
			b.Fatal(err)
		}
		p := res.Points[0]
		var sum builtin.Summary
		if err := json.Unmarshal(res.Raw["summary.json"], &sum); err != nil {
			b.Fatal(err)
		}
		tput += p.ThroughputTokS
		achieved += *p.AchievedConcurrency
		cpu += *p.ClientCPU
		runq += sum.ClientStarved
		failures += float64(*p.Failures)
		if len(p.FailureLabels) > 0 {
			b.Logf("failures: %v", p.FailureLabels)
		}
	}
	n := float64(b.N)
	b.ReportMetric(achieved/n, "streams")
	b.ReportMetric(tput/n, "tok/s")
	b.ReportMetric(cpu/n, "cpu")
	b.ReportMetric(runq/n, "runq")
	b.ReportMetric(failures/n, "failures")
}

// TestBenchServer is the other half of a two-process benchmark: with
// KNEE_BENCH_SERVE=127.0.0.1:PORT it serves a zero-service-time simulated
// server there for KNEE_BENCH_SERVE_FOR (default 10 minutes) so that
// BenchmarkHarnessStreams, run with KNEE_BENCH_ENDPOINT, measures the client
// on cores of its own. Without the variable it is skipped.
func TestBenchServer(t *testing.T) {
	addr := os.Getenv("KNEE_BENCH_SERVE")
	if addr == "" {
		t.Skip("KNEE_BENCH_SERVE not set: no benchmark server wanted")
	}
	d, err := time.ParseDuration(os.Getenv("KNEE_BENCH_SERVE_FOR"))
	if err != nil {
		d = 10 * time.Minute
	}
	srv := simserver.New(simserver.Config{ZeroServiceTime: true, Model: "bench", Addr: addr})
	url, err := srv.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	t.Logf("serving %s for %v", url, d)
	time.Sleep(d)
}
