package builtin

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

func lengths(t *testing.T, spec string) sweep.LengthDist {
	t.Helper()
	d, err := sweep.ParseLengthDist("--input-dist", spec)
	require.NoError(t, err)
	return d
}

func prepare(t *testing.T, w sweep.Workload) *Workload {
	t.Helper()
	if w.Output.Kind == "" {
		w.Output = sweep.LengthDist{Kind: sweep.DistFixed, Value: 128}
	}
	p, err := PrepareWorkload(w)
	require.NoError(t, err)
	return p
}

// Each distribution's samples for one fixed seed: 10,000 draws from
// PCG(1, 2). The figures pin the sampler (a change of it changes which
// requests a seed sends, so resumed sweeps would differ) and show each
// distribution stays in its bounds: uniform's mean near (64+512)/2, the
// normal's near 512 and clipped at 1 and 512+4·128, the file's the mean of
// its 10 lines (144.8).
func TestLengthDistributionsSampleTheirParameters(t *testing.T) {
	for _, c := range []struct {
		spec     string
		mean     float64
		min, max int
	}{
		{"fixed:128", 128, 128, 128},
		{"uniform:64-512", 288.04, 64, 512},
		{"normal:512,128", 513.09, 1, 1024},
		{"normal:100,80,150", 91.47, 1, 150},
		{"file:" + fixtures.Path("workload/lengths.txt"), 144.64, 16, 512},
	} {
		w := prepare(t, sweep.Workload{Input: lengths(t, c.spec), IgnoreEOS: true})
		rng := rand.New(rand.NewPCG(1, 2))
		sum, lo, hi := 0, 1<<30, 0
		for i := 0; i < 10000; i++ {
			v := sampleLength(w.spec.Input, rng, w.inLens)
			sum, lo, hi = sum+v, min(lo, v), max(hi, v)
		}
		require.InDelta(t, c.mean, float64(sum)/10000, 0.005, c.spec)
		require.Equal(t, c.min, lo, c.spec)
		require.Equal(t, c.max, hi, c.spec)
	}
}

func TestLengthsFiles(t *testing.T) {
	w := prepare(t, sweep.Workload{Input: lengths(t, "file:"+fixtures.Path("workload/lengths.txt")), IgnoreEOS: true})
	require.Equal(t, []int{32, 64, 128, 256, 48, 96, 512, 16, 200, 100}, w.inLens, "the comment and the blank line are skipped")
	require.False(t, w.spec.Input.Paired)
	require.Equal(t, "0e5dcf3a47dd6eda79fadf73ec3d4b60a69af2794d8a5a61af20d98236d488bc", w.spec.Input.SHA256)
	in, out := w.MeanLengths()
	require.Equal(t, []int{145, 128}, []int{in, out}, "the file's mean, 144.8, and the fixed output")

	// Two columns pair an input with an output length, and set both.
	w = prepare(t, sweep.Workload{Input: lengths(t, "file:"+fixtures.Path("workload/lengths-pairs.txt")), IgnoreEOS: true})
	require.True(t, w.spec.Input.Paired)
	require.Equal(t, w.spec.Input, w.spec.Output)
	require.Equal(t, []int{20, 40, 60, 80, 100, 120}, w.outLens)
	in, out = w.MeanLengths()
	require.Equal(t, []int{350, 70}, []int{in, out})
	bodies, err := buildWorkloadBodies("completion", "m", w, 1, 0, 50)
	require.NoError(t, err)
	for _, b := range bodies {
		var req struct {
			Prompt    string `json:"prompt"`
			MaxTokens int    `json:"max_tokens"`
		}
		require.NoError(t, json.Unmarshal(b.json, &req))
		require.Equal(t, b.inputTokens/5, req.MaxTokens, "each line's output goes with its input")
		require.Len(t, strings.Fields(req.Prompt), b.inputTokens)
	}

	// Bad lines are exit 2 naming the file and the line.
	_, err = PrepareWorkload(sweep.Workload{Input: lengths(t, "file:"+fixtures.Path("workload/bad-lengths.txt")), Output: lengths(t, "fixed:8")})
	var ie *inputerr.Error
	require.True(t, errors.As(err, &ie), "%v", err)
	require.Equal(t, fixtures.Path("workload/bad-lengths.txt"), ie.File)
	require.Equal(t, 3, ie.Line)
	require.Contains(t, ie.Msg, `"thirty" is not a token count`)

	dir := t.TempDir()
	for name, content := range map[string]string{
		"mixed.txt": "10 20\n30\n", "zero.txt": "0\n", "empty.txt": "# nothing\n\n", "three.txt": "1 2 3\n",
	} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
		_, err := PrepareWorkload(sweep.Workload{Input: lengths(t, "file:"+path), Output: lengths(t, "fixed:8")})
		require.True(t, errors.As(err, &ie), "%s: %v", name, err)
		require.Equal(t, path, ie.File, name)
	}
	// A two-column file belongs to --input-dist.
	_, err = PrepareWorkload(sweep.Workload{Input: lengths(t, "fixed:8"), Output: sweep.LengthDist{Kind: sweep.DistFile, File: fixtures.Path("workload/lengths-pairs.txt")}})
	require.ErrorContains(t, err, "give it as --input-dist")
}

