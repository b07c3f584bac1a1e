package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/fixtures"
)

// baselineJSON is the `knee baseline -o json` contract of docs/DESIGN.md plus
// the fields the tests read.
type baselineJSON struct {
	Status      string   `json:"status"`
	Leaf        string   `json:"leaf"`
	Accelerator string   `json:"accelerator"`
	GPUs        int      `json:"gpus"`
	AtPerGPU    *float64 `json:"at_per_gpu"`
	Unverified  bool     `json:"unverified"`
	Constraints []struct {
		Name  string `json:"name"`
		Value string `json:"value"`
	} `json:"constraints"`
	Floors *struct {
		ThroughputTokS   float64  `json:"throughput_tok_s"`
		ThroughputPerGPU *float64 `json:"throughput_per_gpu"`
		TTFTP99Ms        float64  `json:"ttft_p99_ms"`
	} `json:"floors"`
	Measured *struct {
		ThroughputTokS    float64  `json:"throughput_tok_s"`
		TTFTP99Ms         float64  `json:"ttft_p99_ms"`
		Repeats           int      `json:"repeats"`
		ThroughputLowerCI *float64 `json:"throughput_lower_ci"`
	} `json:"measured"`
	Refusals []struct {
		PerGPU  *float64 `json:"per_gpu"`
		Reason  string   `json:"reason"`
		Detail  string   `json:"detail"`
		NextRun string   `json:"next_run"`
	} `json:"refusals"`
	Warnings []string `json:"warnings"`
}

func decodeBaseline(t *testing.T, out string) baselineJSON {
	t.Helper()
	var b baselineJSON
	require.NoError(t, json.Unmarshal([]byte(out), &b), out)
	return b
}

func constraintsOf(b baselineJSON) [][2]string {
	var out [][2]string
	for _, c := range b.Constraints {
		out = append(out, [2]string{c.Name, c.Value})
	}
	return out
}

var (
	gb300Real  = fixtures.Path("aicr/gb300-eks.csv")
	gb300Sim64 = fixtures.Path("aicr/gb300-eks-simulated-64.csv")
	gb300Want  = [][2]string{
		{"inference-concurrency-per-gpu", "128"},
		{"inference-throughput", ">= 63000"}, // 84,788 × 0.75 = 63,591 → 63,000
		{"inference-ttft-p99", "<= 2000"},    // max(2000, 677 × 2 = 1,354)
	}
)

func TestBaselineGB300WithSimulated64Proposes128(t *testing.T) {
	code, out, errs := runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--gpus", "4", "-o", "json")
	require.Equal(t, 0, code, errs)
	b := decodeBaseline(t, out)
	require.Equal(t, "proposed", b.Status)
	require.Equal(t, "gb300", b.Accelerator)
	require.Equal(t, "gb300-eks-ubuntu-inference-dynamo", b.Leaf)
	require.Equal(t, 4, b.GPUs)
	require.Equal(t, 128.0, *b.AtPerGPU)
	require.False(t, b.Unverified)
	require.Equal(t, gb300Want, constraintsOf(b))
	require.Equal(t, 15000.0, *b.Floors.ThroughputPerGPU) // 63,591 / 4 = 15,897.75 → 15,000
	require.Equal(t, 84788.0, b.Measured.ThroughputTokS)
	require.Equal(t, 677.0, b.Measured.TTFTP99Ms)
	require.Empty(t, b.Refusals)
	require.NotNil(t, b.Refusals, "refusals is [] in JSON, not null")
	require.Contains(t, strings.Join(b.Warnings, "\n"), "SIMULATED")
}

func TestBaselineGB300At256RefusesPastKneeAndCliffExit3(t *testing.T) {
	code, out, errs := runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--at", "256", "-o", "json")
	require.Equal(t, exitRefused, code, errs)
	require.Contains(t, errs, "baseline refused at 256/GPU: past_knee, cliff\n")
	b := decodeBaseline(t, out)
	require.Equal(t, "refused", b.Status)
	require.Empty(t, b.Constraints)
	require.Len(t, b.Refusals, 2)
	require.Equal(t, "past_knee", b.Refusals[0].Reason)
	require.Equal(t, "cliff", b.Refusals[1].Reason)
	for _, r := range b.Refusals {
		require.Equal(t, 256.0, *r.PerGPU)
		require.NotEmpty(t, r.Detail)
		require.Equal(t, "set floors from the recommended level instead: knee baseline --at 128", r.NextRun)
	}
	require.Equal(t, 20769.0, b.Measured.ThroughputTokS)
}

