package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured (the real pastes are the g-guidellm-…
// corpus entries, whose join notes now name their tables).

func TestConsoleTitleText(t *testing.T) {
	require.Equal(t, "Request Latency Statistics (Completed Requests)", titleText("ℹ Request Latency Statistics (Completed Requests)"))
	require.Equal(t, "Benchmarking summary", titleText("Benchmarking summary:"))
	require.Equal(t, "Throughput (tok/s)", titleText("  ━━ Throughput (tok/s) ━━ "))
	require.Equal(t, "", titleText("=== 12 ==="))
}

func TestBoldCaptionWithRemarkIsAHeading(t *testing.T) {
	h, lv := headingText("**Throughput, single GPU** (fused RoPE on, 3 reps/point)")
	require.Equal(t, "Throughput, single GPU", h)
	require.Equal(t, 7, lv)
	h, _ = headingText("**Note** this is prose (not a caption) that goes on")
	require.Equal(t, "", h)
}
