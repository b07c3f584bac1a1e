package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
)

const (
	gb300Overlay       = "overlays/gb300-eks-ubuntu-inference-dynamo.yaml"
	gb300OverlayNoPerf = "overlays/gb300-eks-ubuntu-inference-dynamo-no-performance.yaml"
)

func gb300Proposal(t *testing.T) *Recommendation {
	t.Helper()
	rec, err := Propose(gb300Sweep(true), gb300Result(true), DefaultPolicy())
	require.NoError(t, err)
	require.Equal(t, StatusProposed, rec.Status)
	return rec
}

func TestOverlayReportGB300ShowsTheCurrentGatesFailingAt256(t *testing.T) {
	o, err := overlay.Read(fixtures.Path(gb300Overlay))
	require.NoError(t, err)
	rep := ReportOverlay(o, gb300Proposal(t))
	loose := "the current floor >= 50000 lets a 47% drop at 128/GPU pass (84,788 → 45,000 tok/s still passes 0.9 × 50,000); the proposed >= 63000 fails any drop beyond 33%"
	require.NotNil(t, rep.Rows[1].Undetected)
	require.InDelta(t, 1-45000/84788.0, *rep.Rows[1].Undetected, 1e-12)
	rep.Rows[1].Undetected = nil
	require.Equal(t, []OverlayRow{
		{Name: ConstraintConcurrency, Current: "256", Proposed: "128", Note: "256/GPU was measured: past_knee (cliff)"},
		{Name: ConstraintThroughput, Current: ">= 50000", Proposed: ">= 63000", CurrentFails: true,
			Note: "at the current 256/GPU the measured 20,769 tok/s would FAIL it (below 0.9 × 50,000 = 45,000); at 128/GPU the floor is 59% of the measured 84,788 tok/s; " + loose},
		{Name: ConstraintTTFTP99, Current: "<= 2000", Proposed: "<= 2000", CurrentFails: true,
			Note: "at the current 256/GPU the measured p99 33,320 ms would FAIL it (above 1.1 × 2,000 = 2,200 ms); at 128/GPU the measured p99 677 ms is 34% of it"},
	}, rep.Rows)
	require.Equal(t, []string{"LOOSE GATE: " + loose}, rep.Warnings)
}

// A TTFT ceiling far above the measured p99 is loose too: at 128/GPU (677
// ms) a "<= 10000" ceiling passes a p99 16× higher; the policy's "<= 2000"
// fails beyond 3.2×. A gate as tight as the policy's says nothing.
func TestOverlayReportNamesTheRegressionALooseCeilingMisses(t *testing.T) {
	src, err := os.ReadFile(fixtures.Path(gb300Overlay))
	require.NoError(t, err)
	loose := strings.Replace(string(src), "value: '<= 2000'", "value: '<= 10000'", 1)
	loose = strings.Replace(loose, `value: ">= 50000"`, `value: ">= 63000"`, 1)
	o, err := overlay.Parse("loose.yaml", []byte(loose))
	require.NoError(t, err)
	rep := ReportOverlay(o, gb300Proposal(t))
	require.Nil(t, rep.Rows[1].Undetected, "a floor as tight as the policy's")
	require.NotNil(t, rep.Rows[2].Undetected)
	require.InDelta(t, 11000/677.0, *rep.Rows[2].Undetected, 1e-9)
	require.Equal(t, []string{"LOOSE GATE: the current ceiling <= 10000 lets the TTFT p99 at 128/GPU grow 16.2× (677 → 11,000 ms) before it fails; the proposed <= 2000 fails beyond 3.2×"}, rep.Warnings)
}

