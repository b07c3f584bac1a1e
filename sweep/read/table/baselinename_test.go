package table

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// Two curves of one size, the first named "baseline": the refusal names
// the other first, the method the table is about. Synthetic.
func TestBaselineCurveNamedLast(t *testing.T) {
	csv := "method,Concurrency,Output Tokens/s\nbaseline,1,24\nmtp,1,35\nbaseline,8,110\nmtp,8,154\nbaseline,40,180\nmtp,40,252\n"
	_, err := Read("t.csv", []byte(csv), CSV, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"mtp", "baseline"}, amb.headers)
}

// The size of a curve still ranks first: a baseline sweep before a
// one-row run; and a base model is no baseline.
func TestBaselineRankAfterSize(t *testing.T) {
	sizes := map[string]curveSize{"baseline": {levels: 3}, "tuned": {levels: 1}}
	require.Equal(t, []string{"baseline", "tuned"}, rankCurves([]string{"tuned", "baseline"}, func(n string) curveSize { return sizes[n] }))
	require.Equal(t, 1, baselineRank("FP16 reference"))
	require.Equal(t, 1, baselineRank("基线"))
	require.Equal(t, 0, baselineRank("Qwen2.5-7B base"))
}
