package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated tables of per-GPU throughput whose GPU count is stated only
// above them.
func TestGPUCountFromTheHeading(t *testing.T) {
	rows := "| concurrency | tok/s/GPU | TTFT p50 (ms) |\n|---|---|---|\n| 8 | 100 | 50 |\n| 32 | 350 | 80 |\n| 64 | 500 | 200 |\n"
	for _, c := range []struct{ above, phrase string }{
		{"## Results on 8×H100\n\n", "8×H100"},
		{"## Results\n\nServed with vLLM on 8 GPUs (one node).\n\n", "8 GPUs"},
		{"### DeepSeek, TP=8\n\n", "TP=8"},
	} {
		s, err := Read("t.md", []byte(c.above+rows), Markdown, Meta{})
		require.NoError(t, err, c.above)
		require.Equal(t, 8, s.GPUs)
		require.Equal(t, 4000.0, s.Points[2].ThroughputTokS)
		require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: --gpus 8 from the text above the table ("`+c.phrase+`"): its figures are per GPU`)
	}

	// Two different counts: --gpus decides, as with none.
	_, err := Read("t.md", []byte("## 8×H100 vs 4×H100\n\n"+rows), Markdown, Meta{})
	require.ErrorContains(t, err, "pass --gpus N")
	_, err = Read("t.md", []byte("## Results\n\n"+rows), Markdown, Meta{})
	require.ErrorContains(t, err, "pass --gpus N")

	// --gpus wins over the heading, and a table with node throughput
	// needs no count.
	s, err := Read("t.md", []byte("## Results on 8×H100\n\n"+rows), Markdown, Meta{GPUs: 4})
	require.NoError(t, err)
	require.Equal(t, 2000.0, s.Points[2].ThroughputTokS)
	node := "## Results on 8×H100\n\n| concurrency | tok/s | TTFT p50 (ms) |\n|---|---|---|\n| 8 | 100 | 50 |\n| 32 | 350 | 80 |\n"
	s, err = Read("t.md", []byte(node), Markdown, Meta{})
	require.NoError(t, err)
	require.NotContains(t, strings.Join(s.Notes, "\n"), "--gpus 8")
}
