package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// rateBlock is a synthetic guidellm-wrapper block that prints the peak in
// flight as "Maximum request concurrency" and no offered rate.
func rateBlock(peak int, reqS, tokS float64) string {
	return "    ```\n    ============ Serving Benchmark Result ============\n" +
		fmt.Sprintf("    Maximum request concurrency:             %d\n", peak) +
		fmt.Sprintf("    Request throughput (req/s):              %.2f\n", reqS) +
		fmt.Sprintf("    Output token throughput (tok/s):         %.2f\n", tokS) +
		"    Mean Latency(s):                         2.10\n" +
		fmt.Sprintf("    P99 TTFT (ms):                           %d\n", 60+peak) +
		"    ==================================================\n    ```\n\n"
}

func TestLevelHeading(t *testing.T) {
	m, ok := levelHeading("Rate 4")
	require.True(t, ok)
	require.Equal(t, headingMark{kind: "rate", name: "Rate", value: "4"}, m)
	m, ok = levelHeading("Concurrency 32")
	require.True(t, ok)
	require.Equal(t, "concurrency", m.kind)
	_, ok = levelHeading("Other Benchmark Cases")
	require.False(t, ok)
	_, ok = levelHeading("Qwen3 8B on 2 GPUs")
	require.False(t, ok)
}

// Blocks named only by a "#### Rate N" heading are read at the heading's
// offered rate; their "Maximum request concurrency", different for two
// arms at one rate (6 and 5), is what the run reached, never the load: read
// as the load it made points at levels no heading names (issue 26, batch
// r's rate headings). Synthetic blocks, two arms under each heading.
func TestRateHeadingSetsTheBlocksLevel(t *testing.T) {
	var data strings.Builder
	data.WriteString("### Other Benchmark Cases\n\n")
	for i, rate := range []float64{1, 4, 8, 16} {
		data.WriteString(fmt.Sprintf("#### Rate %g\n\n", rate))
		data.WriteString("??? info \"Baseline benchmark result\"\n" + rateBlock(6*(i+1), rate*0.98, rate*280))
		data.WriteString("??? info \"Optimized benchmark result\"\n" + rateBlock(5*(i+1), rate*0.99, rate*282))
	}
	s, err := readBenchText("t.md", []byte(data.String()), Meta{Series: "Optimized benchmark result"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	for i, rate := range []float64{1, 4, 8, 16} {
		require.NotNil(t, s.Points[i].RequestedRate)
		require.Equal(t, rate, *s.Points[i].RequestedRate)
		require.Equal(t, rate*282, s.Points[i].ThroughputTokS)
	}
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `each read at the rate its heading names ("Rate 1" …)`)
	require.Contains(t, notes, `"Maximum request concurrency" differs between blocks of one offered rate`)
}

// A block that offers its own finite rate keeps it; rate headings over
// blocks that print one change nothing. Synthetic.
func TestRateHeadingLeavesAPrintedRate(t *testing.T) {
	var data strings.Builder
	for _, rate := range []int{2, 4} {
		data.WriteString(fmt.Sprintf("#### Rate %d\n\nTraffic request rate: %d\n", rate, rate*10) + rateBlock(rate, float64(rate)*9.5, float64(rate)*1000))
	}
	g, ok := benchBlocks("t.md", []byte(data.String()))
	require.True(t, ok)
	_, rate := (&benchScan{g: g}).loadColumns()
	require.GreaterOrEqual(t, rate, 0)
	require.Equal(t, "20", g.rows[0][rate])
	require.NotContains(t, strings.Join(g.notes, "\n"), "heading names")
}

// concBlock is a synthetic vLLM result block that prints no level.
func concBlock(tokS, ttft float64) string {
	return "```\n============ Serving Benchmark Result ============\n" +
		"Successful requests:                     800\n" +
		fmt.Sprintf("Output token throughput (tok/s):         %.2f\n", tokS) +
		fmt.Sprintf("Mean TTFT (ms):                          %.2f\n", ttft) +
		"==================================================\n```\n\n"
}

// Blocks printing no level, under "## N concurrent requests" headings (the
// number first or last), each arm under a "###" heading of its own: every
// block is read at its section's concurrency, a deeper heading keeping it,
// and the arms are the series (issue 26, batch x's load-balancer page).
// Synthetic blocks, two arms per level.
func TestConcurrencyHeadingSetsTheBlocksLevel(t *testing.T) {
	var data strings.Builder
	for i, h := range []string{"800 concurrent requests", "1600 concurrent requests", "concurrent requests 3200"} {
		data.WriteString("## " + h + "\n\n")
		data.WriteString("### Round Robin\n\n" + concBlock(3800+float64(i)*10, 800*float64(i+1)))
		data.WriteString("### Prefix Hash\n\n" + concBlock(5500+float64(i)*10, 200+float64(i)))
	}
	s, err := readBenchText("t.md", []byte(data.String()), Meta{Series: "Prefix Hash"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, conc := range []float64{800, 1600, 3200} {
		require.Equal(t, conc, s.Points[i].Concurrency)
		require.Equal(t, 5500+float64(i)*10, s.Points[i].ThroughputTokS)
	}
	require.Contains(t, strings.Join(s.Notes, "\n"), `each read at the concurrency its heading names ("concurrent requests 800" …)`)
	_, err = readBenchText("t.md", []byte(data.String()), Meta{})
	require.ErrorContains(t, err, `2 series by "Result title"`)
}

// A heading beside the level's (no deeper) ends it: a block under
// "## Other runs" after "## Concurrency 8" has no level from the heading,
// and since not every block then sits under one, none takes a heading's
// level. Synthetic.
func TestConcurrencyHeadingEndsAtASiblingHeading(t *testing.T) {
	data := "## Concurrency 8\n\n" + concBlock(900, 100) + "## Other runs\n\n" + concBlock(950, 120)
	g, ok := benchBlocks("t.md", []byte(data))
	require.True(t, ok)
	conc, _ := (&benchScan{g: g}).loadColumns()
	require.Less(t, conc, 0)
	require.NotContains(t, strings.Join(g.notes, "\n"), "heading names")
}

// A block that prints its own concurrency keeps it. Synthetic.
func TestConcurrencyHeadingLeavesAPrintedLevel(t *testing.T) {
	var data strings.Builder
	for _, c := range []int{2, 4} {
		data.WriteString(fmt.Sprintf("## Concurrency %d\n\nMaximum request concurrency: %d\n", c, c*10) + concBlock(float64(c)*100, 50))
	}
	g, ok := benchBlocks("t.md", []byte(data.String()))
	require.True(t, ok)
	conc, _ := (&benchScan{g: g}).loadColumns()
	require.GreaterOrEqual(t, conc, 0)
	require.Equal(t, "20", g.rows[0][conc])
	require.NotContains(t, strings.Join(g.notes, "\n"), "heading names")
}
