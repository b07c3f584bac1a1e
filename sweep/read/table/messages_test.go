package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Each message a user needs (issue 12): the file given, the field, the line,
// exit 2 (an *inputerr.Error). One row per finding.
func TestPlainDecimalFastPathMatchesTheGeneralPath(t *testing.T) {
	for _, c := range []string{"0", "7", "128", "84788", "0.452", ".5", "29.62", "000123", "1.000", "99999999999999999999", "3.14159265358979323846"} {
		require.True(t, plainDecimal(c), c)
		fast, ok, err := parseCell(c)
		require.NoError(t, err)
		require.True(t, ok)
		slow, ok, err := parseCell("~" + c)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, slow.v, fast.v, c)
		require.Equal(t, slow.half, fast.half, c)
		require.Nil(t, fast.unit)
		require.Equal(t, c, cleanCell(" "+c+" "))
	}
	for _, c := range []string{"", ".", "5.", "1.2.3", "1,000", "1e5", "-3", "+3", "12 ms", "1_000"} {
		require.False(t, plainDecimal(c), c)
	}
}
