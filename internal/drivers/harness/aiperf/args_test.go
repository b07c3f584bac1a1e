package aiperf

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/sweep"
)

// The recorded AIPerf run in fixtures was started with aicr's arguments
// (plus --ui-type simple for a plain log). Args must reproduce them from a
// plan: 128 in flight on one GPU, max(1000, 8·128) = 1024 requests.
func TestArgsReproduceTheRecordedAicrCommand(t *testing.T) {
	raw, err := os.ReadFile(fixtures.Path("aiperf/simserver-v0.1.1-db4f639-chat-c128/command.txt"))
	require.NoError(t, err)
	want := strings.Fields(string(raw))
	require.Equal(t, "aiperf", want[0])
	want = want[1:]
	if n := len(want); n >= 2 && want[n-2] == "--ui-type" {
		want = want[:n-2]
	}

	p := sweep.Plan{PerGPU: []int{128}, GPUs: 1, Model: "sim-llm", Endpoint: "http://127.0.0.1:18001", API: "chat",
		InputTokens: 128, OutputTokens: 128, MinRequests: 1000, RequestsPerConcurrency: 8}
	lvl := p.Levels()[0]
	require.Equal(t, 1024, lvl.Requests)
	require.Equal(t, want, Args(p, lvl, "/tmp/aiperf"))
}

func TestArgsUseThePlansNumbers(t *testing.T) {
	p := sweep.Plan{PerGPU: []int{64}, GPUs: 4, Model: "Qwen/Qwen3-8B", Endpoint: "http://svc:8000", API: "completion",
		InputTokens: 512, OutputTokens: 64, MinRequests: 1000, RequestsPerConcurrency: 8}
	args := Args(p, p.Levels()[0], "/out")
	joined := strings.Join(args, " ")
	require.Contains(t, joined, "--endpoint-type completions")
	require.Contains(t, joined, "--concurrency 256 --request-count 2048 --warmup-request-count 256")
	require.Contains(t, joined, "--prompt-input-tokens-mean 512")
	require.Contains(t, joined, "--prompt-output-tokens-mean 64")
	require.Contains(t, joined, "--output-artifact-dir /out")
	require.Error(t, Check(sweep.Plan{Endpoint: "x"}))
	require.NoError(t, Check(p))
}
