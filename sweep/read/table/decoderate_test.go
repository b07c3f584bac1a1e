package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a "Decode TPS" that is 1000 ÷ TPOT on every row, falling as
// the load grows, beside the served QPS and the output tokens per request
// (batch w's shape): one stream's decode rate, and the node's rate is
// QPS × tokens.
func TestDecodeRateOfTPOTIsOneStreams(t *testing.T) {
	md := "| Concurrency | QPS | Decode TPS (token/s) | TTFT (ms) | TPOT (ms) | Actual output tokens |\n|---|---|---|---|---|---|\n" +
		"| 1 | 0.05 | 43.5 | 50 | 22.99 | 800 |\n| 10 | 0.5 | 39.0 | 51 | 25.65 | 800 |\n| 40 | 1.6 | 32.6 | 93 | 30.67 | 800 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.InDelta(t, 40.0, s.Points[0].ThroughputTokS, 0.01)
	require.InDelta(t, 1280.0, s.Points[2].ThroughputTokS, 0.01)
	require.Contains(t, s.Notes, `t.md: "Decode TPS (token/s)" read as one stream's decode rate, not the node's: on every row it is 1000 ÷ "TPOT (ms)" (one token per TPOT), or just above as a mean of per-request rates is, and some row has several streams in flight`)

	// Without the tokens per request the table has no node rate.
	md = "| Concurrency | QPS | Decode TPS (token/s) | TTFT (ms) | TPOT (ms) |\n|---|---|---|---|---|\n" +
		"| 1 | 0.05 | 43.5 | 50 | 22.99 |\n| 10 | 0.5 | 39.0 | 51 | 25.65 |\n| 40 | 1.6 | 32.6 | 93 | 30.67 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"Decode TPS (token/s)" is one stream's decode rate: on every row it is 1000 ÷ "TPOT (ms)"`)

	// A rate far from 1000 ÷ TPOT on one row is not one stream's.
	md = "| Concurrency | Decode TPS (token/s) | TTFT (ms) | TPOT (ms) |\n|---|---|---|---|\n" +
		"| 1 | 43.5 | 50 | 22.99 |\n| 10 | 390 | 51 | 25.65 |\n| 40 | 1300 | 93 | 30.67 |\n"
	s, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 1300.0, s.Points[2].ThroughputTokS, 0.01)

	// Simulated after a real LM Studio summary (batch z): a mean of
	// per-request rates sits at 1000 ÷ the mean TPOT alone, then above it
	// as the TPOTs spread under contention (10.0 tok/s at 119.2 ms, 8.4 by
	// the inverse): still one stream's, never the node's.
	md = "| Concurrency | Avg TTFT (s) | Avg TPOT (s) | Avg tokens/s |\n|---|---|---|---|\n" +
		"| 1 | 0.43 | 0.0414 | 24.2240 |\n| 2 | 0.63 | 0.0393 | 25.4310 |\n| 4 | 0.96 | 0.0641 | 16.2080 |\n| 8 | 1.54 | 0.1192 | 10.0250 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"Avg tokens/s" is one stream's decode rate`)

	// Below the inverse is no mean of rates: a node's rate stays the node's.
	md = "| Concurrency | Avg TPOT (s) | tokens/s |\n|---|---|---|\n" +
		"| 1 | 0.0414 | 24.2 |\n| 2 | 0.0393 | 20.0 |\n| 4 | 0.0641 | 14.0 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.NotContains(t, errText(err), "one stream's decode rate")
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// Synthetic: a rate that falls at every step over a load from 64 while the
// served request rate rises is a stream's, whatever the lowest level; one
// that falls with no request rate beside it may be a node past its knee
// (fallingrate_test.go).
func TestFallingRateWhileServedRateRisesIsAStreams(t *testing.T) {
	md := "| Concurrency | Request throughput (req/s) | tok/s | TTFT (ms) |\n|---|---|---|---|\n" +
		"| 64 | 2.0 | 40 | 100 |\n| 128 | 3.1 | 31 | 180 |\n| 256 | 3.9 | 22 | 900 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"tok/s" is a per-stream rate`)
}

// Synthetic: a strict output length the text states makes the node's rate
// from the served QPS beside a stream's decode rate; a cap without
// ignore_eos or a strict output makes it too, read as an upper bound with a
// note (requesttokens.go).
func TestStrictOutputLengthDerivesNodeRate(t *testing.T) {
	table := "| Concurrency | QPS | Decode TPS (token/s) | TTFT (ms) | TPOT (ms) |\n|---|---|---|---|---|\n" +
		"| 1 | 0.05 | 43.5 | 50 | 22.99 |\n| 10 | 0.5 | 39.0 | 51 | 25.65 |\n| 40 | 1.6 | 32.6 | 93 | 30.67 |\n"
	for _, text := range []string{"Client: `bench.py --out-tokens 800`, strict output = 800.\n\n", "每个请求严格输出=800。\n\n"} {
		s, err := Read("t.md", []byte(text+table), Markdown, Meta{})
		require.NoError(t, err, text)
		require.InDelta(t, 1280.0, s.Points[2].ThroughputTokS, 0.01, text)
	}
	s, err := Read("t.md", []byte("Client: `bench.py --max-tokens 800`.\n\n"+table), Markdown, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 1280.0, s.Points[2].ThroughputTokS, 0.01)
	require.Contains(t, strings.Join(s.Notes, "\n"), "is an upper bound on the output rate")
}

// Synthetic: no stream decodes faster than one token per TPOT: a rate the
// header calls one request's that rises with the load far above 1000 ÷
// TPOT is the node's; one above it that falls (input tokens counted too)
// stays a request's.
func TestRateAboveOneStreamIsTheNodes(t *testing.T) {
	md := "| Concurrency | TTFT P50 | TPOT P50 | Request-window TPS |\n|---:|---:|---:|---:|\n" +
		"| 1 | 33.37 ms | 5.80 ms | 170.8 |\n| 4 | 72.18 ms | 5.83 ms | 669.7 |\n| 8 | 119.66 ms | 5.99 ms | 1282.5 |\n| 32 | 351.34 ms | 7.31 ms | 2741.8 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 2741.8, s.Points[3].ThroughputTokS, 0.01)

	// Printed from the highest load down: the same reading.
	md = "| Concurrency | TTFT P50 | TPOT P50 | Request-window TPS |\n|---:|---:|---:|---:|\n" +
		"| 32 | 351.34 ms | 7.31 ms | 2741.8 |\n| 8 | 119.66 ms | 5.99 ms | 1282.5 |\n| 4 | 72.18 ms | 5.83 ms | 669.7 |\n| 1 | 33.37 ms | 5.80 ms | 170.8 |\n"
	s, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.InDelta(t, 2741.8, s.Points[0].ThroughputTokS, 0.01)

	md = "| Concurrency | TTFT P50 | TPOT P50 | Request TPS |\n|---:|---:|---:|---:|\n" +
		"| 1 | 33.37 ms | 5.80 ms | 900 |\n| 4 | 72.18 ms | 5.83 ms | 800 |\n| 8 | 119.66 ms | 5.99 ms | 700 |\n| 32 | 351.34 ms | 7.31 ms | 500 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"Request TPS" is per-user throughput`)
}
