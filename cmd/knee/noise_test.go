package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// nextLines are the "next:" lines of find's text output.
func nextLines(out string) []string {
	var next []string
	for _, l := range strings.Split(out, "\n") {
		if s := strings.TrimSpace(l); strings.HasPrefix(s, "next: ") {
			next = append(next, strings.TrimPrefix(s, "next: "))
		}
	}
	return next
}

// TestFindNamesLevelsOfOneHintTogether: on the vLLM fixture six levels have
// too few requests for a p99; find said "rerun N/GPU with at least 459
// requests" six times, once per level. One line names them all, and no two
// next lines of one output differ only by their numbers.
func TestFindNamesLevelsOfOneHintTogether(t *testing.T) {
	code, out, errs := runKneeCLI(t, "find", "--gpus", "1", fixtures.Path("sweeps/aiportfoliorhea-mistral7b-a10-vllm-native"))
	require.Equal(t, exitOK, code, errs)
	next := nextLines(out)
	require.Equal(t, []string{
		"add 88/GPU: TTFT at 128/GPU holds the wait of all but about 91/GPU of its requests (Little's law), where requests start to wait",
		"state the TTFT SLO if it binds: --ttft-slo-ms 2000 recommends 16/GPU instead of 64",
		"rerun 1, 2, 4, 8, 16 and 32/GPU with at least 459 requests so each p99 is meaningful",
	}, next)

	_, out, _ = runKneeCLI(t, "find", "--gpus", "4", fixtures.Path("llmperf/yi-1.5-34b-4xa10g-vllm"))
	next = nextLines(out)
	require.Contains(t, next, "rerun 4, 8 and 16/GPU with a load generator that sustains the configured concurrency (more workers)")
	// One level keeps the singular. (The Yi sweep's 4 in flight no longer
	// dips: its "queue" had fewer than one request waiting, issue 31 item 3.)
	_, single, _ := runKneeCLI(t, "find", fixtures.Path("simulated-pareto/cap8.json"))
	require.Contains(t, nextLines(single), "repeat 16/GPU: its throughput dipped and recovered above it", "one level keeps the singular")
	digits := regexp.MustCompile(`[0-9][0-9.,]*`)
	seen := map[string]string{}
	for _, n := range next {
		shape := digits.ReplaceAllString(n, "N")
		require.NotContains(t, seen, shape, "%q and %q differ only by their numbers", seen[shape], n)
		seen[shape] = n
	}
}

// TestFindMarksDerivedLevels: an open-loop sweep's concurrency is derived by
// Little's law; knee import marks it "~", and so does find's table.
func TestFindMarksDerivedLevels(t *testing.T) {
	code, out, errs := runKneeCLI(t, "find", "--gpus", "4", "--workload", "random", fixtures.Path("sweeps/datacrunch-sglang-llama33-70b-4xh200-rate.jsonl"))
	require.Equal(t, exitOK, code, errs)
	require.Regexp(t, `(?m)^\s+~13\s+~52\s+4\s+4\.04\s+2,048\s`, out)
	require.Regexp(t, `(?m)^\s+~311\s+~1,245\s+16\s+8\.35\s`, out)

	// A closed-loop sweep's levels were configured: no mark.
	_, out, _ = runKneeCLI(t, "find", fixtures.Path("aicr/gb300-eks.csv"), "--gpus", "4")
	require.NotContains(t, out, "~")
}

// TestSweepWithoutGPUsSaysItIsRequired: a missing --gpus read "GPU count
// must be positive, got 0", as if the user had typed 0.
func TestSweepWithoutGPUsSaysItIsRequired(t *testing.T) {
	code, _, errs := runKneeCLI(t, "sweep", "--runner", "local", "--harness", "builtin", "--endpoint", "http://127.0.0.1:9",
		"--per-gpu", "1,2", "--out", t.TempDir()+"/run")
	require.Equal(t, exitUsage, code, errs)
	require.Contains(t, errs, "--gpus: is required: how many GPUs serve the endpoint (the ladder is per GPU)")
	require.NotContains(t, errs, "got 0")
}

// TestHelpReadsCleanly: no example ends a command in a line continuation a
// reader must join (simserver's did), and --ignore-eos says what it does.
func TestHelpReadsCleanly(t *testing.T) {
	root := newRootCmd(nil, nil)
	for _, c := range root.Commands() {
		for _, l := range strings.Split(c.Example, "\n") {
			require.False(t, strings.HasSuffix(strings.TrimSpace(l), `\`), "knee %s example: %q", c.Name(), l)
		}
	}
	sw, _, err := root.Find([]string{"sweep"})
	require.NoError(t, err)
	require.Equal(t, "send ignore_eos, so that every output runs to its length; --ignore-eos=false lets the model end outputs early and records the tokens the server reports",
		sw.Flags().Lookup("ignore-eos").Usage)
}

// find's help lists the knee statuses the analysis gives (knee.Statuses),
// and no other: it listed "disagreement" long after that stopped being a
// status (issue 31 item 5).
func TestFindHelpListsTheStatusesGiven(t *testing.T) {
	find, _, err := newRootCmd(nil, nil).Find([]string{"find"})
	require.NoError(t, err)
	require.Contains(t, find.Long, "a status\n(located, bracketed, not_reached, below_range, insufficient_points).")
	require.NotContains(t, find.Long, "disagreement)")
}
