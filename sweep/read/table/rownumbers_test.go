package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: a row number before the columns, as a
// markdown "#" and as pandas writes its unnamed index to a CSV.

func TestARowNumberIsNeverALoadNorACurve(t *testing.T) {
	for _, h := range []string{"#", "No.", "序号", "**#**", "Index"} {
		c := classify(h)
		require.Equal(t, colIgnore, c.kind, h)
		require.Equal(t, whyRowNumber, c.why, h)
	}
	require.NotEqual(t, whyRowNumber, classify("# users").why, "a count named by # is no row number")
	s, err := Read("t.md", []byte(`### Output throughput (tok/s)

| # | Concurrency | vLLM | SGLang |
|---|---|---|---|
| 1 | 4 | 150 | 160 |
| 2 | 16 | 520 | 560 |
| 3 | 64 | 1400 | 1500 |

### Median TTFT (ms)

| # | Concurrency | vLLM | SGLang |
|---|---|---|---|
| 1 | 4 | 30 | 28 |
| 2 | 16 | 45 | 40 |
| 3 | 64 | 160 | 130 |
`), Markdown, Meta{Series: "vLLM"})
	require.NoError(t, err, "the row number is neither a curve beside vLLM and SGLang nor a metric both tables hold")
	require.Len(t, s.Points, 3)
	require.Equal(t, 64.0, s.Points[2].Concurrency)
	require.Equal(t, 1400.0, s.Points[2].ThroughputTokS)
}
