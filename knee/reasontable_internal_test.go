package knee

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Every reason the analysis gives has a row in the one table, and the row's
// effect is what the verdicts and baseline rely on.
func TestReasonTableEffects(t *testing.T) {
	want := map[Reason]effect{
		ReasonPastKnee: effectPastKnee, ReasonCliff: effectPastKnee, ReasonQueueing: effectPastKnee,
		ReasonUnverified:    effectUnverified,
		ReasonErrorsPresent: effectInvalid, ReasonConcurrencyNotAchieved: effectInvalid, ReasonClientBound: effectInvalid, ReasonCancelled: effectInvalid,
		ReasonInsufficientSamples: effectCaution, ReasonHighVariance: effectCaution, ReasonNonMonotonic: effectCaution, ReasonDrainBiased: effectCaution,
		ReasonOverTTFTSLO: effectSLO, ReasonOverITLSLO: effectSLO, ReasonOverTPOTSLO: effectSLO, ReasonOverE2ESLO: effectSLO, ReasonSLOUnknown: effectSLO,
	}
	require.Len(t, reasons, len(want))
	for r, e := range want {
		require.Equal(t, e, reasons[r].effect, r)
		require.Equal(t, e == effectCaution, r.IsCaution(), r)
		require.Equal(t, e == effectSLO, r.IsSLO(), r)
		require.Equal(t, e == effectInvalid, r.invalidates(), r)
		require.Equal(t, e == effectCaution, reasons[r].caution != "", "%s: a caution has its warning, nothing else has one", r)
	}
}

// A reason outside the table (baseline's own refusals) still reads.
func TestReasonOutsideTheTableHasPlainWords(t *testing.T) {
	r := &Result{}
	pt := PointResult{PerGPU: 96.5, Verdict: VerdictSubKnee}
	require.Equal(t, "96.5/GPU: noisy (verdict sub_knee)", r.ReasonSentence(pt, "noisy"))
	require.Equal(t, "re-measure 96.5/GPU", r.NextRun(pt, "noisy"))
	require.Equal(t, "noisy", Reason("noisy").Caution())
}

// A caution's refusal sentence is its warning at the level; its next run
// carries the numbers of the level.
func TestCautionRowWords(t *testing.T) {
	r := &Result{Points: []PointResult{{PerGPU: 64, Concurrency: 512}}}
	pt := r.Points[0]
	require.Equal(t, "64/GPU: repeats disagree (high_variance); the floor may sit inside run-to-run noise", r.ReasonSentence(pt, ReasonHighVariance))
	require.Equal(t, "re-run 64/GPU with more requests (aicr uses max(1000, 8 × concurrency) = 4,096)", r.NextRun(pt, ReasonInsufficientSamples))
	require.Equal(t, "re-run 64/GPU with at least 8 requests per slot (4,096)", r.NextRun(pt, ReasonDrainBiased))
	require.Equal(t, "measure below the knee: 32/GPU (knee sweep --per-gpu 32)", r.NextRun(pt, ReasonPastKnee))
}
