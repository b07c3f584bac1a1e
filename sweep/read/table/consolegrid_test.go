package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A pipe table with header lines stacked above its | --- | rule, or ruled
// with |===|, is a console grid (guidellm's layout; the rows here are built
// for the rule): markdown would read only its last header line.
const consolePaste = `ℹ Server Throughput Statistics
|===========|=====|======|=======|
| Benchmark | Output Tokens    ||  TTFT |
| Strategy  | Per Sec          ||  ms   |
|           | Mdn   | Mean     | Mdn   |
|-----------|-------|----------|-------|
| c8        | 900.0 | 905.0    | 20.0  |
|===========|=====|======|=======|
`

func TestConsoleGridIsNoMarkdownTable(t *testing.T) {
	require.Empty(t, markdownTables("c.txt", []byte(consolePaste)))
	require.Len(t, markdownTables("m.md", []byte("| a | b |\n|---|---|\n| 1 | 2 |\n")), 1)
	require.True(t, looksAligned([]byte(consolePaste)))
	gs := alignedTables("c.txt", []byte(consolePaste))
	require.Len(t, gs, 1)
	require.Equal(t, []string{"Benchmark Strategy", "Output Tokens Per Sec Mdn", "Output Tokens Per Sec Mean", "TTFT ms Mdn"}, gs[0].header)
}

func TestCaptionAbove(t *testing.T) {
	lines := []string{"Intro prose that is long enough to be a paragraph and not a caption at all, running on:", "", "p50 TTFT, ms:", "", "| c | vLLM |", "|---|---|"}
	require.Equal(t, "p50 TTFT, ms", captionAbove(lines, 4))
	require.Equal(t, "", captionAbove(lines, 2), "a long line is prose")
	require.Equal(t, "", captionAbove([]string{"- item:", "| c |"}, 1), "a list item is no caption")
	require.Equal(t, "", captionAbove([]string{"### Throughput:", "| c |"}, 1), "a heading is a heading")
	require.Equal(t, "Median TTFT (ms)", captionAbove([]string{"**Median TTFT (ms)** — no difference:", "", "| c |"}, 2), "a bold caption with a remark after it")
	require.Equal(t, "", captionAbove([]string{"**Median TTFT (ms)** — no difference.", "| c |"}, 1), "a remark that does not end the line with a colon is prose")
}
