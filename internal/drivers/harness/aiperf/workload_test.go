package aiperf

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

func ratePlan() sweep.Plan {
	return sweep.Plan{ID: "knee-rate", Rates: []float64{2, 4.5}, Arrivals: sweep.ArrivalsPoisson, RateDurationS: 60, MaxInFlight: 512,
		GPUs: 2, Model: "sim-llm", Endpoint: "http://127.0.0.1:18001", API: "chat", InputTokens: 128, OutputTokens: 128, MinRequests: 100}
}

// The default workload on a --per-gpu ladder stays aicr's exact command.
func TestArgumentsOfTheDefaultLadderAreAicrs(t *testing.T) {
	p, lvl := c128()
	args, err := Arguments(p, lvl, "/tmp/aiperf", "unused")
	require.NoError(t, err)
	require.Equal(t, Args(p, lvl, "/tmp/aiperf"), args)
}

// A rate level is a request-rate run: the offered rate, the arrival
// process, --max-in-flight as AIPerf's concurrency bound, rate × duration
// requests and no warm-up.
func TestArgumentsRunEachRateAsARequestRateRun(t *testing.T) {
	p := ratePlan()
	lv := p.Levels()
	args, err := Arguments(p, lv[1], "/out", "in.jsonl")
	require.NoError(t, err)
	joined := strings.Join(args, " ")
	require.Contains(t, joined, "--endpoint-type chat --streaming --request-rate 4.5 --request-rate-mode poisson --concurrency 512 --request-count 270 --warmup-request-count 0 ")
	require.Contains(t, joined, "--prompt-input-tokens-mean 128 --prompt-input-tokens-stddev 0 --prompt-output-tokens-mean 128 --prompt-output-tokens-stddev 0 --num-dataset-entries 100")
	require.NotContains(t, joined, "ignore_eos", "the default workload sends what aicr sends")
	p.Arrivals = sweep.ArrivalsConstant
	args, _ = Arguments(p, lv[0], "/out", "in.jsonl")
	require.Contains(t, strings.Join(args, " "), "--request-rate 2 --request-rate-mode constant --concurrency 512 --request-count 120 ")
}

func TestArgumentsTranslateEachWorkloadKind(t *testing.T) {
	fixed := func(n int) sweep.LengthDist { return sweep.LengthDist{Kind: sweep.DistFixed, Value: n} }
	jsonl := sweep.DataFile{File: "p.jsonl", SHA256: "ab", Format: "jsonl", Entries: 3}
	for _, tc := range []struct {
		name string
		w    sweep.Workload
		has  []string
		not  []string
	}{
		{"normal input, EOS allowed", sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistNormal, Mean: 512, SD: 64, Max: 768}, Output: fixed(64)},
			[]string{"--prompt-input-tokens-mean 512 --prompt-input-tokens-stddev 64 --prompt-output-tokens-mean 64 --prompt-output-tokens-stddev 0 --num-dataset-entries 100 --random-seed 100 --extra-inputs temperature:0 --output-artifact-dir"},
			[]string{"ignore_eos"}},
		{"shared prefix", sweep.Workload{Input: fixed(100), Output: fixed(50), SharedPrefix: &sweep.SharedPrefix{Count: 8, Tokens: 2000}, IgnoreEOS: true},
			[]string{"--prompt-output-tokens-stddev 0 --prompt-prefix-pool-size 8 --prompt-prefix-length 2000 --num-dataset-entries 100", "--extra-inputs temperature:0 --extra-inputs ignore_eos:true --output-artifact-dir"}, nil},
		{"dataset", sweep.Workload{Input: fixed(100), Output: fixed(50), Dataset: &jsonl, IgnoreEOS: true},
			[]string{"--prompt-output-tokens-mean 50 --prompt-output-tokens-stddev 0 --input-file /w/inputs.jsonl --custom-dataset-type single_turn --random-seed 100"},
			[]string{"--prompt-input-tokens-mean", "--num-dataset-entries"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, lvl := c128()
			w := tc.w
			p.Workload = &w
			args, err := Arguments(p, lvl, "/out", "/w/inputs.jsonl")
			require.NoError(t, err)
			joined := strings.Join(args, " ")
			require.Contains(t, joined, "--concurrency 128 --request-count 1024 --warmup-request-count 128")
			for _, s := range tc.has {
				require.Contains(t, joined, s)
			}
			for _, s := range tc.not {
				require.NotContains(t, joined, s)
			}
		})
	}
}