// A resumed sweep whose file changed is refused by its SHA-256.
func TestChangedFilesAreRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "prompts.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(`{"prompt":"a b c"}`+"\n"), 0o644))
	w := prepare(t, sweep.Workload{Input: lengths(t, "fixed:8"), Dataset: &sweep.DataFile{File: path}, IgnoreEOS: true})
	spec := w.Spec()
	require.Equal(t, &sweep.DataFile{File: path, SHA256: "7232f09a95a702d4e6685d699a3b4b1d24d28051065d8a88553db0a140516efe", Format: "jsonl", Entries: 1}, spec.Dataset)
	_, err := PrepareWorkload(*spec)
	require.NoError(t, err, "the same content")
	require.NoError(t, os.WriteFile(path, []byte(`{"prompt":"a b d"}`+"\n"), 0o644))
	_, err = PrepareWorkload(*spec)
	var ie *inputerr.Error
	require.True(t, errors.As(err, &ie), "%v", err)
	require.Equal(t, path, ie.File)
	require.Equal(t, "--dataset", ie.Field)
	require.Contains(t, ie.Msg, "the file changed since the sweep started")
}

func TestDatasetsParse(t *testing.T) {
	p, format, err := parseDataset("s.json", mustRead(t, "workload/sharegpt-small.json"))
	require.NoError(t, err)
	require.Equal(t, formatShareGPT, format)
	require.Len(t, p, 5, "entry 2 has no human turn and is skipped")
	require.Equal(t, datasetPrompt{text: "How do I find the throughput knee of an inference server?", words: 11, output: 14}, p[0])
	require.Equal(t, datasetPrompt{text: "Explain prefix caching in one sentence please.", words: 7, output: 10}, p[2], "the first human turn, after a system turn")
	require.Equal(t, 0, p[3].output, "no reply: the output distribution decides")
	require.Equal(t, 5, p[4].words, "the first human turn of a longer conversation")
	require.Equal(t, 14, p[4].output)

	p, format, err = parseDataset("p.jsonl", mustRead(t, "workload/prompts.jsonl"))
	require.NoError(t, err)
	require.Equal(t, formatJSONL, format)
	var outs []int
	for _, e := range p {
		outs = append(outs, e.output)
	}
	require.Equal(t, []int{64, 12, 0, 40, 0}, outs, "output_tokens, else max_tokens, else none")
	require.Equal(t, 9, p[0].words)
}

func mustRead(t *testing.T, fixture string) []byte {
	t.Helper()
	b, err := os.ReadFile(fixtures.Path(fixture))
	require.NoError(t, err)
	return b
}

func TestBadDatasetsNameTheFileAndEntry(t *testing.T) {
	var ie *inputerr.Error
	_, _, err := parseDataset("bad.json", mustRead(t, "workload/bad-sharegpt-turn.json"))
	require.True(t, errors.As(err, &ie), "%v", err)
	require.Equal(t, "bad.json", ie.File)
	require.Equal(t, "[1].conversations[0]", ie.Field)
	require.Contains(t, ie.Msg, "entry 1")

	_, _, err = parseDataset("bad.jsonl", mustRead(t, "workload/bad-prompts.jsonl"))
	require.True(t, errors.As(err, &ie), "%v", err)
	require.Equal(t, "bad.jsonl", ie.File)
	require.Equal(t, 4, ie.Line)
	require.Equal(t, "[2]", ie.Field)
	require.Equal(t, "entry 2 is malformed: prompt is a JSON number, want a string", ie.Msg)

	for _, c := range []struct{ data, field, msg string }{
		{`hello`, "--dataset", "not a dataset"},
		{`[]`, "--dataset", "no usable prompt"},
		{`[{"conversations": 3}]`, "[0]", "conversations is a JSON number, want an array"},
		{`[{"id": 1}]`, "[0].conversations", "no conversations array"},
		{`[1]`, "[0]", "entry 0 is malformed"},
		{`[{"conversations": []}] x`, "", "data after the closing ]"},
		{`[{"conversations": [{"from": "human", "value": "a"}]}`, "", "after entry 1"},
		{`{"prompt": ""}`, "[0].prompt", "no prompt string"},
		{`{"prompt": "a", "output_tokens": 0}`, "[0].output_tokens", "0 is not a token count"},
		{`{"prompt": "a"} {"prompt": "b"}`, "[0]", "more than one JSON value"},
		{`{"prompt": "a"` + "\n", "[0]", "entry 0 is malformed"},
	} {
		_, _, err := parseDataset("d", []byte(c.data))
		require.True(t, errors.As(err, &ie), "%s: %v", c.data, err)
		require.Equal(t, c.field, ie.Field, c.data)
		require.Contains(t, ie.Msg, c.msg, c.data)
	}

	// The entry cap holds whatever the file's size.
	big := strings.Repeat(`{"prompt":"a"}`+"\n", maxDatasetEntries+1)
	_, _, err = parseDataset("big.jsonl", []byte(big))
	require.True(t, errors.As(err, &ie), "%v", err)
	require.Equal(t, maxDatasetEntries+1, ie.Line)
	require.Contains(t, ie.Msg, "more than 200000 entries")
}

