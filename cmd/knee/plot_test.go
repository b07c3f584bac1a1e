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
	code, stdout, errOut := runFindCLI(t, "plot", fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/gb300-eks-simulated-64.csv"), "-o", out)
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
	code, _, errOut := runFindCLI(t, "plot", fixtures.Path("inference-perf/kubecon-na-2025-vllm"), "-o", out)
	require.Equal(t, 0, code, errOut)
	b, err := os.ReadFile(out)
	require.NoError(t, err)
	svg := string(b)
	require.True(t, strings.HasPrefix(strings.TrimSpace(svg), "<?xml"))
	for _, want := range []string{"below the knee (sub_knee)", "past the knee (past_knee)", "fitted curve (usl)", "recommended level (94)",
		"knee bracketed: 94–409 in flight"} {
		require.Contains(t, svg, want)
	}
}

func TestPlotNeedsPNGOrSVGOutput(t *testing.T) {
	code, _, errOut := runFindCLI(t, "plot", fixtures.Path("aicr/gb300-eks.csv"))
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "-o FILE.png")
	code, _, errOut = runFindCLI(t, "plot", fixtures.Path("aicr/gb300-eks.csv"), "-o", filepath.Join(t.TempDir(), "x.jpg"))
	require.Equal(t, 2, code)
	require.Contains(t, errOut, ".png or .svg")
}