func TestOverlayReportWarnsAboutMissingBlockAndOtherModel(t *testing.T) {
	o, err := overlay.Read(fixtures.Path(gb300OverlayNoPerf))
	require.NoError(t, err)
	rec := gb300Proposal(t)
	rep := ReportOverlay(o, rec)
	require.Equal(t, []string{"the overlay has no spec.validation.performance block; --write adds it with checks: [inference-perf]"}, rep.Warnings)
	require.Equal(t, "not set: aicr's compiled default (256/GPU) applies", rep.Rows[0].Note)

	o, err = overlay.Read(fixtures.Path(gb300Overlay))
	require.NoError(t, err)
	rec.Model = "meta-llama/Llama-3.1-8B"
	rec.Leaf = "gb300-gke-cos-inference-dynamo"
	require.Equal(t, []string{
		"the overlay is for leaf gb300-eks-ubuntu-inference-dynamo but the sweep was measured on gb300-gke-cos-inference-dynamo",
		"the overlay gates model Qwen/Qwen3-8B but the sweep measured meta-llama/Llama-3.1-8B: floors do not carry over between models",
	}, ReportOverlay(o, rec).Warnings)

	// A knee sweep results folder has no leaf, only its accelerator: the
	// real H200 run against the GB300 overlay is called out too.
	rec.Leaf, rec.Accelerator, rec.Model = "", "h200", "Qwen/Qwen3-8B"
	require.Equal(t, []string{
		"the overlay is for leaf gb300-eks-ubuntu-inference-dynamo (gb300) but the sweep was measured on h200: floors do not carry over between accelerators",
	}, ReportOverlay(o, rec).Warnings)
	rec.Accelerator = "gb300"
	require.Equal(t, []string{
		"LOOSE GATE: the current floor >= 50000 lets a 47% drop at 128/GPU pass (84,788 → 45,000 tok/s still passes 0.9 × 50,000); the proposed >= 63000 fails any drop beyond 33%",
	}, ReportOverlay(o, rec).Warnings)
}

func TestStageOverlayRefusesARefusal(t *testing.T) {
	p := DefaultPolicy()
	p.At = 256
	rec, err := Propose(gb300Sweep(true), gb300Result(true), p)
	require.NoError(t, err)
	o, err := overlay.Read(fixtures.Path(gb300Overlay))
	require.NoError(t, err)
	_, err = StageOverlay(o, rec, testComment(rec))
	require.EqualError(t, err, "baseline: only a proposal can be written to an overlay")
}

// testComment stands for report.CommentLines, which baseline cannot
// import: a block that names the level it was written for, with an empty
// line as aicr overlays have them.
func testComment(rec *Recommendation) []string {
	return []string{"Measured with knee: " + rec.Leaf + ".", "", "floors from " + level(*rec.AtPerGPU) + "/GPU"}
}

// WriteOverlay hands the overlay package rec's constraints and the comment
// block's lines: the file carries them between the markers with the three
// proposed values (the byte-exact patch tests are baseline/overlay's), and
// Run refuses to write without a comment block.
func TestWriteOverlayWritesTheProposalAndItsCommentLines(t *testing.T) {
	src, err := os.ReadFile(fixtures.Path(gb300Overlay))
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "overlay.yaml")
	require.NoError(t, os.WriteFile(path, src, 0o640))
	o, err := overlay.Read(path)
	require.NoError(t, err)
	rec := gb300Proposal(t)
	written, err := WriteOverlay(o, rec, testComment(rec))
	require.NoError(t, err)
	require.True(t, written)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(got), "      # knee:begin (generated by knee baseline --write; edit outside the markers)\n"+
		"      # Measured with knee: gb300-eks-ubuntu-inference-dynamo.\n"+
		"      #\n"+
		"      # floors from 128/GPU\n"+
		"      # knee:end\n      constraints:\n")
	o2, err := overlay.Read(path)
	require.NoError(t, err)
	for _, c := range rec.Constraints {
		v, _ := o2.Current(c.Name)
		require.Equal(t, c.Value, v, c.Name)
	}
	require.Equal(t, overlay.Target{Leaf: "gb300-eks-ubuntu-inference-dynamo", Accelerator: "gb300", Model: "Qwen/Qwen3-8B"}, o2.Target())

	_, err = Run(gb300Sweep(true), Request{Knee: knee.DefaultOptions(), Policy: DefaultPolicy(), Overlay: path, Write: true})
	require.EqualError(t, err, "baseline: writing an overlay needs Request.Comment, the comment block's lines (report.CommentLines)")
}
