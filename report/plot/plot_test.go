package plot_test

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report/plot"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

func gb300(t *testing.T) (*sweep.Sweep, *knee.Result) {
	s, err := read.Load([]string{fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/gb300-eks-simulated-64.csv")}, read.Options{})
	require.NoError(t, err)
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	return s, r
}

func TestWriteSVGWithFloorsNamesEverything(t *testing.T) {
	s, r := gb300(t)
	path := filepath.Join(t.TempDir(), "gb300.svg")
	require.NoError(t, plot.Write(path, s, r, plot.Options{ThroughputFloor: sweep.F(60000), TTFTCeiling: sweep.F(2000)}))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	svg := string(b)
	for _, want := range []string{
		"gb300 · Qwen/Qwen3-8B · gb300-eks-ubuntu-inference-dynamo · 4 GPUs",
		"knee between 128 and 256/GPU, estimate ≈181 · operating point 128/GPU",
		"throughput floor (60000)", "TTFT ceiling (2000)",
		"below the knee (sub_knee)", "past the knee (past_knee)",
		"64 (simulated)", "the knee lies in here", "recommended level (128)",
	} {
		require.Contains(t, svg, want)
	}
}

func TestWritePNGDecodesAndRejectsOtherExtensions(t *testing.T) {
	s, r := gb300(t)
	path := filepath.Join(t.TempDir(), "gb300.png")
	require.NoError(t, plot.Write(path, s, r, plot.Options{}))
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	_, err = png.Decode(f)
	require.NoError(t, err)

	err = plot.Write(filepath.Join(t.TempDir(), "x.pdf"), s, r, plot.Options{})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.True(t, strings.Contains(err.Error(), ".png or .svg"))
}

// Levels without TTFT and a GPU count of zero (total concurrency) still draw.
func TestWriteWithoutTTFTOrGPUs(t *testing.T) {
	s := &sweep.Sweep{Version: 1, Points: []sweep.Point{
		{Concurrency: 16, ThroughputTokS: 1000, Source: "t"}, {Concurrency: 64, ThroughputTokS: 3500, Source: "t"},
		{Concurrency: 256, ThroughputTokS: 3600, Source: "t"},
	}}
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	require.Equal(t, "total", r.Unit)
	path := filepath.Join(t.TempDir(), "t.svg")
	require.NoError(t, plot.Write(path, s, r, plot.Options{}))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(b), "requests in flight, whole node (log2 scale)")
}

// One published H100 level: the title says the status in words (no
// underscore dropping into the plot) and names the unverified candidate.
func TestWriteSingleLevelTitleInWords(t *testing.T) {
	s, err := read.Load([]string{fixtures.Path("aicr/h100-eks.csv")}, read.Options{})
	require.NoError(t, err)
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "h100.svg")
	require.NoError(t, plot.Write(path, s, r, plot.Options{}))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(b), "knee not located (too few valid levels) · no recommended level (candidate 256/GPU, unverified)")
	require.NotContains(t, string(b), "insufficient_points")
}

// With SLOs the throughput panel carries each level's goodput (a line with
// marks, "≥": the H200 test-bed sweep has no per-request latencies), the
// TTFT panel the TTFT SLO, and the title says the SLO binds (128/GPU, not
// the knee's 256).
func TestWriteSVGDrawsGoodputAndTheSLO(t *testing.T) {
	s, err := read.Load([]string{fixtures.Path("testbed/h200-cbserve-0.6b")}, read.Options{})
	require.NoError(t, err)
	o := knee.DefaultOptions()
	o.SLOs, err = knee.ParseSLOs("ttft_p99=500ms,tpot_p50=120ms")
	require.NoError(t, err)
	r, err := knee.Find(s, o)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "h200.svg")
	require.NoError(t, plot.Write(path, s, r, plot.Options{}))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	svg := string(b)
	for _, want := range []string{
		"operating point 128/GPU (the SLO binds)",
		"goodput ≥: tok/s within every SLO (lower bound from percentiles)",
		"SLO ttft_p99 ≤ 500 ms",
	} {
		require.Contains(t, svg, want)
	}
	// Without SLOs none of it is drawn.
	r, err = knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	require.NoError(t, plot.Write(path, s, r, plot.Options{}))
	b, err = os.ReadFile(path)
	require.NoError(t, err)
	require.NotContains(t, string(b), "goodput")
	require.NotContains(t, string(b), "binds")
}
