package read

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStripTerminalCodes(t *testing.T) {
	require.Equal(t, "│ Statistic │ 24.49 │", string(stripTerminalCodes([]byte("│\x1b[1m Statistic\x1b[0m │\x1b[32m 24.49\x1b[0m │"))))
	// Bare codes (the escape byte lost) only when there are three or more.
	require.Equal(t, "a b c d", string(stripTerminalCodes([]byte("a[1m b[0m c[36m d"))))
	require.Equal(t, "see [1m here", string(stripTerminalCodes([]byte("see [1m here"))))
}

// A unit in brackets is no colour code: "[ms]" stays.
func TestStripTerminalCodesKeepsBracketedUnits(t *testing.T) {
	in := "| TTFT [ms] | ITL [ms] | E2E [ms] | TPOT [ms] |"
	require.Equal(t, in, string(stripTerminalCodes([]byte(in))))
}