func TestArgumentsRefuseWhatAIPerfCannotExpress(t *testing.T) {
	fixed := sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}
	for _, tc := range []struct {
		name  string
		w     sweep.Workload
		field string
		says  string
	}{
		{"uniform", sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistUniform, Min: 64, Max: 512}, Output: fixed}, "--input-dist", "not uniform:64-512"},
		{"lengths file", sweep.Workload{Input: fixed, Output: sweep.LengthDist{Kind: sweep.DistFile, File: "o.txt", SHA256: "ab"}}, "--output-dist", "not file:o.txt"},
		{"clipped normal", sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistNormal, Mean: 512, SD: 128, Max: 600}, Output: fixed}, "--input-dist", "clips it at 600"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, lvl := c128()
			w := tc.w
			p.Workload = &w
			_, err := Arguments(p, lvl, "/out", "in")
			var in *inputerr.Error
			require.True(t, errors.As(err, &in), "%v", err)
			require.Equal(t, tc.field, in.Field)
			require.ErrorContains(t, err, "aiperf")
			require.ErrorContains(t, err, tc.says)
		})
	}
}

func dataFile(t *testing.T, path string) *sweep.DataFile {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	s := sha256.Sum256(b)
	return &sweep.DataFile{File: path, SHA256: hex.EncodeToString(s[:])}
}

// A dataset becomes AIPerf's single_turn JSONL of the prompts knee reads;
// an entry with its own output length is refused (single_turn has none):
// fixtures/workload/prompts.jsonl's entry 1 asks for 64 tokens, and every
// ShareGPT entry with a reply asks for the reply's length.
func TestInputFileIsTheDatasetsPrompts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.jsonl")
	require.NoError(t, os.WriteFile(path, []byte("{\"prompt\": \"Say \\\"hi\\\".\"}\n\n{\"prompt\": \"Count to three.\"}\n"), 0o644))
	p, _ := c128()
	p.Workload = &sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: 3}, Output: sweep.LengthDist{Kind: sweep.DistFixed, Value: 16}, Dataset: dataFile(t, path)}
	b, err := InputFileContent(p)
	require.NoError(t, err)
	require.Equal(t, "{\"text\":\"Say \\\"hi\\\".\"}\n{\"text\":\"Count to three.\"}\n", string(b))

	require.NoError(t, os.WriteFile(path, []byte("{\"prompt\": \"changed\"}\n"), 0o644))
	_, err = InputFileContent(p)
	require.ErrorContains(t, err, "the file changed since the sweep started")

	p.Workload.Dataset = dataFile(t, fixtures.Path("workload/prompts.jsonl"))
	_, err = InputFileContent(p)
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Regexp(t, `^\[\d+\]$`, in.Field)
	require.ErrorContains(t, err, "aiperf's single_turn dataset has no per-entry output length")
}

// A rate level reads its point from a rate run's export only: the real
// c128 export is a concurrency run (no input_config.loadgen.request_rate).
func TestParseRefusesAConcurrencyExportForARateLevel(t *testing.T) {
	export, err := os.ReadFile(fixtures.Path("aiperf/simserver-v0.1.1-db4f639-chat-c128/profile_export_aiperf.json"))
	require.NoError(t, err)
	p := ratePlan()
	_, err = Parse(export, "e.json", p, p.Levels()[0])
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, "input_config.loadgen.request_rate", in.Field)
	require.ErrorContains(t, err, "is missing but level 0: 2 req/s (120 requests) offers 2 req/s")
}
