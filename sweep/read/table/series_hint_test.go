package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// suggestedSeries is the value a --series refusal tells the user to pass.
func TestSplitColumnPick(t *testing.T) {
	names := []string{"EP=None", "EP=4", "EP=8"}
	for _, c := range []struct{ pick, name, rest string }{
		{"EP=4", "EP=4", ""},
		{"ep=none", "EP=None", ""},
		{"EP=8 / DeepSeek-R1 FP4 / 8192", "EP=8", "DeepSeek-R1 FP4 / 8192"},
	} {
		name, rest, ok := splitColumnPick(names, c.pick)
		require.True(t, ok, c.pick)
		require.Equal(t, c.name, name, c.pick)
		require.Equal(t, c.rest, rest, c.pick)
	}
	for _, bad := range []string{"EP=16", "DeepSeek-R1 FP8", "EP=4/x", "EP=4 / "} {
		_, _, ok := splitColumnPick(names, bad)
		require.False(t, ok, bad)
	}
	require.Equal(t, "EP=4 / FP8", joinPick("EP=4", "FP8"))
	require.Equal(t, "FP8", joinPick("", "FP8"))
}
