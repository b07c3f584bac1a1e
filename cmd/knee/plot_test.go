package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

func TestPlotGB300WritesPNG(t *testing.T) {
	out := filepath.Join(t.TempDir(), "gb300.png")
	code, stdout, errOut := runKneeCLI(t, "plot", fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/gb300-eks-simulated-64.csv"), "-o", out)
	require.Equal(t, 0, code, errOut)
	require.Contains(t, stdout, "wrote "+out+" (knee bracketed)")
	f, err := os.Open(out)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	require.Equal(t, 1247, img.Bounds().Dx()) // 22 cm at 144 dpi
	require.Equal(t, 1134, img.Bounds().Dy())
}

func TestPlotKubeconWritesSVGWithVerdictLegend(t *testing.T) {
	out := filepath.Join(t.TempDir(), "kubecon.svg")
	code, _, errOut := runKneeCLI(t, "plot", fixtures.Path("inference-perf/kubecon-na-2025-vllm"), "-o", out)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	svg := string(b)
	require.True(t, strings.HasPrefix(strings.TrimSpace(svg), "<?xml"))
	for _, want := range []string{"below the knee (sub_knee)", "past the knee (past_knee)", "fitted curve (usl)", "operating point, the recommended level (94)",
		// An open-loop sweep's knee in the unit it was swept in (issue 31).
		"knee between 92.2 and 123 req/s offered (~94–409 in flight by Little&#39;s law) · operating point 94 in flight"} {
		require.Contains(t, svg, want)
	}
}

func TestPlotNeedsPNGOrSVGOutput(t *testing.T) {
	code, _, errOut := runKneeCLI(t, "plot", fixtures.Path("aicr/gb300-eks.csv"))
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "-o FILE.png")
	code, _, errOut = runKneeCLI(t, "plot", fixtures.Path("aicr/gb300-eks.csv"), "-o", filepath.Join(t.TempDir(), "x.jpg"))
	require.Equal(t, 2, code)
	require.Contains(t, errOut, ".png or .svg")
}

// The chart's title carries the same knee as knee find and baseline print
// for the real H200 run (≈ 267/GPU between 256 and 512), and "1 GPU".
func TestPlotH200TitleMatchesFind(t *testing.T) {
	out := filepath.Join(t.TempDir(), "h200.svg")
	code, _, errOut := runKneeCLI(t, "plot", fixtures.Path("testbed/h200-cbserve-0.6b"), "-o", out)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	require.Contains(t, string(b), "h200 · Qwen/Qwen3-0.6B-random · 1 GPU<")
	require.Contains(t, string(b), "knee between 256 and 512/GPU, estimate ≈267 · operating point 256/GPU")

	code, find, errOut := runKneeCLI(t, "find", fixtures.Path("testbed/h200-cbserve-0.6b"))
	require.Equal(t, 0, code, errOut)
	require.Contains(t, find, "knee: between 256 and 512/GPU, estimate ≈267 [bracketed")
}

// --floors draws what baseline proposes (1100 tok/s and 2000 ms for the
// H200 run) and --values labels levels with their numbers; the TTFT axis
// is labelled within each decade (200, 500, 1,000, 2,000 ms); on a refused
// sweep --floors draws nothing and says why.
func TestPlotFloorsValuesAndReadableTTFTAxis(t *testing.T) {
	out := filepath.Join(t.TempDir(), "h200.svg")
	code, _, errOut := runKneeCLI(t, "plot", fixtures.Path("testbed/h200-cbserve-0.6b"), "--floors", "--values", "-o", out)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	svg := string(b)
	for _, want := range []string{"throughput floor (1100)<", "TTFT ceiling (2000)<", ">256: 1,576<", ">256: 774 ms<",
		">200<", ">500<", ">1,000<", ">2,000<", ">8<", ">512<"} {
		require.Contains(t, svg, want)
	}

	out = filepath.Join(t.TempDir(), "gb300.svg")
	code, _, errOut = runKneeCLI(t, "plot", fixtures.Path("aicr/gb300-eks.csv"), "--floors", "-o", out)
	require.Equal(t, 0, code, errOut)
	require.Equal(t, "knee: no floors drawn: baseline refused at 128/GPU: unverified\n", errOut)
}
