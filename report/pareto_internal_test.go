package report

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The Mermaid chart's coordinates are what the quadrantChart lexer reads:
// "1" for the maximum, never "1.000"; labels keep only letters, digits,
// spaces and minus signs.
func TestParetoMermaidCoordinates(t *testing.T) {
	require.Equal(t, "1", paretoCoord(1))
	require.Equal(t, "1", paretoCoord(0.9996))
	require.Equal(t, "0", paretoCoord(0))
	require.Equal(t, "0.161", paretoCoord(0.16123))
	require.Equal(t, "simulated pareto v1 2", paretoSafe("simulated/pareto:v1.2"))
}
