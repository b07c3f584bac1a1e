package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: one table per metric, each named by a
// bold caption with the author's remark after it, runs as columns.
const captionedMetricTables = `#### Sweep

**Output throughput (tok/s)** — no difference:

| Concurrency | Run-A | Run-B |
| --- | --- | --- |
| 1 | 30.5 | 31.0 |
| 8 | 200.0 | 198.0 |
| 32 | 210.0 | 209.0 |

**Median TTFT (ms)** — grows past 8:

| Concurrency | Run-A | Run-B |
| --- | --- | --- |
| 1 | 400 | 410 |
| 8 | 900 | 880 |
| 32 | 9000 | 9100 |
`

func TestCaptionedMetricTablesJoinWithRunsAsSeries(t *testing.T) {
	s, err := Read("t.md", []byte(captionedMetricTables), Markdown, Meta{Series: "Run-B"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 198.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 880.0, *s.Points[1].TTFT.P50)
	require.Equal(t, "t.md:8", s.Points[1].Source, "a point leads back to the row of its throughput")
}

// A caption stays the table's across a code fence and a quote's empty
// line, and inside a quote; three blank lines part them.
func TestCaptionAcrossFenceAndQuote(t *testing.T) {
	require.Equal(t, "TTFT p50 (ms)", captionAbove([]string{"**TTFT p50 (ms)** — no difference:", "", "```", "| a | b |"}, 3))
	require.Equal(t, "TTFT p50 (ms)", captionAbove([]string{"**TTFT p50 (ms)** — no difference:", "", ">", "> | a | b |"}, 3))
	require.Equal(t, "TTFT p50 (ms)", captionAbove([]string{"> TTFT p50 (ms):", "> | a | b |"}, 1))
	require.Equal(t, "", captionAbove([]string{"**TTFT p50 (ms)** — no difference:", "", "", "", "| a | b |"}, 4))
}
