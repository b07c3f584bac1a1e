package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/sweep/read"
)

// checkGolden compares got with testdata/golden/NAME.golden (-update
// rewrites it), as TestCommandOutputGolden does.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	golden := filepath.Join(fixtures.Path("."), "..", "cmd", "knee", "testdata", "golden", name+".golden")
	if *update {
		require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run go test ./cmd/knee -run Diff -update to create it")
	require.Equal(t, string(want), got, "go test ./cmd/knee -run Diff -update rewrites it; read the diff")
}

// knee diff on the real H200 repeats (runs 1 and 2 against run 3: one
// setup, so no change and exit 0), on another target (exit 2, every row
// refused) and against the GB300 overlay's gates (aicr #2385: exit 1).
func TestDiffCommandGolden(t *testing.T) {
	t.Chdir(filepath.Join(fixtures.Path("."), ".."))
	rep := "fixtures/testbed/h200-cbserve-0.6b-repeats/"
	old, cur := rep+"run-1,"+rep+"run-2", rep+"run-3"
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"diff-h200-repeats-table", []string{"diff", old, cur}, 0},
		{"diff-h200-repeats-markdown", []string{"diff", old, cur, "-o", "markdown"}, 0},
		{"diff-h200-repeats-json", []string{"diff", old, cur, "-o", "json"}, 0},
		{"diff-h200-gb300-not-comparable-table", []string{"diff", "fixtures/testbed/h200-cbserve-0.6b", "fixtures/aicr/gb300-eks.csv"}, exitUsage},
		{"diff-gb300-overlay-table", []string{"diff", "--overlay", "fixtures/overlays/gb300-eks-ubuntu-inference-dynamo.yaml", "fixtures/aicr/gb300-eks.csv"}, exitRuntime},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errs := runKneeCLI(t, c.args...)
			require.Equal(t, c.code, code, errs)
			got := "$ knee " + strings.Join(c.args, " ") + "\n" + out
			if errs != "" {
				got += "--- stderr\n" + errs
			}
			checkGolden(t, c.name, got)
		})
	}
}

// A planted 15% throughput regression (simulated, not measured: the real
// dense H200 sweep with every level's throughput × 0.85, written as a
// sweep JSON) fails the gate: exit 1, throughput regressed at every level.
func TestDiffCommandPlantedRegressionExitsOne(t *testing.T) {
	real := fixtures.Path("testbed/h200-cbserve-0.6b")
	s, err := read.Load([]string{real}, read.Options{})
	require.NoError(t, err)
	for i := range s.Points {
		p := &s.Points[i]
		p.ThroughputTokS *= 0.85
		p.Simulated = true
		if p.ThroughputPerGPU != nil {
			v := *p.ThroughputPerGPU * 0.85
			p.ThroughputPerGPU = &v
		}
	}
	s.Sources = []string{"h200-planted-15pct.json"}
	s.Notes = append(s.Notes, "simulated: the real sweep's throughput × 0.85")
	planted := filepath.Join(t.TempDir(), "h200-planted-15pct.json")
	f, err := os.Create(planted)
	require.NoError(t, err)
	require.NoError(t, writeJSON(f, s))
	require.NoError(t, f.Close())

	code, out, errs := runKneeCLI(t, "diff", real, planted, "-o", "markdown")
	require.Equal(t, exitRuntime, code, errs)
	require.Equal(t, "knee: 8 row(s) regressed beyond the threshold\n", errs)
	require.Contains(t, out, "### knee diff: REGRESSED beyond 5% (8 regressed,")
	require.Contains(t, out, "| 256/GPU                     | tok/s       |  1,576 |  1,340 | -15.0% | none")
	require.Contains(t, out, "xychart-beta")
	checkGolden(t, "diff-h200-planted-15pct-markdown", out)

	// --threshold 0.2: the same change is under it.
	code, _, errs = runKneeCLI(t, "diff", real, planted, "--threshold", "0.2")
	require.Equal(t, exitOK, code, errs)

	// With SLOs, goodput is compared too: 15% less where the SLOs hold
	// (8–128/GPU and the operating point, 128/GPU under them), 0 on both
	// sides where they do not.
	code, out, errs = runKneeCLI(t, "diff", real, planted, "--slo", "ttft_p99=500ms,tpot_p50=120ms", "-o", "markdown")
	require.Equal(t, exitRuntime, code, errs)
	require.Equal(t, "knee: 14 row(s) regressed beyond the threshold\n", errs)
	require.Contains(t, out, "| goodput tok/s |")
	checkGolden(t, "diff-h200-planted-15pct-slo-markdown", out)
}

func TestDiffCommandBadUsageExitsTwo(t *testing.T) {
	for _, args := range [][]string{
		{"diff", "only-one"},
		{"diff", "a", "b", "--overlay", "x.yaml"},
		{"diff", "a", "b", "--threshold", "1.5"},
		{"diff", "/nonexistent/old", "/nonexistent/new"},
	} {
		code, _, errs := runKneeCLI(t, args...)
		require.Equal(t, exitUsage, code, "%v: %s", args, errs)
	}
}
