package builtin_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep"
)

// workloadPlan is a plan whose requests w describes, its files read.
func workloadPlan(t *testing.T, url, api string, w sweep.Workload) sweep.Plan {
	t.Helper()
	pw, err := builtin.PrepareWorkload(w)
	require.NoError(t, err)
	p := plan(url, api, 1, 0, 0)
	p.InputTokens, p.OutputTokens = pw.MeanLengths()
	p.Workload = pw.Spec()
	return p
}

func fixedLen(n int) sweep.LengthDist { return sweep.LengthDist{Kind: sweep.DistFixed, Value: n} }

func cachedServer(t *testing.T) (*simserver.Server, string) {
	cfg := modelCfg()
	cfg.PrefixCacheBlocks = 4096
	return serve(t, cfg)
}

// Shared prefixes hit the simulated server's prefix cache; distinct
// prompts never do (no body repeats: the level sends fewer requests than
// it has distinct bodies). The hit counts are exact: each prefix's first
// request misses, every later one finds its 32-token prefix (2 blocks of
// 16) and nothing of its own random suffix.
func TestSharedPrefixesHitThePrefixCache(t *testing.T) {
	srv, url := cachedServer(t)
	ex := builtin.New(builtin.Options{Timeout: 30 * time.Second, Seed: 5})
	w := sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistUniform, Min: 8, Max: 24}, Output: fixedLen(4), IgnoreEOS: true}
	_, err := ex.RunLevel(context.Background(), workloadPlan(t, url, "completion", w), level(8, 1, 64, 8))
	require.NoError(t, err)
	st := srv.Stats()
	require.Greater(t, st.PrefixQueries, int64(72*8), "72 prompts of at least 8 tokens were looked up")
	require.Zero(t, st.PrefixHits, "distinct random prompts share no block")

	srv, url = cachedServer(t)
	w.SharedPrefix = &sweep.SharedPrefix{Count: 2, Tokens: 32}
	ex = builtin.New(builtin.Options{Timeout: 30 * time.Second, Seed: 5})
	res, err := ex.RunLevel(context.Background(), workloadPlan(t, url, "chat", w), level(8, 1, 64, 8))
	require.NoError(t, err)
	st = srv.Stats()
	require.Equal(t, int64(70*32), st.PrefixHits, "72 requests, 2 of them the first of their prefix")
	require.InDelta(t, 32+16, *res.Points[0].InputTokensMean, 1.5, "the prefix and a suffix of 8–24 words, as the server counted them")

	// The same counters on /metrics, by vLLM v1's names.
	resp, err := http.Get(url + "/metrics")
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Contains(t, string(b), `vllm:prefix_cache_hits_total{engine="0",model_name="simulated/model"} 2240.0`)
	require.Contains(t, string(b), "# TYPE vllm:prefix_cache_queries_total counter\n")
}

// Without ignore_eos the simulated model ends outputs early (at a length
// drawn from each prompt's hash, in [max/2, max]): the harness records the
// tokens the server produced, fewer than max_tokens; with it, exactly
// max_tokens.
func TestEOSOutputsEndBeforeMaxTokens(t *testing.T) {
	_, url := serve(t, modelCfg())
	w := sweep.Workload{Input: fixedLen(16), Output: fixedLen(40), IgnoreEOS: false}
	res, err := builtin.New(builtin.Options{Timeout: 30 * time.Second, JSONL: true}).RunLevel(context.Background(), workloadPlan(t, url, "completion", w), level(8, 1, 48, 8))
	require.NoError(t, err)
	mean := *res.Points[0].OutputTokensMean
	require.Less(t, mean, 36.0)
	require.Greater(t, mean, 24.0)
	short := 0
	for _, line := range strings.Split(strings.TrimSpace(string(res.Raw["requests.jsonl"])), "\n") {
		require.NotContains(t, line, `"output_tokens":0`)
		if !strings.Contains(line, `"output_tokens":40`) {
			short++
		}
	}
	require.Greater(t, short, 40, "most of 56 requests stopped before 40 tokens")

	w.IgnoreEOS = true
	res, err = builtin.New(builtin.Options{Timeout: 30 * time.Second}).RunLevel(context.Background(), workloadPlan(t, url, "completion", w), level(8, 1, 48, 8))
	require.NoError(t, err)
	require.Equal(t, 40.0, *res.Points[0].OutputTokensMean)
}

// A dataset's prompts go as they are, with each entry's own output length.
func TestDatasetPromptsAreSent(t *testing.T) {
	srv, url := serve(t, modelCfg())
	w := sweep.Workload{Input: fixedLen(128), Output: fixedLen(8), Dataset: &sweep.DataFile{File: fixtures.Path("workload/prompts.jsonl")}, IgnoreEOS: true}
	p := workloadPlan(t, url, "chat", w)
	require.Equal(t, &sweep.DataFile{File: fixtures.Path("workload/prompts.jsonl"), SHA256: p.Workload.Dataset.SHA256, Format: "jsonl", Entries: 5}, p.Workload.Dataset)
	require.Equal(t, 11, p.InputTokens, "the prompts' mean words, (9 + 7 + 16 + 9 + 12)/5 = 10.6")
	require.Equal(t, 26, p.OutputTokens, "(64 + 12 + 8 + 40 + 8)/5 = 26.4")
	res, err := builtin.New(builtin.Options{Timeout: 30 * time.Second, JSONL: true}).RunLevel(context.Background(), p, level(4, 1, 40, 4))
	require.NoError(t, err)
	outs := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(res.Raw["requests.jsonl"])), "\n") {
		i := strings.Index(line, `"output_tokens":`)
		outs[strings.TrimRight(line[i+len(`"output_tokens":`):], "}")] = true
	}
	require.Equal(t, map[string]bool{"64": true, "12": true, "8": true, "40": true}, outs, "each entry's own length, else --output-dist's 8")
	require.Equal(t, int64(44), srv.Stats().Completed)
}

// The same seed sends the same requests: a level run again (as --resume
// runs a failed one) sends request i the same prompt and max_tokens, and
// without ignore_eos the simulated model ends it at the same length
// whatever order the requests arrived in. requests.jsonl shows it: the
// server's prompt and completion token counts, request by request.
func TestTheSameSeedSendsTheSameRequests(t *testing.T) {
	_, url := serve(t, modelCfg())
	w := sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistNormal, Mean: 24, SD: 8, Max: 56}, Output: sweep.LengthDist{Kind: sweep.DistUniform, Min: 8, Max: 24},
		SharedPrefix: &sweep.SharedPrefix{Count: 3, Tokens: 16}, IgnoreEOS: false}
	p := workloadPlan(t, url, "completion", w)
	lengths := func(seed int64) []string {
		res, err := builtin.New(builtin.Options{Timeout: 30 * time.Second, JSONL: true, Seed: seed}).RunLevel(context.Background(), p, level(8, 1, 40, 8))
		require.NoError(t, err)
		var out []string
		for _, line := range strings.Split(strings.TrimSpace(string(res.Raw["requests.jsonl"])), "\n") {
			i := strings.Index(line, `"input_tokens"`)
			out = append(out, strings.SplitN(line[i:], `,"error"`, 2)[0])
		}
		require.Len(t, out, 48)
		return out
	}
	a := lengths(11)
	require.Equal(t, a, lengths(11))
	require.NotEqual(t, a, lengths(12), "another seed, other requests")
}
