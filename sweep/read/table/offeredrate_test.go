package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a QPS sweep that prints the offered rate, the output tok/s and
// the median TTFT and TPOT, and neither a served req/s nor an E2E (the real
// shapes are vllm bench serve summaries pasted into READMEs: k-openinfer,
// l-hyperpod). Little's law in tokens places each stage: λ·TTFT + X·TPOT −
// λ·TPOT requests in flight, marked derived, the offered rate kept as the
// load and not passed off as the served one.
func TestOfferedRateSweepPlacedByLittlesLawInTokens(t *testing.T) {
	md := "| QPS | Output tok/s | TTFT p50 (ms) | TPOT p50 (ms) |\n|---|---|---|---|\n" +
		"| 1 | 128 | 50 | 10 |\n| 2 | 256 | 60 | 12 |\n| 4 | 500 | 80 | 20 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	p := s.Points[2]
	require.True(t, p.Derived)
	require.Equal(t, 4.0, *p.RequestedRate)
	require.Nil(t, p.RequestRate, "the offered rate stands for the served one in the law, not in the result")
	require.InDelta(t, 4*0.080+500*0.020-4*0.020, p.Concurrency, 1e-9)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, "the offered rate stands for it")
	require.Contains(t, notes, "the TTFT and ITL read as the median (no mean printed), so the concurrency is approximate")
}

// Synthetic: past saturation the node serves fewer requests than offered
// (here a quarter of the tokens per offered request the lower levels show):
// the offered rate cannot stand for the served one, so the table is
// refused at that level rather than placed by a rate that never ran.
func TestOfferedRatePastSaturationRefuses(t *testing.T) {
	md := "| QPS | Output tok/s | TTFT mean (ms) | TPOT mean (ms) |\n|---|---|---|---|\n" +
		"| 1 | 128 | 50 | 10 |\n| 2 | 256 | 60 | 12 |\n| 8 | 256 | 9000 | 30 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, "t.md:5: e2e: a request-rate sweep with no served req/s and no end-to-end latency: at 8 req/s offered")
}

// Synthetic: without a TPOT there is nothing to derive the time in flight
// from: the refusal stays.
func TestOfferedRateWithoutTPOTStillRefuses(t *testing.T) {
	md := "| QPS | Output tok/s | TTFT p50 (ms) |\n|---|---|---|\n| 1 | 128 | 50 |\n| 2 | 256 | 60 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, "a request-rate sweep: knee places each stage by its concurrency")
}

// Synthetic: a bare req/s beside a column knee does not read that steps up
// as a load does ("段階", stage) is likely the served rate of a closed
// loop, not an offered one: the law in tokens is not applied, and the
// refusal names the column that may be the level.
func TestBareRateBesideAnUnreadLadderRefuses(t *testing.T) {
	md := "| 段階 | TTFT p50 | TPOT p50 | スループット | rps |\n|---|---|---|---|---|\n" +
		"| 1 | 155 ms | 19 ms | 45.0 tok/s | 0.96 |\n| 2 | 52 ms | 36 ms | 53.0 tok/s | 1.13 |\n| 4 | 1,772 ms | 36 ms | 53.9 tok/s | 1.15 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, "whose request rate may be the served one of a closed loop")
	require.ErrorContains(t, err, `"段階" steps up row by row as a load does`)
}

// Synthetic: "並列" (parallel) is the load a Japanese write-up names, so
// the bare rps beside it is the served rate of each level.
func TestJapaneseParallelIsTheLevel(t *testing.T) {
	md := "| 並列 | TTFT p50 | TPOT p50 | スループット | rps |\n|---|---|---|---|---|\n" +
		"| 1 | 155 ms | 19 ms | 45.0 tok/s | 0.96 |\n| 2 | 52 ms | 36 ms | 53.0 tok/s | 1.13 |\n| 4 | 1,772 ms | 36 ms | 53.9 tok/s | 1.15 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4.0, s.Points[2].Concurrency)
	require.Equal(t, 53.9, s.Points[2].ThroughputTokS)
}
