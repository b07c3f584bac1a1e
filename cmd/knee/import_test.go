package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/sweep"
)

// The "done when": GB300 CSV with --gpus 4 → per_gpu 128/256,
// throughput 84788/20769, TTFT p99 677/33320.
func TestImportGB300JSON(t *testing.T) {
	code, out, errs := runKneeCLI(t, "import", fixtures.Path("aicr/gb300-eks.csv"), "--gpus", "4", "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Empty(t, errs)
	var s struct {
		Version     int    `json:"version"`
		GPUs        int    `json:"gpus"`
		Accelerator string `json:"accelerator"`
		Points      []struct {
			PerGPU    float64 `json:"per_gpu"`
			Tput      float64 `json:"throughput_tok_s"`
			TputPerGP float64 `json:"throughput_per_gpu"`
			TTFT      struct {
				P99 float64 `json:"p99"`
			} `json:"ttft_ms"`
		} `json:"points"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	require.Equal(t, 1, s.Version)
	require.Equal(t, 4, s.GPUs)
	require.Equal(t, "gb300", s.Accelerator)
	require.Len(t, s.Points, 2)
	require.Equal(t, []float64{128, 256}, []float64{s.Points[0].PerGPU, s.Points[1].PerGPU})
	require.Equal(t, []float64{84788, 20769}, []float64{s.Points[0].Tput, s.Points[1].Tput})
	require.Equal(t, []float64{677, 33320}, []float64{s.Points[0].TTFT.P99, s.Points[1].TTFT.P99})
	require.Equal(t, 21197.0, s.Points[0].TputPerGP)
	require.True(t, strings.HasPrefix(out, "{\n  \"version\": 1,"), "indent 2")
}

func TestImportKubeconJSONHasSevenDerivedPoints(t *testing.T) {
	code, out, errs := runKneeCLI(t, "import", fixtures.Path("inference-perf/kubecon-na-2025-vllm"), "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Equal(t, "knee: per-GPU values not computed: pass --gpus N\n", errs)
	var s sweep.Sweep
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	require.Len(t, s.Points, 7)
	for _, p := range s.Points {
		require.True(t, p.Derived)
		require.Nil(t, p.PerGPU)
	}
	require.InDelta(t, 441.4272061497646, s.Points[6].Concurrency, 1e-9)
}

// Markdown that renders on GitHub: a summary line, a pipe table with its
// separator row, thousands separators, notes as quotes.
func TestImportMarkdownRendersOnGitHub(t *testing.T) {
	code, out, errs := runKneeCLI(t, "import", fixtures.Path("aicr/gb300-eks-simulated-64.csv"), fixtures.Path("aicr/gb300-eks.csv"), "-o", "markdown")
	require.Equal(t, 0, code, errs)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Equal(t, "gb300 · 4 GPUs · leaf `gb300-eks-ubuntu-inference-dynamo` · model `Qwen/Qwen3-8B` · 3 points", lines[0])
	require.Equal(t, "", lines[1])
	require.True(t, strings.HasPrefix(lines[2], "| per GPU | concurrency | repeat |"), lines[2])
	require.Regexp(t, `^\|[-:| ]+\|$`, lines[3])
	require.Equal(t, strings.Count(lines[2], "|"), strings.Count(lines[3], "|"))
	require.Regexp(t, `\|\s+43,900 \|`, lines[4])
	require.Contains(t, lines[4], "SIMULATED")
	require.Regexp(t, `\|\s+84,788 \|`, lines[5])
	require.Regexp(t, `\|\s+21,197 \|`, lines[5])
	require.Regexp(t, `\|\s+33,320 \|`, lines[6])
	require.Contains(t, out, "> **Note:** simulated, not measured: 64/GPU")
}

func TestImportTableMarksDerivedConcurrency(t *testing.T) {
	code, out, _ := runKneeCLI(t, "import", fixtures.Path("inference-perf/kubecon-na-2025-vllm"), "--gpus", "1")
	require.Equal(t, 0, code)
	require.Contains(t, out, "~441.43")
	require.Contains(t, out, "1 GPU ·")
	require.Contains(t, out, "11,002")
}

func TestImportYAML(t *testing.T) {
	code, out, errs := runKneeCLI(t, "import", fixtures.Path("aicr/h100-eks.csv"), "-o", "yaml")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "accelerator: h100\n")
	require.Contains(t, out, "throughput_tok_s: 108790\n")
}

// Markdown output reads back as input: the same sweep.
func TestImportMarkdownOutputReadsBack(t *testing.T) {
	code, md, _ := runKneeCLI(t, "import", fixtures.Path("aiperf"), "--gpus", "1", "-o", "markdown")
	require.Equal(t, 0, code)
	p := filepath.Join(t.TempDir(), "pasted.md")
	require.NoError(t, os.WriteFile(p, []byte(md), 0o644))
	code, out, errs := runKneeCLI(t, "import", p, "--gpus", "1", "-o", "json")
	require.Equal(t, 0, code, errs)
	var s sweep.Sweep
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	require.Len(t, s.Points, 4)
	require.Equal(t, 4207.0, s.Points[3].ThroughputTokS)
	require.Equal(t, 4515.0, *s.Points[3].TTFT.P99)
}

func TestImportBadInputExitsTwo(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
		return p
	}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"missing file", []string{"import", filepath.Join(dir, "nope.csv")}, []string{"nope.csv", "cannot read"}},
		{"no input", []string{"import"}, []string{"at least one INPUT"}},
		{"per GPU without gpus", []string{"import", write("a.csv", "per_gpu,tok/s,TTFT p99 ms\n128,1,2\n")}, []string{"a.csv:2", "--gpus"}},
		{"gpus conflict", []string{"import", fixtures.Path("aicr/gb300-eks.csv"), "--gpus", "8"}, []string{"gb300-eks.csv", "gpus", "--gpus says 8"}},
		{"malformed JSON", []string{"import", write("b.json", "{\"successes\": [}")}, []string{"b.json:1", "malformed JSON"}},
		{"non-numeric", []string{"import", write("c.md", "| concurrency | tok/s | TTFT p99 |\n|--|--|--|\n| 4 | lots | 3 |\n")}, []string{"c.md:3", "tok/s", `"lots" is not a number`}},
		{"bad output", []string{"import", fixtures.Path("aicr/h100-eks.csv"), "-o", "png"}, []string{"-o png", "use one of: table, markdown, json, yaml"}},
		{"bad format", []string{"import", fixtures.Path("aicr/h100-eks.csv"), "--format", "xls"}, []string{"--format", "xls"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runKneeCLI(t, tc.args...)
			require.Equal(t, 2, code, errs)
			require.Empty(t, out)
			for _, w := range tc.want {
				require.Contains(t, errs, w)
			}
		})
	}
}

// One level is "1 point", and the notes that quote a floor keep ">=" as it
// is in the CSV rather than the HTML escape \u003e=.
func TestImportSingularAndUnescapedJSON(t *testing.T) {
	code, out, errs := runKneeCLI(t, "import", fixtures.Path("aicr/h100-eks.csv"))
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, "h100 · 8 GPUs · leaf h100-eks-ubuntu-inference-dynamo · model Qwen/Qwen3-8B · 1 point\n")

	code, out, errs = runKneeCLI(t, "import", fixtures.Path("aicr/gb300-eks.csv"), "-o", "json")
	require.Equal(t, 0, code, errs)
	require.Contains(t, out, `"note": "sub-knee; floor set to >= 60000"`)
	require.NotContains(t, out, `\u003e`)
}

// --accelerator takes aicr's lower-case short names; H100 is h100, and a
// negative --gpus is bad usage for every analysis command.
func TestImportAcceleratorFlagIsLowerCasedAndNegativeGPUsIsUsage(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "run.csv")
	require.NoError(t, os.WriteFile(p, []byte("concurrency,tok/s,TTFT p99 ms\n128,100,20\n"), 0o644))
	code, out, errs := runKneeCLI(t, "import", p, "--accelerator", "H100", "-o", "json")
	require.Equal(t, 0, code, errs)
	var s sweep.Sweep
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	require.Equal(t, "h100", s.Accelerator)

	for _, cmd := range []string{"import", "find", "baseline", "compare"} {
		code, _, errs = runKneeCLI(t, cmd, p, "--gpus", "-1")
		require.Equal(t, exitUsage, code, cmd)
		require.Contains(t, errs, "--gpus must be positive, got -1", cmd)
	}
}
