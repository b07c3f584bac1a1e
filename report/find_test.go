package report_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report"
	"github.com/kneetool/knee/sweep"
)

func TestRenderGB300MarkdownAndTable(t *testing.T) {
	r := find(t, load(t, "aicr/gb300-eks.csv"))
	var md strings.Builder
	require.NoError(t, report.RenderFind(&md, r, "markdown"))
	require.Contains(t, md.String(), "### gb300 · Qwen/Qwen3-8B · gb300-eks-ubuntu-inference-dynamo · 4 GPUs")
	require.Contains(t, md.String(), "|     256 |     1,024 | 20,769 |     5,192 |           – |      33,320 |       1 | past_knee  | past_knee, cliff |")
	require.Contains(t, md.String(), "- recommended: none — no level is verified below the knee and valid: 128/GPU is unverified")
	require.Contains(t, md.String(), "- next: add 64/GPU to confirm 128 is below the knee")
	var txt strings.Builder
	require.NoError(t, report.RenderFind(&txt, r, "table"))
	require.Contains(t, txt.String(), "knee: at or below 256/GPU (nothing measured lower bounds it) [bracketed; measured elasticity between levels]: the knee is at or below 256/GPU; nothing measured below 128/GPU shows the system still scaling there (a cliff at 256/GPU)")
	require.Error(t, report.RenderFind(&txt, r, "yaml"))
}

// A single level has no knee bound: the line says the status and why, not
// "unknown [none]"; a one-GPU node is "1 GPU"; in-flight counts carry
// thousands separators like every other number in the table.
func TestRenderInsufficientPointsOneGPUAndThousands(t *testing.T) {
	var txt strings.Builder
	require.NoError(t, report.RenderFind(&txt, find(t, load(t, "aicr/gb200-eks.csv")), "table"))
	require.Contains(t, txt.String(), "  knee: not located (too few valid levels) [insufficient_points]: one valid level (256/GPU): a knee needs at least two\n")
	require.NotContains(t, txt.String(), "unknown")
	require.NotContains(t, txt.String(), "[none]")
	require.Contains(t, txt.String(), "     256      1,024  65,952")

	s := load(t, "testbed/h200-cbserve-0.6b")
	var md strings.Builder
	require.NoError(t, report.RenderFind(&md, find(t, s), "markdown"))
	require.True(t, strings.HasPrefix(md.String(), "### h200 · Qwen/Qwen3-0.6B-random · 1 GPU\n"), md.String())
}

// An open-loop sweep's table shows what was offered and served beside the
// concurrency Little's law derived, and its next-run hints name stages by
// their rate (the real KubeCon inference-perf stages).
func TestRenderRateSweepShowsOfferedAndServedRates(t *testing.T) {
	r := find(t, load(t, "inference-perf/kubecon-na-2025-vllm"))
	require.InDelta(t, 122.59, *r.Points[4].RequestedRate, 0.01)
	var b strings.Builder
	require.NoError(t, report.RenderFind(&b, r, "table"))
	out := b.String()
	require.Contains(t, out, " in flight  offered req/s  served req/s  tok/s ")
	require.Regexp(t, `409\s+123\s+101\s`, out, "the stage that fell behind: 122.59 offered, 101.23 served")
	require.Contains(t, r.Hints, "rerun the 1 req/s stage with at least 459 requests so its p99 is meaningful")
}

// The jtchilders GB10 curve (fixtures/sweeps, per device): throughput keeps
// growing 40–55% per doubling to 128, then +10.9% for 1.5× and +2.9%.
func gb10() *sweep.Sweep {
	return sw(pt(4, 42.17, 475.3), pt(8, 60.52, 556.7), pt(16, 78.00, 3392.9), pt(32, 112.54, 6189.9),
		pt(64, 165.64, 10108.2), pt(128, 233.27, 30366.8), pt(192, 258.77, 154313.3), pt(256, 266.34, 171099.0))
}

// find's disagreement line: throughput-primary, TTFT past the ceiling
// from 16/GPU (knee's TestFindTTFTPastCeilingIsADisagreementNotACap).
func TestRenderFindSaysTheDisagreement(t *testing.T) {
	var txt strings.Builder
	require.NoError(t, report.RenderFind(&txt, find(t, gb10()), "table"))
	require.Contains(t, txt.String(), "  disagreement: throughput and TTFT disagree: TTFT p99 passes the 2,000 ms ceiling from 16/GPU")
}

// FuzzRenderFind is knee's FuzzFind through the tables: whatever levels
// Find accepts, RenderFind writes them without a NaN or an Inf.
func FuzzRenderFind(f *testing.F) {
	f.Add(128.0, 84788.0, 677.0, 256.0, 20769.0, 33320.0, 64.0, 43900.0, 452.0, 1000, 0, uint8(4), false)
	f.Add(1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0, 0, uint8(0), true)
	f.Add(0.5, 1e-300, 1e300, 2.0, 1e300, 0.0, 3.0, 5.0, 5.0, -1, 7, uint8(1), false)
	f.Fuzz(func(t *testing.T, n1, x1, t1, n2, x2, t2, n3, x3, t3 float64, req, fail int, gpus uint8, clientBound bool) {
		s := &sweep.Sweep{Version: 1, GPUs: int(gpus % 9), Sources: []string{"fuzz"}}
		for i, v := range [][3]float64{{n1, x1, t1}, {n2, x2, t2}, {n3, x3, t3}} {
			p := sweep.Point{Concurrency: v[0], ThroughputTokS: v[1], TTFT: sweep.Dist{P99: sweep.F(v[2])}, Source: "fuzz",
				Requests: sweep.I(req), Failures: sweep.I(fail), ClientBound: clientBound && i == 1}
			if s.GPUs > 0 {
				p.PerGPU = sweep.F(v[0] / float64(s.GPUs))
			}
			s.Points = append(s.Points, p)
		}
		opts := knee.DefaultOptions()
		opts.Bootstrap = 20
		r, err := knee.Find(s, opts)
		if err != nil {
			var in *inputerr.Error
			if !errors.As(err, &in) {
				t.Fatalf("not an InputError: %v", err)
			}
			return
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatalf("result does not encode (NaN/Inf?): %v", err)
		}
		var sb strings.Builder
		if err := report.RenderFind(&sb, r, "table"); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(sb.String(), "NaN") || strings.Contains(sb.String(), "Inf") {
			t.Fatalf("rendered NaN/Inf:\n%s", sb.String())
		}
	})
}
