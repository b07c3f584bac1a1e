package table

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCurveNamesOfRefusalsBetweenCurves(t *testing.T) {
	base := errors.New("the table holds series")
	// Few enough for the ambiguity pass: the names ride on its refusal.
	require.Equal(t, []string{"a", "b"}, CurveNames(AmbiguousSeries(base, []string{"a", "b"})))
	// More than the pass reads, fewer than maxCurves: still named.
	six := []string{"a", "b", "c", "d", "e", "f"}
	require.Equal(t, six, CurveNames(AmbiguousSeries(base, six)))
	require.Equal(t, six, CurveNames(fmt.Errorf("reading: %w", AmbiguousSeries(base, six))))
	// A catalog of runs is no set of curves to answer one by one.
	many := make([]string, maxCurves+1)
	for i := range many {
		many[i] = fmt.Sprint("run ", i)
	}
	require.Nil(t, CurveNames(AmbiguousSeries(base, many)))
	// Nor is a choice between columns, or any other error.
	require.Nil(t, CurveNames(&ambiguous{err: base, kind: "throughput", headers: []string{"x", "y"}}))
	require.Nil(t, CurveNames(base))
	// The refusal reads as it always did.
	require.EqualError(t, AmbiguousSeries(base, six), "the table holds series")
}

// A GGUF quantization's name is one word: the K of Q6_K is no thousand.
func TestQuantizationNamesAreOneWord(t *testing.T) {
	require.Equal(t, []string{"pro", "6000", "q6k", "4", "槽"}, headerTokens("PRO 6000 Q6_K（4 槽）"))
	require.Equal(t, []string{"q4km", "tok", "s"}, headerTokens("Q4_K_M tok/s"))
	require.Equal(t, []string{"iq4xs"}, headerTokens("IQ4_XS"))
	_, ok := tokRateUnitFromTokens(headerTokens("PRO 6000 Q6_K tok/s"))
	require.True(t, ok)
	u, _ := tokRateUnitFromTokens(headerTokens("PRO 6000 Q6_K tok/s"))
	require.Equal(t, "tok/s", u.name)
}
