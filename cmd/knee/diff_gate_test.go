package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// gb300CSV is aicr #2385's GB300 table with its 256/GPU row replaced
// (simulated, not measured): the row a test plants.
func gb300CSV(t *testing.T, row256 string) string {
	t.Helper()
	src, err := os.ReadFile(fixtures.Path("aicr/gb300-eks.csv"))
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSpace(string(src)), "\n")
	require.Len(t, lines, 3)
	lines[2] = "gb300-eks-ubuntu-inference-dynamo,gb300,4,Qwen/Qwen3-8B,256,1024," + row256 + ",simulated"
	p := filepath.Join(t.TempDir(), "gb300-planted.csv")
	require.NoError(t, os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644))
	return p
}

// overlayWith is the GB300 overlay fixture with one constraint's value
// line replaced.
func overlayWith(t *testing.T, from, to string) string {
	t.Helper()
	src, err := os.ReadFile(fixtures.Path("overlays/gb300-eks-ubuntu-inference-dynamo.yaml"))
	require.NoError(t, err)
	require.Contains(t, string(src), from)
	p := filepath.Join(t.TempDir(), "gb300-eks-ubuntu-inference-dynamo.yaml")
	require.NoError(t, os.WriteFile(p, []byte(strings.Replace(string(src), from, to, 1)), 0o644))
	return p
}

// Issue 31 item 1: one definition of the gate. 47,000 tok/s and TTFT p99
// 2,100 ms at 256/GPU against ">= 50000" / "<= 2000" pass aicr's
// validator (it fails below 0.9 × 50,000 = 45,000 and above 1.1 × 2,000
// = 2,200): diff --overlay says no change (exit 0) with the tolerance
// printed, and baseline --overlay on the same file agrees. 44,000 tok/s
// fails both.
func TestDiffOverlayJudgesWithTheValidatorsTolerance(t *testing.T) {
	ov := fixtures.Path("overlays/gb300-eks-ubuntu-inference-dynamo.yaml")
	passing := gb300CSV(t, "47000,2100")
	code, out, errs := runKneeCLI(t, "diff", "--overlay", ov, passing)
	require.Equal(t, exitOK, code, errs)
	require.Contains(t, out, "no significant regression (2 no change)")
	require.Contains(t, out, "(the validator fails below 0.9 × 50,000 = 45,000); passes")
	require.Contains(t, out, "(the validator fails above 1.1 × 2,000 = 2,200); passes")

	code, out, errs = runKneeCLI(t, "baseline", passing, "--overlay", ov, "-o", "json")
	require.Equal(t, exitRefused, code, errs) // 128/GPU unverified: refused, the report is still written
	var rep struct {
		Overlay struct {
			Rows []struct {
				Name         string `json:"name"`
				CurrentFails bool   `json:"current_fails"`
			} `json:"rows"`
		} `json:"overlay"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.Len(t, rep.Overlay.Rows, 3)
	for _, r := range rep.Overlay.Rows {
		require.False(t, r.CurrentFails, r.Name)
	}

	failing := gb300CSV(t, "44000,2300")
	code, out, errs = runKneeCLI(t, "diff", "--overlay", ov, failing)
	require.Equal(t, exitRuntime, code, errs)
	require.Contains(t, out, "REGRESSED: NEW fails the overlay's gates (2 regressed)")
	code, out, _ = runKneeCLI(t, "baseline", failing, "--overlay", ov, "-o", "json")
	require.Equal(t, exitRefused, code)
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	require.True(t, rep.Overlay.Rows[1].CurrentFails, rep.Overlay.Rows[1].Name)
	require.True(t, rep.Overlay.Rows[2].CurrentFails, rep.Overlay.Rows[2].Name)
}

// Issue 27 item 4: an overlay gate the validator cannot read, or a level
// NEW never measured, is exit 2 naming the gate, never a gate that
// passes (1e309 was dropped, NaN passed in a table and failed JSON, a
// throughput gate written "<=" or negative was dropped).
func TestDiffOverlayUnreadableGateExitsTwoNamingIt(t *testing.T) {
	run := fixtures.Path("aicr/gb300-eks.csv")
	cases := []struct{ from, to, want string }{
		{`value: ">= 50000"`, `value: ">= 1e309"`, `inference-throughput: ">= 1e309": 1e309 is out of range`},
		{`value: ">= 50000"`, `value: ">= NaN"`, `inference-throughput: ">= NaN": NaN is not a finite number`},
		{`value: ">= 50000"`, `value: "<= 10000"`, `inference-throughput: "<= 10000" must start with ">="`},
		{`value: ">= 50000"`, `value: ">= -5"`, `inference-throughput: ">= -5": the bound must be more than 0`},
		{`value: '<= 2000'`, `value: '<= 2s'`, `inference-ttft-p99: "<= 2s": "2s" is not a plain number (tok/s or ms, no unit)`},
		{`value: "256"   # compiled default`, `value: "64"`, `inference-concurrency-per-gpu: the overlay gates 64/GPU, which NEW never measured (NEW's levels: 128, 256)`},
	}
	for _, c := range cases {
		for _, format := range []string{"table", "json"} {
			code, out, errs := runKneeCLI(t, "diff", "--overlay", overlayWith(t, c.from, c.to), run, "-o", format)
			require.Equal(t, exitUsage, code, "%s -o %s: %s", c.to, format, out)
			require.Contains(t, errs, c.want, c.to)
			require.Empty(t, out)
		}
	}
}
