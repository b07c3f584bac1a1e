package table

// A curve named as the baseline ("baseline", "reference", 基线) is there
// to be beaten: of two curves of one size, "baseline" and "mtp", the one a
// perf engineer asks the knee of is the other, the method the table is
// about. Only the order a refusal names them in follows from it; which
// curve is read stays the user's choice (--series), or the ambiguity
// pass's when the curves agree.

// baselineWords name a baseline, in the languages benchmark reports are
// written in; "before" beside "after" is the state a change is measured
// against. ("base" is left: a base model is no baseline.)
var baselineWords = []string{"baseline", "reference", "before", "基线", "基準", "基准", "ベースライン", "베이스라인", "기준선", "référence", "referencia", "referenz"}

// baselineRank is 1 for a curve named as a baseline, else 0.
func baselineRank(name string) int {
	if anyWord(headerTokens(name), baselineWords) {
		return 1
	}
	return 0
}
