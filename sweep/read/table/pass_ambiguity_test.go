package table

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// The ambiguity pass, on a synthetic table: two columns left for the
// throughput are one refusal carrying both, the output rate first; the
// user's --column picks one and leaves the other unread.
func TestAmbiguityPass(t *testing.T) {
	g := synthetic([]string{"Concurrency", "Tokens/s", "Output tok/s"}, "",
		[]string{"1", "300", "100"},
		[]string{"8", "2000", "700"})
	_, err := throughPass(t, g, Meta{}, 5)
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, "throughput", amb.kind)
	require.Equal(t, []string{"Output tok/s", "Tokens/s"}, amb.headers)
	require.ErrorContains(t, err, `pick one with --column throughput="Output tok/s"`)

	r, err := throughPass(t, g, Meta{Columns: map[string]string{"throughput": "Tokens/s"}}, 5)
	require.NoError(t, err)
	require.Equal(t, colThroughput, colNamed(t, r, "Tokens/s").kind)
	require.Equal(t, colIgnore, colNamed(t, r, "Output tok/s").kind)
}
