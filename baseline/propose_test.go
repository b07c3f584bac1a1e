package baseline

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

func reasonsOf(rs []Refusal) []knee.Reason {
	var out []knee.Reason
	for _, r := range rs {
		out = append(out, r.Reason)
	}
	return out
}

func TestProposeGB300WithSimulated64Proposes128(t *testing.T) {
	rec, err := Propose(gb300Sweep(true), gb300Result(true), DefaultPolicy())
	require.NoError(t, err)
	require.Equal(t, StatusProposed, rec.Status)
	require.Equal(t, 128.0, *rec.AtPerGPU)
	require.False(t, rec.Unverified)
	require.Equal(t, []Constraint{
		{Name: "inference-concurrency-per-gpu", Value: "128"},
		{Name: "inference-throughput", Value: ">= 63000"}, // 84,788 × 0.75 = 63,591 → 63,000
		{Name: "inference-ttft-p99", Value: "<= 2000"},    // max(2000, 677 × 2 = 1354) = 2000
	}, rec.Constraints)
	require.Equal(t, 63000.0, rec.Floors.ThroughputTokS)
	require.Equal(t, 15000.0, *rec.Floors.ThroughputPerGPU) // 63,591 / 4 = 15,897.75 → 15,000
	require.Equal(t, 2000.0, rec.Floors.TTFTP99Ms)
	require.Equal(t, 84788.0, rec.Measured.ThroughputTokS)
	require.Equal(t, 677.0, *rec.Measured.TTFTP99Ms)
	require.Equal(t, 1, rec.Measured.Repeats)
	require.Empty(t, rec.Refusals)

	require.Len(t, rec.Derivation, 4)
	require.Equal(t, "measured 84,788 tok/s (one run); × (1 − 0.25 headroom) = 63,591, rounded down to 2 significant figures → 63000", rec.Derivation[1].How)
	require.Equal(t, "63,591 / 4 GPUs = 15,897.75, rounded down to 2 significant figures → 15000 tok/s per GPU (for nodes of another size, aicr#1254)", rec.Derivation[2].How)
	require.Equal(t, "max(catalog ceiling 2,000 ms, measured p99 677 ms × 2 = 1,354 ms) = 2,000 ms, rounded up to 2 significant figures → 2000", rec.Derivation[3].How)
	require.Contains(t, rec.Derivation[0].How, "128/GPU is the highest level the knee analysis verified")
	// The verification of 128 rests on the simulated 64: that must be said.
	require.Len(t, rec.Warnings, 1)
	require.Contains(t, rec.Warnings[0], "SIMULATED: 128/GPU is verified as below the knee only by simulated points at 64/GPU")
}

func TestProposeAt256RefusesPastKneeAndCliff(t *testing.T) {
	p := DefaultPolicy()
	p.At = 256
	rec, err := Propose(gb300Sweep(true), gb300Result(true), p)
	require.NoError(t, err)
	require.Equal(t, StatusRefused, rec.Status)
	require.Empty(t, rec.Constraints)
	require.Nil(t, rec.Floors)
	require.Equal(t, []knee.Reason{knee.ReasonPastKnee, knee.ReasonCliff}, reasonsOf(rec.Refusals))
	for _, r := range rec.Refusals {
		require.Equal(t, 256.0, *r.PerGPU)
		require.Equal(t, "set floors from the recommended level instead: knee baseline --at 128", r.NextRun)
	}
	require.Equal(t, "256/GPU is past the knee (knee between 128 and 256/GPU): 20,769 tok/s, 24% of the 84,788 tok/s at 128/GPU; a floor set here would encode a saturated configuration as the baseline", rec.Refusals[0].Detail)
	require.Equal(t, "TTFT p99 jumps from 677 ms at 128/GPU to 33,320 ms at 256/GPU (49.2×): requests queue instead of being served", rec.Refusals[1].Detail)
	// What was measured at the refused level is still reported.
	require.Equal(t, 20769.0, rec.Measured.ThroughputTokS)
}

func TestProposeTwoRealGB300LevelsRefusedUnverified(t *testing.T) {
	rec, err := Propose(gb300Sweep(false), gb300Result(false), DefaultPolicy())
	require.NoError(t, err)
	require.Equal(t, StatusRefused, rec.Status)
	require.Equal(t, []knee.Reason{knee.ReasonUnverified}, reasonsOf(rec.Refusals))
	require.Equal(t, 128.0, *rec.Refusals[0].PerGPU)
	require.Equal(t, "measure 64/GPU (half of 128) so the analysis can see throughput still growing up to 128/GPU (knee sweep --per-gpu 64)", rec.Refusals[0].NextRun)
	require.Empty(t, rec.Constraints)
}

