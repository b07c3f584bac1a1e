package table

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The series pass, on a synthetic table: two curves named in the headers
// are refused as a choice the ambiguity pass may settle, and --series reads
// one, naming the other's columns as not read.
func TestSeriesPass(t *testing.T) {
	g := synthetic([]string{"Concurrency", "vLLM tok/s", "SGLang tok/s"}, "",
		[]string{"1", "100", "110"},
		[]string{"8", "700", "650"})
	_, err := throughPass(t, g, Meta{}, 4)
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, seriesKind, amb.kind)
	require.Equal(t, []string{"vLLM", "SGLang"}, amb.headers)

	r, err := throughPass(t, g, Meta{Series: "SGLang"}, 4)
	require.NoError(t, err)
	require.True(t, r.seriesPicked)
	require.Equal(t, "SGLang", r.seriesName)
	require.Equal(t, colThroughput, colNamed(t, r, "SGLang tok/s").kind)
	require.NotEqual(t, colThroughput, colNamed(t, r, "vLLM tok/s").kind)
	require.Contains(t, strings.Join(r.notes, "\n"), `series "SGLang" read (--series)`)
}
