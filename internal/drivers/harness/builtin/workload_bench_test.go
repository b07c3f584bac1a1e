package builtin_test

import (
	"testing"
	"time"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep"
)

// BenchmarkHarnessStreamsWorkload is BenchmarkHarnessStreams at 1024
// streams with a non-default workload: prompts of 32 to 96 words (uniform)
// behind 4 shared prefixes of 64, so 128 words on average as there, and
// the same 128 output tokens, so that tok/s compares. 4,096 distinct
// requests are built before the level's clock starts, so the client's
// ceiling should be the default workload's (same metrics).
//
//	go test -run '^$' -bench BenchmarkHarnessStreamsWorkload -benchtime 1x ./internal/drivers/harness/builtin/
func BenchmarkHarnessStreamsWorkload(b *testing.B) {
	const c = 1024
	srv := simserver.New(simserver.Config{ZeroServiceTime: true, Model: "bench"})
	url, err := srv.Start()
	if err != nil {
		b.Fatal(err)
	}
	defer srv.Close()
	w, err := builtin.PrepareWorkload(sweep.Workload{
		Input:        sweep.LengthDist{Kind: sweep.DistUniform, Min: 32, Max: 96},
		Output:       sweep.LengthDist{Kind: sweep.DistFixed, Value: 128},
		SharedPrefix: &sweep.SharedPrefix{Count: 4, Tokens: 64},
		IgnoreEOS:    true,
	})
	if err != nil {
		b.Fatal(err)
	}
	plan := sweep.Plan{Endpoint: url, API: "completion", GPUs: 1, Model: "bench", Workload: w.Spec()}
	plan.InputTokens, plan.OutputTokens = w.MeanLengths()
	benchLevel(b, builtin.New(builtin.Options{Timeout: 2 * time.Minute}), plan, c)
}