func TestProposeTwoRealGB300LevelsAcceptUnverified(t *testing.T) {
	p := DefaultPolicy()
	p.AcceptUnverified = true
	rec, err := Propose(gb300Sweep(false), gb300Result(false), p)
	require.NoError(t, err)
	require.Equal(t, StatusProposed, rec.Status)
	require.True(t, rec.Unverified)
	require.Equal(t, ">= 63000", rec.Constraint(ConstraintThroughput))
	require.Equal(t, "128", rec.Constraint(ConstraintConcurrency))
	require.Equal(t, "<= 2000", rec.Constraint(ConstraintTTFTP99))
	require.Equal(t, 15000.0, *rec.Floors.ThroughputPerGPU)
	require.Len(t, rec.Warnings, 1)
	require.Contains(t, rec.Warnings[0], "UNVERIFIED: 128/GPU was accepted with --accept-unverified")
	require.Contains(t, rec.Warnings[0], "measure 64/GPU")
}

// The 15 EKS H100 repeats at 256/GPU (8 GPUs):
//
//	mean = 1,619,604 / 15 = 107,973.6 tok/s, sample sd = 20,788.38
//	t(0.975, 14 df) = 2.1448; lower 95% bound = 107,973.6 − 2.1448 × 20,788.38/√15 = 96,461.38
//	× 0.75 = 72,346.03 → 72,000 (2 significant figures, down); per GPU 72,346.03/8 = 9,043.25 → 9,000
//	TTFT: median p99 of the repeats = 939 ms; max(2000, 939 × 2 = 1,878) = 2000
//	noise: 72,000 > slowest repeat 48,920 (1 repeat below 0.9 × 72,000 = 64,800);
//	       mean − floor = 35,973.6 < 2 × sd = 41,576.77; 3 repeats above 1.1 × 2000 ms.
func TestProposeH100RepeatsFloorFromLowerConfidenceBound(t *testing.T) {
	p := DefaultPolicy()
	p.At = 256
	p.AcceptUnverified = true
	rec, err := Propose(h100RepeatsSweep(), h100RepeatsResult(), p)
	require.NoError(t, err)
	require.Equal(t, StatusProposed, rec.Status)
	require.Equal(t, 15, rec.Measured.Repeats)
	require.InDelta(t, 107973.6, rec.Measured.ThroughputTokS, 1e-6)
	require.InDelta(t, 20788.3826, *rec.Measured.ThroughputSD, 1e-3)
	require.InDelta(t, 96461.3774, *rec.Measured.ThroughputLowerCI, 1e-3)
	require.Equal(t, 48920.0, *rec.Measured.ThroughputMin)
	require.Equal(t, 939.0, *rec.Measured.TTFTP99Ms)
	require.Equal(t, ">= 72000", rec.Constraint(ConstraintThroughput))
	require.Equal(t, 9000.0, *rec.Floors.ThroughputPerGPU)
	require.Equal(t, "<= 2000", rec.Constraint(ConstraintTTFTP99))
	require.Equal(t, "256", rec.Constraint(ConstraintConcurrency))
	require.Equal(t, "mean of 15 repeats 107,973.6 tok/s (sd 20,788.38); lower end of its 95% confidence interval = 107,973.6 − 2.145 × 20,788.38 / √15 = 96,461.38 tok/s (Student t, 14 degrees of freedom); × (1 − 0.25 headroom) = 72,346.03, rounded down to 2 significant figures → 72000",
		rec.Derivation[1].How)
	require.Contains(t, rec.Warnings, "NOISE: the throughput floor 72000 is above the slowest of 15 repeats (48,920 tok/s); 1 of 15 repeats would fail the gate (below 0.9 × floor = 64,800)")
	require.Contains(t, rec.Warnings, "NOISE: the throughput floor 72000 sits within two standard deviations of the mean (mean 107,973.6 − floor = 35,973.6 < 2 × sd = 41,576.77): run-to-run noise alone can fail the gate")
	require.Contains(t, rec.Warnings, "NOISE: 3 of 15 repeats had TTFT p99 above 1.1 × the ceiling (2,200 ms) and would fail the gate")
	require.Contains(t, rec.Warnings, "256/GPU: repeats disagree (high_variance); the floor may sit inside run-to-run noise")
}

func TestProposeAtUnmeasuredLevelIsInputErrorNamingLevels(t *testing.T) {
	p := DefaultPolicy()
	p.At = 96
	_, err := Propose(gb300Sweep(true), gb300Result(true), p)
	var in *inputerr.Error
	require.True(t, errors.As(err, &in))
	require.Equal(t, "--at", in.Field)
	require.Equal(t, "no level 96/GPU was measured; measured levels (per GPU): 64, 128, 256", in.Msg)
}