func TestBaselineGB300RefusalIsPrintedInMarkdownToo(t *testing.T) {
	code, out, _ := runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--at", "256")
	require.Equal(t, exitRefused, code)
	require.Contains(t, out, "**Refused**: no floor can be set from 256/GPU.")
	require.Contains(t, out, "| 256     | `past_knee` |")
	require.Contains(t, out, "| 256     | `cliff`     |")
}

func TestBaselineRealGB300PairRefusedUnverifiedThenAccepted(t *testing.T) {
	code, out, errs := runKneeCLI(t, "baseline", gb300Real, "-o", "json")
	require.Equal(t, exitRefused, code, errs)
	b := decodeBaseline(t, out)
	require.Equal(t, "refused", b.Status)
	require.Len(t, b.Refusals, 1)
	require.Equal(t, "unverified", b.Refusals[0].Reason)
	require.Equal(t, 128.0, *b.Refusals[0].PerGPU)
	require.Contains(t, b.Refusals[0].NextRun, "measure 64/GPU")

	code, out, errs = runKneeCLI(t, "baseline", gb300Real, "--accept-unverified", "-o", "json")
	require.Equal(t, 0, code, errs)
	b = decodeBaseline(t, out)
	require.Equal(t, "proposed", b.Status)
	require.True(t, b.Unverified)
	require.Equal(t, gb300Want, constraintsOf(b))
	require.Equal(t, 15000.0, *b.Floors.ThroughputPerGPU)
	require.Contains(t, b.Warnings[0], "UNVERIFIED")
}

// The 15 real EKS H100 repeats at 256/GPU: one level, so unverified and
// high_variance; accepted, the floor starts from the lower 95% bound:
// 107,973.6 − 2.1448 × 20,788.38/√15 = 96,461.38; × 0.75 = 72,346.03 → 72,000.
func TestBaselineH100RepeatsFloorFromLowerConfidenceBoundWithNoiseWarning(t *testing.T) {
	code, out, errs := runKneeCLI(t, "baseline", fixtures.Path("aicr/h100-eks-repeats-256.csv"), "--gpus", "8", "--at", "256", "--accept-unverified", "-o", "json")
	require.Equal(t, 0, code, errs)
	b := decodeBaseline(t, out)
	require.Equal(t, 15, b.Measured.Repeats)
	require.InDelta(t, 107973.6, b.Measured.ThroughputTokS, 1e-6)
	require.InDelta(t, 96461.377, *b.Measured.ThroughputLowerCI, 1e-3)
	require.Equal(t, [][2]string{
		{"inference-concurrency-per-gpu", "256"},
		{"inference-throughput", ">= 72000"},
		{"inference-ttft-p99", "<= 2000"}, // median p99 939 × 2 = 1,878 < 2,000
	}, constraintsOf(b))
	require.Equal(t, 9000.0, *b.Floors.ThroughputPerGPU) // 72,346.03 / 8 = 9,043.25 → 9,000
	w := strings.Join(b.Warnings, "\n")
	require.Contains(t, w, "NOISE: the throughput floor 72000 is above the slowest of 15 repeats (48,920 tok/s)")
	require.Contains(t, w, "NOISE: the throughput floor 72000 sits within two standard deviations of the mean")
	require.Contains(t, w, "NOISE: 3 of 15 repeats had TTFT p99 above 1.1 × the ceiling (2,200 ms)")
}

func TestBaselineAtUnmeasuredLevelExit2NamesMeasuredLevels(t *testing.T) {
	code, out, errs := runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--at", "96")
	require.Equal(t, exitUsage, code)
	require.Empty(t, out)
	require.Contains(t, errs, "--at: no level 96/GPU was measured; measured levels (per GPU): 64, 128, 256")
	require.Contains(t, errs, "gb300-eks.csv")
}

func TestBaselineBadPolicyFlagsExit2(t *testing.T) {
	code, _, errs := runKneeCLI(t, "baseline", gb300Real, "--headroom", "1.5")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "--headroom: must be in [0, 1), got 1.5")

	code, _, errs = runKneeCLI(t, "baseline", gb300Real, "--write")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "--write: needs --overlay FILE")

	code, _, errs = runKneeCLI(t, "baseline", gb300Real, "-o", "text")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "-o text is not supported here; use one of: markdown, table, yaml, json")
}

