package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/drivers/simserver"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/store"
)

// cachedTestServer is sweepTestServer's model with a prefix cache.
func cachedTestServer(t *testing.T) (*simserver.Server, string) {
	t.Helper()
	srv := simserver.New(simserver.Config{GPUs: 1, BatchPerGPU: 8, StepBase: 2 * time.Millisecond, StepPerSeq: 100 * time.Microsecond,
		PrefillPerToken: 10 * time.Microsecond, Seed: 1, PrefixCacheBlocks: 1024})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	return srv, url
}

func copyFixture(t *testing.T, fixture string) string {
	t.Helper()
	b, err := os.ReadFile(fixtures.Path(fixture))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), filepath.Base(fixture))
	require.NoError(t, os.WriteFile(path, b, 0o644))
	return path
}

// A built-in sweep of a dataset, an output length distribution and shared
// prefixes without ignore_eos, on the simulated server: the workload is
// recorded in plan.json and sweep.json, knee import reads the folder back
// to the same points and workload, --resume refuses another workload or a
// dataset that changed, and import refuses to merge it with a sweep of
// another workload.
func TestSweepWorkloadIsRecordedResumedAndImported(t *testing.T) {
	srv, url := cachedTestServer(t)
	dataset := copyFixture(t, "workload/sharegpt-small.json")
	dir := filepath.Join(t.TempDir(), "run")
	args := []string{"sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "2,4", "--stop-past-knee=false",
		"--min-requests", "24", "--requests-per-concurrency", "2", "--request-timeout", "10s", "--out", dir,
		"--dataset", dataset, "--output-dist", "uniform:4-12", "--shared-prefix", "2:32", "--ignore-eos=false"}
	code, _, errs := sweepCLI(t, args...)
	require.Equal(t, 0, code, errs)

	b, err := os.ReadFile(dataset)
	require.NoError(t, err)
	want := &sweep.Workload{
		Input:        sweep.LengthDist{Kind: sweep.DistFixed, Value: 128},
		Output:       sweep.LengthDist{Kind: sweep.DistUniform, Min: 4, Max: 12},
		Dataset:      &sweep.DataFile{File: dataset, SHA256: sha256Hex(b), Format: "sharegpt", Entries: 5},
		SharedPrefix: &sweep.SharedPrefix{Count: 2, Tokens: 32},
		IgnoreEOS:    false,
	}
	p, err := store.ReadPlan(dir)
	require.NoError(t, err)
	require.Equal(t, want, p.Workload)
	require.Equal(t, sweep.PlanWorkloadVersion, p.Version, "a knee older than workloads refuses to resume it")
	require.Equal(t, 32+8, p.InputTokens, "the prefix and the prompts' mean words, (11+5+7+10+5)/5 = 7.6")
	require.Equal(t, 11, p.OutputTokens, "the replies' words, else uniform's mean 8: (14+8+10+8+14)/5 = 10.8")
	raw, err := os.ReadFile(filepath.Join(dir, store.SweepFile))
	require.NoError(t, err)
	var onDisk sweep.Sweep
	require.NoError(t, json.Unmarshal(raw, &onDisk))
	require.Equal(t, want, onDisk.Workload)
	require.Len(t, onDisk.Points, 2)
	require.Greater(t, srv.Stats().PrefixHits, int64(0), "the shared prefixes hit the server's cache")
	for _, pt := range onDisk.Points {
		require.Less(t, *pt.OutputTokensMean, 12.0, "EOS ends outputs before max_tokens")
		require.Greater(t, *pt.InputTokensMean, 32.0)
	}

	// knee import reads the folder back: the same points and workload.
	code, out, errs := sweepCLI(t, "import", dir, "-o", "json")
	require.Equal(t, 0, code, errs)
	var imported sweep.Sweep
	require.NoError(t, json.Unmarshal([]byte(out), &imported))
	require.Equal(t, want, imported.Workload)
	require.Len(t, imported.Points, len(onDisk.Points))
	for i := range onDisk.Points {
		a, b := onDisk.Points[i], imported.Points[i]
		require.Equal(t, filepath.ToSlash(dir)+"/"+a.Source, b.Source, "import names the folder it read")
		a.Source, b.Source = "", ""
		require.Equal(t, a, b)
	}

	// Resuming: the same workload resumes (nothing left to run); another
	// one is refused, field named; so is a dataset whose content changed.
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 0, code, errs)
	require.Contains(t, errs, "2 of 2 levels already measured")
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir, "--dataset", dataset, "--shared-prefix", "2:32")
	require.Equal(t, 0, code, "the same workload given again: %s", errs)
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir, "--shared-prefix", "4:32")
	require.Equal(t, 2, code)
	require.Contains(t, errs, dir+"/plan.json: workload.shared_prefix: this folder was made by another plan: workload.shared_prefix is 2:32 there but 4:32 now")
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir, "--ignore-eos")
	require.Equal(t, 2, code)
	require.Contains(t, errs, "workload.ignore_eos is false there but true now")
	require.NoError(t, os.WriteFile(dataset, []byte(strings.Replace(string(b), "haiku", "limerick", 1)), 0o644))
	code, _, errs = sweepCLI(t, "sweep", "--resume", dir)
	require.Equal(t, 2, code)
	require.Contains(t, errs, dataset+": --dataset: the file changed since the sweep started")

	// Another workload's sweep does not merge with this one.
	other := filepath.Join(t.TempDir(), "other")
	code, _, errs = sweepCLI(t, workloadTestArgs(url, other, "--per-gpu", "2", "--input-tokens", "8", "--output-dist", "normal:8,2")...)
	require.Equal(t, 0, code, errs)
	code, _, errs = sweepCLI(t, "import", dir, other)
	require.Equal(t, 2, code)
	require.Contains(t, errs, "workload.input: "+filepath.ToSlash(other)+"/levels/000-2 was swept with another workload than "+filepath.ToSlash(dir)+"/levels/000-2,"+filepath.ToSlash(dir)+"/levels/001-4: fixed:128 there, fixed:8 here")
}

