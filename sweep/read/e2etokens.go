package read

import "github.com/kneetool/knee/sweep"

// A request's end-to-end time is its first token, then one gap for each
// further output token: E2E = TTFT + (O − 1) × TPOT, request by request,
// TPOT being (E2E − TTFT) ÷ (O − 1) as vLLM and SGLang define it. An older
// result that prints TTFT, TPOT and the output token count but no E2E
// gives its mean the same way: mean TTFT + mean TPOT × (mean O − 1), exact
// where every request generated one length (ignore_eos) and within the
// spread of lengths otherwise; Little's law needs no more to place an
// open-loop run.

// e2eByTokens is that mean E2E in ms; nil when a part is missing.
func e2eByTokens(p sweep.Point) *float64 {
	if p.TTFT.Mean == nil || p.ITL.Mean == nil || p.OutputTokensMean == nil || *p.OutputTokensMean < 1 {
		return nil
	}
	return sweep.F(*p.TTFT.Mean + *p.ITL.Mean*(*p.OutputTokensMean-1))
}