func TestBaselineYAMLIsTheOverlayConstraintsListUnderComments(t *testing.T) {
	code, out, errs := runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "-o", "yaml")
	require.Equal(t, 0, code, errs)
	const list = "constraints:\n" +
		"  - name: inference-concurrency-per-gpu\n    value: \"128\"\n" +
		"  - name: inference-throughput\n    value: \">= 63000\"\n" +
		"  - name: inference-ttft-p99\n    value: \"<= 2000\"\n"
	require.True(t, strings.HasSuffix(out, list), out)
	for _, l := range strings.Split(strings.TrimSuffix(out, list), "\n") {
		if l != "" {
			require.True(t, strings.HasPrefix(l, "#"), "comment line expected: %q", l)
		}
	}
	require.Contains(t, out, "#             128 ◀          512  84,788         21,197            –          677  sub_knee\n")
	var doc struct {
		Constraints []struct{ Name, Value string }
	}
	require.NoError(t, yaml.Unmarshal([]byte(out), &doc))
	require.Equal(t, ">= 63000", doc.Constraints[1].Value)
}

func TestBaselineMarkdownIsAPRBlock(t *testing.T) {
	code, out, errs := runKneeCLI(t, "baseline", gb300Real, gb300Sim64)
	require.Equal(t, 0, code, errs)
	require.True(t, strings.HasPrefix(out, "### knee baseline: gb300-eks-ubuntu-inference-dynamo, gb300, 4 GPUs, Qwen/Qwen3-8B\n\n**Proposed** floors from 128/GPU.\n"))
	require.Contains(t, out, "|        per GPU | concurrency |  tok/s | tok/s per GPU | TTFT p50 ms | TTFT p99 ms | verdict           |")
	require.Contains(t, out, "|            256 |       1,024 | 20,769 |         5,192 |           – |      33,320 | past_knee (cliff) |")
	require.Contains(t, out, "| `inference-throughput`          | `>= 63000` | measured 84,788 tok/s (one run); × (1 − 0.25 headroom) = 63,591, rounded down to 2 significant figures → 63000")
	require.Contains(t, out, "Knee: between 128 and 256/GPU, estimate ≈181.")
}

func copyOverlay(t *testing.T, rel string) (string, []byte) {
	t.Helper()
	b, err := os.ReadFile(fixtures.Path(rel))
	require.NoError(t, err)
	p := filepath.Join(t.TempDir(), filepath.Base(rel))
	require.NoError(t, os.WriteFile(p, b, 0o644))
	return p, b
}

