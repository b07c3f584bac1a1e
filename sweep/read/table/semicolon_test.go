package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a decimal-comma locale's CSV export, semicolons between cells.
func TestSemicolonCSVWithDecimalCommas(t *testing.T) {
	doc := "Nebenläufigkeit;Durchsatz (Token/s);TTFT p99 (ms)\n1;85,5;50\n4;300,2;60\n16;900,7;90\n"
	s, err := Read("t.csv", []byte(doc), CSV, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 900.7, s.Points[2].ThroughputTokS)
	require.Equal(t, ';', delimiter([]byte("a;b,c;d\n")))
	require.Equal(t, ',', delimiter([]byte("a,b,c;d\n")))
}