// workloadTestArgs are sweepTestArgs without the length flags.
func workloadTestArgs(url, dir string, extra ...string) []string {
	return append([]string{"sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--per-gpu", "2,4,8",
		"--min-requests", "24", "--requests-per-concurrency", "2", "--request-timeout", "10s", "--out", dir}, extra...)
}

// Workload flags a plan cannot use are exit 2 before any folder exists.
func TestSweepWorkloadFlagErrors(t *testing.T) {
	url := sweepTestServer(t)
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--input-dist", "poisson:3"}, `--input-dist: "poisson:3": unknown distribution "poisson"`},
		{[]string{"--input-dist", "fixed:8", "--input-tokens", "8"}, "give --input-dist or --input-tokens, not both"},
		{[]string{"--dataset", fixtures.Path("workload/bad-prompts.jsonl")}, "bad-prompts.jsonl:4: [2]: entry 2 is malformed: prompt is a JSON number, want a string"},
		{[]string{"--input-dist", "file:" + fixtures.Path("workload/bad-lengths.txt")}, `bad-lengths.txt:3: --input-dist: "thirty" is not a token count`},
		{[]string{"--input-dist", "file:" + fixtures.Path("workload/lengths-pairs.txt"), "--output-dist", "fixed:3"}, "has two columns, which give the output lengths too"},
		{[]string{"--shared-prefix", "8"}, `--shared-prefix: "8": want N:LEN`},
		{[]string{"--dataset", filepath.Join(t.TempDir(), "missing.json")}, "missing.json"},
		// Every harness sends workloads; what one cannot express is refused naming the flag and the harness.
		{[]string{"--harness", "aiperf", "--input-dist", "uniform:4-8"}, "--input-dist: aiperf samples lengths from a mean and a standard deviation (normal or fixed), not uniform:4-8"},
		{[]string{"--harness", "inference-perf", "--api", "completion", "--input-dist", "file:" + fixtures.Path("workload/lengths.txt")}, "--input-dist: inference-perf samples lengths from a fixed, uniform or normal distribution, not from a file"},
		{[]string{"--harness", "inference-perf", "--api", "completion", "--dataset", fixtures.Path("workload/sharegpt-small.json")}, "sharegpt-small.json: [2].conversations: inference-perf sends turn 0 as the prompt"},
		{[]string{"--harness", "aiperf", "--dataset", fixtures.Path("workload/prompts.jsonl")}, "aiperf's single_turn dataset has no per-entry output length"},
		{[]string{"--dataset-pvc", "data"}, "--dataset-pvc applies to --runner kube"},
	} {
		dir := filepath.Join(t.TempDir(), "run")
		code, _, errs := sweepCLI(t, workloadTestArgs(url, dir, c.args...)...)
		require.Equal(t, 2, code, "%v: %s", c.args, errs)
		require.Contains(t, errs, c.msg, c.args)
		require.NoDirExists(t, dir, c.args)
	}
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// The whole workload at once: a Poisson rate ladder sending a
// dataset's prompts behind shared prefixes, output lengths drawn from a
// distribution and ended by EOS, on the simulated server with a prefix
// cache. The rates and the workload are in plan.json and sweep.json, each
// level records its offered and achieved rate, and knee import reads the
// folder back to the same points.
func TestSweepPoissonRateLadderWithWorkloadImportsBack(t *testing.T) {
	srv, url := cachedTestServer(t)
	dataset := copyFixture(t, "workload/sharegpt-small.json")
	dir := filepath.Join(t.TempDir(), "rate")
	code, _, errs := sweepCLI(t, "sweep", "--endpoint", url, "--model", "sim", "--gpus", "1", "--rate", "20,40",
		"--arrivals", "poisson", "--seed", "7", "--min-requests", "40", "--request-timeout", "10s", "--out", dir,
		"--dataset", dataset, "--output-dist", "normal:8,2", "--shared-prefix", "2:32", "--ignore-eos=false")
	require.Equal(t, 0, code, errs)

	p, err := store.ReadPlan(dir)
	require.NoError(t, err)
	require.Equal(t, []float64{20, 40}, p.Rates)
	require.Equal(t, "poisson", p.Arrivals)
	require.NotNil(t, p.Workload)
	require.Equal(t, sweep.LengthDist{Kind: sweep.DistNormal, Mean: 8, SD: 2, Max: 16}, p.Workload.Output)
	require.Equal(t, &sweep.SharedPrefix{Count: 2, Tokens: 32}, p.Workload.SharedPrefix)
	require.Equal(t, sweep.PlanWorkloadVersion, p.Version)

	raw, err := os.ReadFile(filepath.Join(dir, store.SweepFile))
	require.NoError(t, err)
	var onDisk sweep.Sweep
	require.NoError(t, json.Unmarshal(raw, &onDisk))
	require.Equal(t, p.Workload, onDisk.Workload)
	require.Len(t, onDisk.Points, 2)
	for i, pt := range onDisk.Points {
		require.NotNil(t, pt.RequestedRate)
		require.Equal(t, p.Rates[i], *pt.RequestedRate)
		require.NotNil(t, pt.RequestRate, "the achieved rate is recorded")
		require.Greater(t, *pt.RequestRate, 0.0)
		require.Equal(t, 40, *pt.Requests)
		require.Greater(t, *pt.InputTokensMean, 32.0, "each prompt is the prefix and its own text")
		require.LessOrEqual(t, *pt.OutputTokensMean, 16.0)
	}
	require.Greater(t, srv.Stats().PrefixHits, int64(0))

	code, out, errs := sweepCLI(t, "import", dir, "-o", "json")
	require.Equal(t, 0, code, errs)
	var imported sweep.Sweep
	require.NoError(t, json.Unmarshal([]byte(out), &imported))
	require.Equal(t, onDisk.Workload, imported.Workload)
	require.Len(t, imported.Points, len(onDisk.Points))
	for i := range onDisk.Points {
		a, b := onDisk.Points[i], imported.Points[i]
		a.Source, b.Source = "", ""
		require.Equal(t, a, b)
	}
}