// The GB300 overlay before the fix, patched with --write: the concurrency
// and throughput values change (the TTFT value already is '<= 2000'), the
// knee comment block is added above constraints, and nothing else moves.
func TestBaselineWriteGB300OverlayExactDiff(t *testing.T) {
	path, orig := copyOverlay(t, "overlays/gb300-eks-ubuntu-inference-dynamo.yaml")
	code, out, errs := runKneeCLI(t, "baseline", gb300Real, "--accept-unverified", "--overlay", path, "--write")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "Wrote "+path+".")
	require.Contains(t, out, "| `inference-throughput`          | `>= 50000` | `>= 63000` | at the current 256/GPU the measured 20,769 tok/s would FAIL it (below 0.9 × 50,000 = 45,000); at 128/GPU the floor is 59% of the measured 84,788 tok/s; the current floor >= 50000 lets a 47% drop at 128/GPU pass (84,788 → 45,000 tok/s still passes 0.9 × 50,000); the proposed >= 63000 fails any drop beyond 33% |")
	require.Contains(t, out, "- LOOSE GATE: the current floor >= 50000 lets a 47% drop at 128/GPU pass")
	got, err := os.ReadFile(path)
	require.NoError(t, err)

	ol := strings.Split(string(orig), "\n")
	gl := strings.Split(string(got), "\n")
	// Lines 1–40 unchanged; then the block; then the rest with two values changed.
	require.Equal(t, ol[:40], gl[:40])
	end := -1
	for i := 40; i < len(gl); i++ {
		if gl[i] == "      # knee:end" {
			end = i
			break
		}
	}
	require.Greater(t, end, 40)
	block := gl[40 : end+1]
	// The knee's own sentence comes from the analysis; the rest is the
	// policy's and is asserted verbatim.
	var mine []string
	inKnee := false
	for _, l := range block {
		switch {
		case strings.HasPrefix(l, "      # Knee: "):
			require.True(t, strings.HasPrefix(l, "      # Knee: at or below 256/GPU (nothing measured lower bounds it)."), l)
			inKnee = true
			continue
		case inKnee && strings.HasPrefix(l, "      #   "):
			continue
		}
		inKnee = false
		mine = append(mine, l)
	}
	require.Equal(t, []string{
		"      # knee:begin (generated by knee baseline --write; edit outside the markers)",
		"      # Measured with knee: gb300-eks-ubuntu-inference-dynamo, gb300, 4 GPUs, Qwen/Qwen3-8B.",
		"      #    per GPU  concurrency   tok/s  tok/s per GPU  TTFT p50 ms  TTFT p99 ms  verdict",
		"      #   ──────────────────────────────────────────────────────────────────────────────────────────",
		"      #      128 ◀          512  84,788         21,197            –          677  unverified",
		"      #        256        1,024  20,769          5,192            –       33,320  past_knee (cliff)",
		"      # inference-concurrency-per-gpu 128: 128/GPU is the knee analysis' candidate: below the knee as",
		"      #   far as measured, but unverified (knee at or below 256/GPU (nothing measured lower bounds it))",
		"      # inference-throughput >= 63000: measured 84,788 tok/s (one run); × (1 − 0.25 headroom) = 63,591,",
		"      #   rounded down to 2 significant figures → 63000",
		"      # throughput per GPU >= 15000: 63,591 / 4 GPUs = 15,897.75, rounded down to 2 significant figures",
		"      #   → 15000 tok/s per GPU (for nodes of another size, aicr#1254)",
		"      # inference-ttft-p99 <= 2000: max(catalog ceiling 2,000 ms, measured p99 677 ms × 2 = 1,354 ms) =",
		"      #   2,000 ms, rounded up to 2 significant figures → 2000",
		"      # UNVERIFIED: 128/GPU was accepted with --accept-unverified although nothing measured below it",
		"      #   shows it is still on the scaling part of the curve; measure 64/GPU (half of 128) so the",
		"      #   analysis can see throughput still growing up to 128/GPU (knee sweep --per-gpu 64)",
		"      # Policy: headroom 0.25, TTFT ceiling max(2000 ms, p99 × 2), 2 significant figures, repeats: lower",
		"      #   end of the 95% confidence interval.",
		"      # knee:end",
	}, mine)
	rest := gl[end+1:]
	require.Equal(t, len(ol)-40, len(rest))
	for i, l := range ol[40:] {
		switch i + 41 { // 1-based line number in the original
		case 45:
			require.Equal(t, `          value: "256"   # compiled default`, l)
			require.Equal(t, `          value: "128"   # compiled default`, rest[i])
		case 49:
			require.Equal(t, `          value: ">= 50000"`, l)
			require.Equal(t, `          value: ">= 63000"`, rest[i])
		default:
			require.Equal(t, l, rest[i], "original line %d", i+41)
		}
	}
}

// 128/GPU is shown to be below the knee only by the simulated 64/GPU:
// proposed for reading, but --write refuses it (exit 3, reason unverified,
// the file byte-identical) unless --accept-unverified; with -o yaml the
// SIMULATED warning reaches stderr too.
func TestBaselineWriteRefusesSimulatedOnlyVerification(t *testing.T) {
	path, orig := copyOverlay(t, "overlays/gb300-eks-ubuntu-inference-dynamo.yaml")
	code, out, errs := runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--overlay", path, "--write")
	require.Equal(t, exitRefused, code, errs)
	require.Contains(t, out, "| 128     | `unverified` | 128/GPU is verified as below the knee only by simulated points at 64/GPU: --write needs a level that measured points verify | measure 64/GPU on the real node (knee sweep --per-gpu 64,128) |")
	require.Contains(t, out, "refused: the overlay was not written")
	require.Equal(t, "knee: baseline refused at 128/GPU: unverified\n", errs)
	got, _ := os.ReadFile(path)
	require.Equal(t, orig, got)

	code, out, errs = runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--overlay", path, "-o", "yaml")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "SIMULATED: 128/GPU is verified as below the knee only by simulated points at 64/GPU")
	require.Contains(t, errs, "knee: warning: SIMULATED: 128/GPU is verified as below the knee only by simulated points at 64/GPU")

	code, _, errs = runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--accept-unverified", "--overlay", path, "--write")
	require.Equal(t, 0, code, errs)
	got, _ = os.ReadFile(path)
	require.NotEqual(t, orig, got)
}