func TestProposeNoRecommendationRefusesWithEveryLevelsReasons(t *testing.T) {
	r := &knee.Result{
		Knee: knee.Knee{Status: knee.StatusBelowRange, HighPerGPU: sweep.F(128)},
		Points: []knee.PointResult{
			presult(128, 4, 30000, 0, 9000, knee.VerdictPastKnee, knee.ReasonPastKnee, knee.ReasonCliff),
			presult(256, 4, 20769, 0, 33320, knee.VerdictInvalid, knee.ReasonErrorsPresent, knee.ReasonHighVariance),
		},
	}
	rec, err := Propose(gb300Sweep(false), r, DefaultPolicy())
	require.NoError(t, err)
	require.Equal(t, StatusRefused, rec.Status)
	require.Nil(t, rec.AtPerGPU)
	require.Equal(t, []knee.Reason{ReasonNoRecommendation, knee.ReasonPastKnee, knee.ReasonCliff, knee.ReasonErrorsPresent}, reasonsOf(rec.Refusals))
	require.Nil(t, rec.Refusals[0].PerGPU)
	require.Equal(t, "measure below the lowest level: 64/GPU (knee sweep --per-gpu 64)", rec.Refusals[0].NextRun)
}

func TestProposeInvalidLevelRefused(t *testing.T) {
	r := gb300Result(true)
	r.Points[1] = presult(128, 4, 84788, 0, 677, knee.VerdictInvalid, knee.ReasonErrorsPresent)
	p := DefaultPolicy()
	p.At = 128
	rec, err := Propose(gb300Sweep(true), r, p)
	require.NoError(t, err)
	require.Equal(t, StatusRefused, rec.Status)
	require.Equal(t, []knee.Reason{knee.ReasonErrorsPresent}, reasonsOf(rec.Refusals))
}

func TestPolicyValidateNamesTheFlag(t *testing.T) {
	for flag, mut := range map[string]func(*Policy){
		"headroom":        func(p *Policy) { p.Headroom = 1 },
		"ttft_ceiling_ms": func(p *Policy) { p.TTFTCeilingMs = 0 },
		"ttft_multiplier": func(p *Policy) { p.TTFTMultiplier = 0.5 },
		"sig_figs":        func(p *Policy) { p.SigFigs = 0 },
		"confidence":      func(p *Policy) { p.Confidence = 1 },
		"at_per_gpu":      func(p *Policy) { p.At = math.NaN() },
	} {
		p := DefaultPolicy()
		mut(&p)
		var pe *PolicyError
		require.True(t, errors.As(p.Validate(), &pe), flag)
		require.Equal(t, flag, pe.Option)
	}
	require.NoError(t, DefaultPolicy().Validate())
}

func TestNum(t *testing.T) {
	require.Equal(t, "84,788", num(84788))
	require.Equal(t, "15,897.75", num(15897.75))
	require.Equal(t, "1,234,567.5", num(1234567.5))
	require.Equal(t, "0", num(0))
	require.Equal(t, "-1,000", num(-1000))
	require.Equal(t, "–", num(math.NaN()))
}

func TestProposeWithoutGPUCountIsInputErrorOnGPUs(t *testing.T) {
	s := gb300Sweep(true)
	s.GPUs = 0
	_, err := Propose(s, gb300Result(true), DefaultPolicy())
	var in *inputerr.Error
	require.True(t, errors.As(err, &in))
	require.Equal(t, "gpus", in.Field)
	require.Contains(t, in.Msg, "give --gpus N")
}

func TestProposeZeroThroughputRefusesInsteadOfAZeroFloor(t *testing.T) {
	s := gb300Sweep(true)
	s.Points[1].ThroughputTokS = 0
	r := gb300Result(true)
	r.Points[1].ThroughputTokS = 0
	rec, err := Propose(s, r, DefaultPolicy())
	require.NoError(t, err)
	require.Equal(t, StatusRefused, rec.Status)
	require.Equal(t, []knee.Reason{"invalid"}, reasonsOf(rec.Refusals))
	require.Empty(t, rec.Constraints)
}

func TestProposeRefusesASimulatedLevelEvenWhenAccepted(t *testing.T) {
	p := DefaultPolicy()
	p.At = 64
	p.AcceptUnverified = true
	r := gb300Result(true)
	r.Points[0] = presult(64, 4, 43900, 310, 452, knee.VerdictUnverified, knee.ReasonUnverified)
	rec, err := Propose(gb300Sweep(true), r, p)
	require.NoError(t, err)
	require.Equal(t, StatusRefused, rec.Status)
	require.Equal(t, []knee.Reason{ReasonSimulated}, reasonsOf(rec.Refusals))
	require.Equal(t, "measure 64/GPU on the real node (knee sweep --per-gpu 64)", rec.Refusals[0].NextRun)
}
