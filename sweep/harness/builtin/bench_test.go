package builtin_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/kneetool/knee/fixtures/simserver"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/harness/builtin"
)

// BenchmarkHarnessStreams drives the simulated server in zero-service-time
// mode (every token is ready at once, so only HTTP, SSE and the client
// cost anything) at C concurrent streams of 128 output tokens, the aicr
// request shape. It reports what the client sustained: achieved in-flight
// streams (time-averaged), output tok/s and the process CPU share (server
// included: both run in this process on the same cores). Run with
// -benchtime 1x: one level per stream count is the measurement.
//
//	go test -run '^$' -bench BenchmarkHarnessStreams -benchtime 1x ./sweep/harness/builtin/
func BenchmarkHarnessStreams(b *testing.B) {
	srv := simserver.New(simserver.Config{ZeroServiceTime: true, Model: "bench"})
	url, err := srv.Start()
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	plan := sweep.Plan{Endpoint: url, API: "completion", GPUs: 1, Model: "bench", InputTokens: 128, OutputTokens: 128}
	for _, c := range []int{256, 1024, 4096, 8192} {
		b.Run(fmt.Sprintf("streams=%d", c), func(b *testing.B) {
			ex := builtin.New(builtin.Options{Timeout: 2 * time.Minute})
			lvl := sweep.Level{PerGPU: c, Concurrency: c, Requests: 4 * c, Warmup: c}
			var tput, achieved, cpu, failures float64
			for i := 0; i < b.N; i++ {
				res, err := ex.RunLevel(context.Background(), plan, lvl)
				if err != nil {
					b.Fatal(err)
				}
				p := res.Points[0]
				tput += p.ThroughputTokS
				achieved += *p.AchievedConcurrency
				cpu += *p.ClientCPU
				failures += float64(*p.Failures)
			}
			n := float64(b.N)
			b.ReportMetric(achieved/n, "streams")
			b.ReportMetric(tput/n, "tok/s")
			b.ReportMetric(cpu/n, "cpu")
			b.ReportMetric(failures/n, "failures")
		})
	}
}