func TestBaselineRefusedWriteLeavesOverlayUntouched(t *testing.T) {
	path, orig := copyOverlay(t, "overlays/gb300-eks-ubuntu-inference-dynamo.yaml")
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	require.NoError(t, os.Chtimes(path, old, old))
	code, out, _ := runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--at", "256", "--overlay", path, "--write")
	require.Equal(t, exitRefused, code)
	require.Contains(t, out, "refused: the overlay was not written")
	got, _ := os.ReadFile(path)
	require.Equal(t, orig, got)
	fi, _ := os.Stat(path)
	require.True(t, fi.ModTime().Equal(old), "mtime changed: %v", fi.ModTime())
}

func TestBaselineBadOverlayExit2FileUntouched(t *testing.T) {
	cases := map[string]struct{ src, want string }{
		"not yaml":    {"spec: [unclosed\n", "not YAML"},
		"not overlay": {"kind: Deployment\nspec:\n  replicas: 1\n", `kind: not an aicr overlay: kind is "Deployment"`},
		"inference constraint under spec.constraints": {"kind: RecipeMetadata\nspec:\n  constraints:\n    - name: K8s.server.version\n      value: \">= 1.34\"\n    - name: inference-throughput\n      value: \">= 50000\"\n",
			`:6: spec.constraints[1].name: "inference-throughput" is an inference-perf constraint, which aicr reads only from spec.validation.performance.constraints; move it there (knee will not write a second block)`},
		"validation beside spec": {"spec:\n  base: gb300\nvalidation:\n  performance:\n    constraints: []\n", ":3: validation: validation sits beside spec"},
		"duplicate":              {"spec:\n  validation:\n    performance:\n      constraints:\n        - name: inference-ttft-p99\n          value: \"<= 1\"\n        - name: inference-ttft-p99\n          value: \"<= 2\"\n", `:7: spec.validation.performance.constraints[1].name: duplicate constraint "inference-ttft-p99"`},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "overlay.yaml")
			require.NoError(t, os.WriteFile(path, []byte(c.src), 0o644))
			code, out, errs := runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--overlay", path, "--write")
			require.Equal(t, exitUsage, code, errs)
			require.Empty(t, out)
			require.Contains(t, errs, path)
			require.Contains(t, errs, c.want)
			got, _ := os.ReadFile(path)
			require.Equal(t, c.src, string(got))
		})
	}
}