// The same seed builds the same requests (a resumed level sends what the
// first run sent); shared prefixes are the same on every level, and each
// request's prompt starts with one of them.
func TestWorkloadBodiesAreSeeded(t *testing.T) {
	w := prepare(t, sweep.Workload{Input: lengths(t, "uniform:8-16"), Output: lengths(t, "normal:32,8"),
		SharedPrefix: &sweep.SharedPrefix{Count: 3, Tokens: 20}, IgnoreEOS: false})
	a, err := buildWorkloadBodies("completion", "m", w, 7, 2, 200)
	require.NoError(t, err)
	b, err := buildWorkloadBodies("completion", "m", w, 7, 2, 200)
	require.NoError(t, err)
	require.Equal(t, a, b)
	c, err := buildWorkloadBodies("completion", "m", w, 7, 3, 200)
	require.NoError(t, err)
	require.NotEqual(t, a[0].json, c[0].json, "another level draws other requests")

	prefixes, _ := sharedPrefixes(w.spec.SharedPrefix, 7)
	seen := map[string]bool{}
	for _, bodies := range [][]body{a, c} {
		for _, b := range bodies {
			var req struct {
				Prompt    string `json:"prompt"`
				MaxTokens int    `json:"max_tokens"`
				IgnoreEOS *bool  `json:"ignore_eos"`
			}
			require.NoError(t, json.Unmarshal(b.json, &req))
			f := strings.Fields(req.Prompt)
			prefix := strings.Join(f[:20], " ")
			require.Contains(t, prefixes, prefix)
			seen[prefix] = true
			require.Equal(t, len(f), b.inputTokens)
			require.GreaterOrEqual(t, len(f), 28)
			require.LessOrEqual(t, len(f), 36)
			require.False(t, *req.IgnoreEOS)
		}
	}
	require.Len(t, seen, 3, "every prefix is used")

	// Chat puts the prefix in a system message of its own.
	ch, err := buildWorkloadBodies("chat", "m", w, 7, 2, 1)
	require.NoError(t, err)
	var req struct {
		Messages []chatMessage `json:"messages"`
	}
	require.NoError(t, json.Unmarshal(ch[0].json, &req))
	require.Len(t, req.Messages, 2)
	require.Equal(t, "system", req.Messages[0].Role)
	require.Contains(t, prefixes, req.Messages[0].Content)
}

// A level cycles through at most maxWorkloadBodies distinct requests, and
// fewer when long prompts would pass the byte budget.
func TestWorkloadBodiesStayWithinTheirBudget(t *testing.T) {
	w := prepare(t, sweep.Workload{Input: lengths(t, "uniform:1-128"), IgnoreEOS: true})
	require.Equal(t, 4096, workloadBodies(w, 0))
	w = prepare(t, sweep.Workload{Input: lengths(t, "fixed:1048576"), IgnoreEOS: true})
	require.Equal(t, 32, workloadBodies(w, 0))
	require.Equal(t, 16, workloadBodies(w, 1<<20), "a prefix as long again halves them")
}

// A plan.json edited into a workload no flag makes is exit 2 naming the
// field, not a panic in the sampler or a gigabyte prompt.
func TestEditedWorkloadsAreRefused(t *testing.T) {
	fixed := sweep.LengthDist{Kind: sweep.DistFixed, Value: 8}
	for _, c := range []struct {
		w     sweep.Workload
		field string
	}{
		{sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistUniform, Min: 5, Max: 2}, Output: fixed}, "workload.input"},
		{sweep.Workload{Input: fixed, Output: sweep.LengthDist{Kind: sweep.DistNormal, Mean: 10, SD: -1, Max: 20}}, "workload.output"},
		{sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFixed, Value: sweep.MaxTokens + 1}, Output: fixed}, "workload.input"},
		{sweep.Workload{Input: sweep.LengthDist{Kind: "poisson"}, Output: fixed}, "workload.input"},
		{sweep.Workload{Input: sweep.LengthDist{Kind: sweep.DistFile}, Output: fixed}, "workload.input"},
		{sweep.Workload{Input: fixed, Output: fixed, SharedPrefix: &sweep.SharedPrefix{Count: 100_000, Tokens: 1000}}, "workload.shared_prefix"},
	} {
		_, err := PrepareWorkload(c.w)
		var ie *inputerr.Error
		require.True(t, errors.As(err, &ie), "%+v: %v", c.w, err)
		require.Equal(t, c.field, ie.Field)
	}
}
