package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: the text states one output token per request and the table
// prints only an input rate: the input rate is read as the throughput.
func TestPrefillOnlyReadsTheInputRate(t *testing.T) {
	for _, above := range []string{
		"- ISL 8192 / OSL 1 (pure prefill)\n\n",
		"- 输入长度：4096 tokens fixed。\n- 输出长度：1 token。\n\n",
		"### Prefill (4096×1, random-ids)\n\n",
		"`--random-input-len 4096 --random-output-len 1`\n\n",
	} {
		md := above + "| Max concurrency | Input tok/s | Mean TTFT (ms) |\n|---|---|---|\n" +
			"| 1 | 6130 | 654 |\n| 2 | 6226 | 1282 |\n| 4 | 6371 | 2460 |\n"
		s, err := Read("t.md", []byte(md), Markdown, Meta{})
		require.NoError(t, err, above)
		require.Equal(t, 6371.0, s.Points[2].ThroughputTokS, above)
		require.Contains(t, strings.Join(s.Notes, "\n"), "a prefill-only run", above)
	}
}

// Synthetic: without one output token stated, or beside an output rate,
// the input rate is not the throughput.
func TestInputRateIsNoThroughputOtherwise(t *testing.T) {
	md := "OSL 128\n\n| Max concurrency | Input tok/s | Mean TTFT (ms) |\n|---|---|---|\n" +
		"| 1 | 6130 | 654 |\n| 2 | 6226 | 1282 |\n| 4 | 6371 | 2460 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"Input tok/s" is input tokens, not output`)
	md = "OSL 1\n\n| Max concurrency | Input tok/s | Output tok/s | Mean TTFT (ms) |\n|---|---|---|---|\n" +
		"| 1 | 6130 | 1.5 | 654 |\n| 2 | 6226 | 1.52 | 1282 |\n| 4 | 6371 | 1.56 | 2460 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 1.56, s.Points[2].ThroughputTokS)
}