func TestBaselineOverlayJSONCarriesTheComparison(t *testing.T) {
	path, orig := copyOverlay(t, "overlays/gb300-eks-ubuntu-inference-dynamo.yaml")
	code, out, errs := runKneeCLI(t, "baseline", gb300Real, gb300Sim64, "--overlay", path, "-o", "json")
	require.Equal(t, 0, code, errs)
	var b struct {
		Overlay struct {
			Path    string `json:"path"`
			Written bool   `json:"written"`
			Rows    []struct {
				Name         string `json:"name"`
				Current      string `json:"current"`
				Proposed     string `json:"proposed"`
				CurrentFails bool   `json:"current_fails"`
			} `json:"rows"`
		} `json:"overlay"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &b))
	require.Equal(t, path, b.Overlay.Path)
	require.False(t, b.Overlay.Written)
	require.Len(t, b.Overlay.Rows, 3)
	require.Equal(t, "256", b.Overlay.Rows[0].Current)
	require.Equal(t, ">= 50000", b.Overlay.Rows[1].Current)
	require.True(t, b.Overlay.Rows[1].CurrentFails)
	got, _ := os.ReadFile(path)
	require.Equal(t, orig, got, "without --write the file is only read")
}

func TestBaselineRefusalAsYAMLIsValidYAMLWithStatusAndReasons(t *testing.T) {
	code, out, _ := runKneeCLI(t, "baseline", gb300Real, "-o", "yaml")
	require.Equal(t, exitRefused, code)
	var doc struct {
		Status   string `yaml:"status"`
		Refusals []struct {
			PerGPU  float64 `yaml:"per_gpu"`
			Reason  string  `yaml:"reason"`
			NextRun string  `yaml:"next_run"`
		} `yaml:"refusals"`
	}
	require.NoError(t, yaml.Unmarshal([]byte(out), &doc), out)
	require.Equal(t, "refused", doc.Status)
	require.Len(t, doc.Refusals, 1)
	require.Equal(t, 128.0, doc.Refusals[0].PerGPU)
	require.Equal(t, "unverified", doc.Refusals[0].Reason)
	require.Contains(t, doc.Refusals[0].NextRun, "measure 64/GPU")
	require.NotContains(t, out, "\nconstraints:")
}

// The real H200 run (one GPU): "1 GPU" in the title and the per-GPU
// derivation, latencies in whole ms in the table as find prints them.
func TestBaselineH200OneGPUWordingAndWholeMs(t *testing.T) {
	code, out, errs := runKneeCLI(t, "baseline", fixtures.Path("testbed/h200-cbserve-0.6b"))
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "### knee baseline: h200, 1 GPU, Qwen/Qwen3-0.6B-random\n")
	require.Contains(t, out, "|   256 ◀ |         256 | 1,576 |         1,576 |         689 |         774 | sub_knee (drain_biased)                       |")
	require.Contains(t, out, "1,182.33 / 1 GPU = 1,182.33, rounded down")
	require.Contains(t, out, "Measured at 256/GPU: 1,576 tok/s, TTFT p99 774 ms.", "as in the table above it")
	require.Contains(t, out, "Knee: between 256 and 512/GPU, estimate ≈267.")
	require.NotContains(t, out, "GPUs")
}

// The new-user trial of issue 21: the H200 test-bed sweep (0.6B model, one
// GPU) written into the GB300 overlay lowered `>= 50000` to `>= 1100` and
// exited 0. It is refused (exit 3, target_mismatch, naming accelerator and
// model) and the file is byte-identical; --allow-target-mismatch writes it
// and says what it crossed.
func TestBaselineWriteRefusesAnotherTarget(t *testing.T) {
	path, orig := copyOverlay(t, "overlays/gb300-eks-ubuntu-inference-dynamo.yaml")
	testbed := fixtures.Path("testbed/h200-cbserve-0.6b")
	code, out, errs := runKneeCLI(t, "baseline", testbed, "--overlay", path, "--write")
	require.Equal(t, exitRefused, code, errs)
	require.Equal(t, "knee: baseline refused at 256/GPU: target_mismatch\n", errs)
	require.Contains(t, out, "accelerator: the overlay gb300-eks-ubuntu-inference-dynamo gates gb300, the sweep was measured on h200; model: the overlay gates Qwen/Qwen3-8B, the sweep measured Qwen/Qwen3-0.6B-random")
	require.Contains(t, out, "refused: the overlay was not written")
	got, _ := os.ReadFile(path)
	require.Equal(t, orig, got)

	code, out, errs = runKneeCLI(t, "baseline", testbed, "--overlay", path, "--write", "--allow-target-mismatch")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "written although the sweep measured another target (--allow-target-mismatch): accelerator")
	got, _ = os.ReadFile(path)
	require.Contains(t, string(got), `value: ">= 1100"`)

	code, _, errs = runKneeCLI(t, "baseline", testbed, "--allow-target-mismatch")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "--allow-target-mismatch: only means something with --write")
}

// The GPU count an overlay's floors were measured on is in the knee block a
// previous --write left: the 1-GPU H200 run is refused for an H200 overlay
// whose block says 8 GPUs (the floor is for the whole node).
func TestBaselineWriteRefusesAnotherGPUCount(t *testing.T) {
	_, orig := copyOverlay(t, "overlays/gb300-eks-ubuntu-inference-dynamo.yaml")
	src := strings.NewReplacer("accelerator: gb300", "accelerator: h200", "gb300-eks-ubuntu-inference-dynamo", "h200-testbed-local",
		"Qwen/Qwen3-8B", "Qwen/Qwen3-0.6B-random",
		"      constraints:\n        - name: inference-model",
		"      # knee:begin (generated by knee baseline --write; edit outside the markers)\n      # Measured with knee: h200-testbed-local, h200, 8 GPUs, Qwen/Qwen3-0.6B-random.\n      # knee:end\n      constraints:\n        - name: inference-model",
	).Replace(string(orig))
	require.Contains(t, src, "8 GPUs")
	path := filepath.Join(t.TempDir(), "h200-testbed-local.yaml")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	code, out, errs := runKneeCLI(t, "baseline", fixtures.Path("testbed/h200-cbserve-0.6b"), "--leaf", "h200-testbed-local", "--overlay", path, "--write")
	require.Equal(t, exitRefused, code, errs)
	require.Contains(t, out, "GPU count: the overlay's floors were measured on 8 GPUs, the sweep on 1 GPU")
	got, _ := os.ReadFile(path)
	require.Equal(t, src, string(got))
}
