package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a Sphinx page's list-table under an RST section title reads
// as the pipe table it renders as; a bullet list after it is no row.
func TestRSTListTable(t *testing.T) {
	doc := "Speed Test Results (ShareGPT, 4×H200)\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\n" +
		".. list-table::\n   :header-rows: 1\n   :widths: 30 20 20\n\n" +
		"   * - Concurrency\n     - Output (tok/s)\n     - TTFT (ms)\n" +
		"   * - 16\n     - 1798\n     - 196\n" +
		"   * - 64\n     - **6442**\n     - 1099\n" +
		"   * - 256\n     - 6728\n     - 11476\n\n" +
		"Hardware\n--------\n\n- 4× NVIDIA H200\n- NVLink\n"
	require.True(t, Looks(Markdown, "t.txt", []byte(doc)))
	s, err := Read("t.txt", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 6442.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 11476.0, *s.Points[2].TTFT.Mean)
	lines, _, ok := rstAsMarkdown([]byte(doc))
	require.True(t, ok)
	require.Contains(t, lines, "### Speed Test Results (ShareGPT, 4×H200)")
	require.Contains(t, lines, "| 64 | **6442** | 1099 |")
	require.NotContains(t, lines, "| 4× NVIDIA H200 |")
	_, _, ok = rstAsMarkdown([]byte("| c | tok/s |\n|---|---|\n| 1 | 2 |\n"))
	require.False(t, ok)
}
