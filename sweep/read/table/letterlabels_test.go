package table

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// Lettered configurations as column names are series: C is the third
// configuration, not a concurrency, and B not a batch size; whose knee
// differs (C saturates first), so the choice is refused naming A.
func TestLetteredConfigColumnsAreSeries(t *testing.T) {
	for _, h := range []string{
		`Streams,"A: Prior (tok/s)","B: Optimised (tok/s)","C: New (tok/s)"`,
		"Streams,Config A tok/s,Config B tok/s,Config C tok/s",
	} {
		csv := h + "\n32,965,945,616\n64,1513,1609,766\n128,2277,2282,617\n256,2400,2420,538\n"
		_, err := Read("t.csv", []byte(csv), CSV, Meta{})
		var amb *ambiguous
		require.True(t, errors.As(err, &amb), "%v", err)
		require.Contains(t, err.Error(), "--series", h)
		require.Len(t, amb.headers, 3)
	}
}

// Letters out of sequence, or a lone letter among words, are no
// enumeration: the parts keep their words' meaning.
func TestLetterLabelsNeedASequence(t *testing.T) {
	require.True(t, letterLabels([]string{"A: Prior", "B: Optimised", "C: New"}))
	require.True(t, letterLabels([]string{"C", "A", "B"}))
	require.False(t, letterLabels([]string{"A", "C"}))
	require.False(t, letterLabels([]string{"C", "N"}))
	require.False(t, letterLabels([]string{"A"}))
	require.False(t, letterLabels([]string{"vLLM", "TGI"}))
}
