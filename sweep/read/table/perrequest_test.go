package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated open-loop sweep: the only token rate is each request's output
// tokens over its mean latency (64 ÷ 0.70 s ≈ 91), falling as the node's
// (req/s × 64) grows fiftyfold.
const perRequestRows = "| qps | achieved req/s | avg latency (s) | avg output tokens | avg tokens/s |\n|---|---|---|---|---|\n" +
	"| 1 | 1.0 | 0.70 | 64 | 91.4 |\n| 10 | 9.9 | 0.72 | 64 | 88.9 |\n| 50 | 49.4 | 0.87 | 64 | 73.6 |\n"

func TestPerRequestRateIsTokensOverLatency(t *testing.T) {
	g := grid{file: "t.md", header: []string{"qps", "achieved req/s", "avg latency (s)", "avg output tokens", "avg tokens/s"},
		rows:  [][]string{{"1", "1.0", "0.70", "64", "91.4"}, {"10", "9.9", "0.72", "64", "88.9"}, {"50", "49.4", "0.87", "64", "73.6"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colPerUser, r.cols[4].kind)
	require.Contains(t, r.notes, `t.md: "avg tokens/s" read as one request's rate, not the node's: on every row it is "avg output tokens" ÷ "avg latency (s)", a request's output tokens over its latency`)
}

// The refusal names the node's rate the table holds all the same: served
// req/s × the mean output tokens per request.
func TestPerRequestRateRefusalNamesTheNodeRate(t *testing.T) {
	_, err := Read("t.md", []byte(perRequestRows), Markdown, Meta{})
	require.ErrorContains(t, err, `no throughput column`)
	require.ErrorContains(t, err, `"avg tokens/s" is one request's rate: on every row it is "avg output tokens" ÷ "avg latency (s)"`)
	require.ErrorContains(t, err, `the node's output tok/s is "achieved req/s" × "avg output tokens" on each row`)
}

// A decode speed is the tokens over the time after the first token: read
// as one request's rate too, and with no node rate beside it refused.
func TestPerRequestDecodeRateIsTokensOverE2EMinusTTFT(t *testing.T) {
	doc := "| concurrency | TTFT mean (ms) | E2E mean (ms) | output tokens | tok/s |\n|---|---|---|---|---|\n" +
		"| 1 | 300 | 2300 | 200 | 100 |\n| 8 | 500 | 3000 | 200 | 80 |\n| 32 | 1500 | 6500 | 200 | 40 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, `"tok/s" is one request's rate: on every row it is "output tokens" ÷ ("E2E mean (ms)" − "TTFT mean (ms)"), a request's output tokens over its time after the first`)
}

// The node's rate is no request's: req/s × tokens is tokens ÷ latency only
// at one request in flight, and elsewhere it is that many times more.
func TestNodeRateIsNotTokensOverLatency(t *testing.T) {
	doc := "| concurrency | E2E mean (s) | avg output tokens | output tok/s |\n|---|---|---|---|\n" +
		"| 1 | 2.0 | 128 | 64 |\n| 4 | 2.2 | 128 | 232 |\n| 16 | 3.0 | 128 | 680 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 680.0, s.Points[2].ThroughputTokS)
}

// At one request in flight the node's rate is the request's: nothing tells
// them apart, so the column stays the throughput.
func TestOneInFlightKeepsTheRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"rate (req/s)", "achieved req/s", "E2E mean (s)", "avg output tokens", "tok/s"},
		rows:  [][]string{{"0.1", "0.1", "2.0", "128", "64"}, {"0.2", "0.2", "2.1", "128", "61"}, {"0.4", "0.4", "2.3", "128", "56"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colThroughput, r.cols[4].kind)
}

// A column --column names as the throughput is the user's reading: kept.
func TestPerRequestRateKeptWhenPicked(t *testing.T) {
	g := grid{file: "t.md", header: []string{"qps", "achieved req/s", "avg latency (s)", "avg output tokens", "avg tokens/s"},
		rows:  [][]string{{"1", "1.0", "0.70", "64", "91.4"}, {"10", "9.9", "0.72", "64", "88.9"}, {"50", "49.4", "0.87", "64", "73.6"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{Columns: map[string]string{"throughput": "avg tokens/s"}})
	require.NoError(t, err)
	require.Equal(t, colThroughput, r.cols[4].kind)
}

// A rate sweep prints no concurrency, but Little's law gives it (served
// req/s × mean E2E): the rate that times it is the other is a stream's.
func TestPerStreamRateByLittlesLaw(t *testing.T) {
	g := grid{file: "t.md", header: []string{"rate (req/s)", "achieved req/s", "E2E mean (s)", "tok/s", "speed (tok/s)"},
		rows:  [][]string{{"1", "1", "2.0", "118", "60"}, {"4", "3.9", "2.4", "480", "52"}, {"16", "12", "4.0", "1500", "32"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colThroughput, r.cols[3].kind)
	require.Equal(t, colPerUser, r.cols[4].kind)
	require.Contains(t, r.notes, `t.md: "speed (tok/s)" read as a per-stream rate, not the node's: on every row it is "tok/s" divided by the requests in flight (Little's law: "achieved req/s" × "E2E mean (s)")`)
}

// Without a served rate Little's law cannot speak (an offered rate past
// the knee is not what was in flight): the two stay candidates.
func TestPerStreamRateNeedsAServedRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"rate (req/s)", "E2E mean (s)", "tok/s", "speed (tok/s)"},
		rows:  [][]string{{"1", "2.0", "118", "60"}, {"4", "2.4", "480", "52"}, {"16", "4.0", "1500", "32"}},
		lines: []int{3, 4, 5}}
	_, err := resolveColumns(g, nil, 0, Meta{})
	require.ErrorContains(t, err, `columns "tok/s" and "speed (tok/s)" both read as throughput`)
}

// A closed loop prints no latency, but the node's rate is still the
// served req/s × the tokens per request: a rate that times the
// concurrency is that, and does not fall at every level, is one request's.
func TestPerRequestRateIsTheNodeRateOverTheConcurrency(t *testing.T) {
	doc := "| concurrency | req/s | mean output tokens | avg tok/s |\n|---|---|---|---|\n" +
		"| 1 | 0.5 | 100 | 50 |\n| 2 | 1.02 | 100 | 52 |\n| 8 | 3.6 | 100 | 45 |\n| 16 | 6.4 | 100 | 40 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, `"avg tok/s" is one request's rate: on every row it is "req/s" × "mean output tokens" ÷ "concurrency", the node's output rate shared among the requests in flight`)
	require.ErrorContains(t, err, `the node's output tok/s is "req/s" × "mean output tokens" on each row`)
}
