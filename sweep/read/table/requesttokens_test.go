package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated tables that print requests per second and no token rate.
const reqRateRows = "| concurrency | req/s | TTFT p50 (ms) |\n|---|---|---|\n| 1 | 0.5 | 40 |\n| 4 | 1.8 | 60 |\n| 16 | 5.0 | 300 |\n"

func TestOutputRateFromAFixedOutputLength(t *testing.T) {
	for _, above := range []string{
		"```\nvllm bench serve --dataset-name random --random-input-len 512 --random-output-len 128 --ignore-eos\n```\n\n",
		"Workload: OSL 128, `ignore_eos: true`.\n\n",
		"Each request generates 128 output tokens (ignore_eos=True).\n\n",
	} {
		s, err := Read("t.md", []byte(above+reqRateRows), Markdown, Meta{})
		require.NoError(t, err, above)
		require.Equal(t, []float64{64, 230.4, 640}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS}, above)
		require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: the output throughput is "req/s" × 128 (the output tokens per request the text states, with ignore_eos`)
	}
}

func TestOutputRateFromTheMeanOutputTokensColumn(t *testing.T) {
	doc := "| concurrency | req/s | Avg output tokens | TTFT p50 (ms) |\n|---|---|---|---|\n| 1 | 0.5 | 120 | 40 |\n| 4 | 1.8 | 110 | 60 |\n| 16 | 5.0 | 100 | 300 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{60, 198, 500}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Contains(t, strings.Join(s.Notes, "\n"), `"req/s" × "Avg output tokens" (the mean output tokens per request)`)
}

func TestRequestRateWithoutAnyLengthIsRefused(t *testing.T) {
	for _, above := range []string{"OSL 128 at low load, OSL 256 at high load; ignore_eos.\n\n", ""} {
		_, err := Read("t.md", []byte(above+reqRateRows), Markdown, Meta{})
		require.ErrorContains(t, err, "no throughput column", above)
		require.ErrorContains(t, err, `"req/s" is requests per second, and nothing states the output tokens per request`, above)
	}
}

// Simulated: a length stated without ignore_eos is a cap; req/s × the cap
// is read as an upper bound on the output rate, with a note saying the
// knee does not depend on it and the floor does.
func TestRequestRateTimesACapIsReadAsAnUpperBound(t *testing.T) {
	for above, length := range map[string]float64{
		"Workload: 128-token input, 200-token output.\n\n":          200,
		"`--random-output-len 128`, `ignore_eos: false`\n\n":        128,
		"`--random-output-len 128`, run without `--ignore-eos`\n\n": 128,
	} {
		s, err := Read("t.md", []byte(above+reqRateRows), Markdown, Meta{})
		require.NoError(t, err, above)
		require.Equal(t, []float64{0.5 * length, 1.8 * length, 5 * length}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS}, above)
		require.Contains(t, strings.Join(s.Notes, "\n"), "is an upper bound on the output rate: the knee and the level it recommends do not depend", above)
	}
}

// Simulated: a cap the streams' own rate rules out (16 streams at 2 tok/s
// each, 1000 ÷ TPOT, cannot give 5 req/s × 200) is not multiplied out, and the refusal
// says why.
func TestRequestRateTimesACapBeyondTheStreamsIsRefused(t *testing.T) {
	doc := "Workload: 200-token output.\n\n| concurrency | req/s | tok/s | TPOT (ms) | TTFT p50 (ms) |\n|---|---|---|---|---|\n" +
		"| 1 | 0.05 | 12.5 | 80 | 40 |\n| 4 | 0.18 | 10 | 100 | 60 |\n| 16 | 5.0 | 2 | 500 | 300 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, `"req/s" × 200 (the output length the text states) is more than the streams' own rate`)
}

// Simulated: an offered rate is no served rate; the achieved one beside it
// is what is multiplied out.
func TestOutputRateFromTheAchievedRequestRate(t *testing.T) {
	doc := "OSL=256 with --ignore-eos.\n\n| rate (req/s) | achieved req/s | E2E mean (ms) | TTFT p50 (ms) |\n|---|---|---|---|\n" +
		"| 1 | 0.98 | 2000 | 40 |\n| 2 | 1.95 | 2100 | 45 |\n| 4 | 3.5 | 4000 | 400 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 250.88, s.Points[0].ThroughputTokS, 1e-9)
	require.InDelta(t, 896, s.Points[2].ThroughputTokS, 1e-9)
	require.Equal(t, 4.0, *s.Points[2].RequestedRate)
}

// Simulated: a rate sweep with the output tok/s and no served req/s takes
// its served rate from the tokens per request where every request generated
// the stated length, and Little's law then places each stage.
func TestServedRateFromAFixedOutputLength(t *testing.T) {
	rows := "| QPS | output tok/s | TTFT p50 | TPOT p50 |\n| ---: | ---: | ---: | ---: |\n" +
		"| 1 | 128 | 40 ms | 6 ms |\n| 2 | 256 | 45 ms | 7 ms |\n| 4 | 384 | 300 ms | 20 ms |\n"
	s, err := Read("t.md", []byte("`vllm bench serve --random-output-len 128 --ignore-eos`\n\n"+rows), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 4.0, *s.Points[2].RequestedRate)
	require.InDelta(t, 3.0, *s.Points[2].RequestRate, 1e-9)
	// E2E = 300 + 20 × 127 = 2840 ms; concurrency = 3 req/s × 2.84 s.
	require.InDelta(t, 8.52, s.Points[2].Concurrency, 1e-9)
	require.True(t, s.Points[2].Derived)
	require.Contains(t, strings.Join(s.Notes, "\n"), `the served request rate is "output tok/s" ÷ 128`)

	// Without ignore_eos the length is a cap, no served rate is derived:
	// the offered rate stands for it in Little's law in tokens (noted), and
	// no served rate is claimed.
	s, err = Read("t.md", []byte("`vllm bench serve --random-output-len 128`\n\n"+rows), Markdown, Meta{})
	require.NoError(t, err)
	require.Nil(t, s.Points[2].RequestRate)
	require.Contains(t, strings.Join(s.Notes, "\n"), "the offered rate stands for it")
}

// Simulated: beside a second request rate, which may be the served one,
// nothing is derived.
func TestServedRateNotDerivedBesideASecondRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"rate", "req/s", "output tok/s"}, rows: [][]string{{"1", "0.9", "128"}}, above: "OSL 128, ignore_eos"}
	require.Nil(t, servedRateFromTokens(&g))
	require.Len(t, g.header, 3)
}

// Simulated: requests over the run's duration are the served rate
// (countrates.go), and with a fixed output length the output rate.
func TestOutputRateFromRequestsOverTheDuration(t *testing.T) {
	doc := "Every request: --output-len 100 --ignore-eos\n\n| concurrency | requests | duration (s) | TTFT p50 (ms) |\n|---|---|---|---|\n" +
		"| 1 | 50 | 100 | 40 |\n| 4 | 200 | 100 | 60 |\n| 16 | 400 | 100 | 300 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{50, 200, 400}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
}
