package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// What the text around a table says of its latency statistics. Synthetic
// sentences in the shapes people write.
func TestContextStats(t *testing.T) {
	for text, want := range map[string]map[string]string{
		"Median of the three run `median_ttft_ms` values.":      {"ttft": "p50"},
		"Benchmarks (P50 TTFT/TPOT; tok/s per GPU):":            {"ttft": "p50", "tpot": "p50"},
		"TTFT values are p99, in ms.":                           {"ttft": "p99"},
		"All latencies are means over 3 runs.":                  {"*": "mean"},
		"Mean over runs of the p99 TTFT.":                       {"ttft": "p99"},
		"TTFT is the median; TTFT p99 in the last column.":      {},
		"8K 负载在 c64 的 TTFT p99 为 18,972 ms，ITL 最坏值 1,821.89 ms": {},
		"Mean TTFT here, median TTFT there.":                    {},
		"At c64 the TTFT p99 is 18,972 ms; ITL worst 1,821 ms.": {},
		"Mean TTFT: 120 ms at c=1.":                             {},
		"Throughput is the median of 3 runs.":                   {},
	} {
		require.Equal(t, want, contextStats(text), text)
	}
}

// A section's prose is said of every table under it, the last as the
// first, and of the columns a join of tables makes: the TTFT section says
// median, so its unlabeled columns are p50, not an assumed mean.
// Synthetic page in the shape of a lab's write-up.
func TestSectionProseNamesTheStatistic(t *testing.T) {
	page := `# Sweep

## Output tok/s

### Lane A

| C | tok/s |
|---|---|
| 1 | 60 |
| 2 | 110 |
| 4 | 190 |

## TTFT (ms)

Median of the three runs' median TTFT values.

### Lane A

| C | value |
|---|---|
| 1 | 50.0 |
| 2 | 70.0 |
| 4 | 140.0 |

### Lane B

| C | value |
|---|---|
| 1 | 55.0 |
| 2 | 80.0 |
| 4 | 160.0 |
`
	gs := markdownTables("t.md", []byte(page))
	require.Len(t, gs, 3)
	require.Contains(t, gs[2].context, "Median of the three runs' median TTFT values.")
	require.NotContains(t, gs[0].context, "Median")
	require.Equal(t, map[string]string{"ttft": "p50"}, contextStats(gs[2].context))

	g := synthetic([]string{"C", "TTFT (ms)", "P99 TTFT (ms)", "tok/s"}, "TTFT (ms) is the median of runs.", []string{"1", "50", "90", "60"}, []string{"2", "70", "120", "110"})
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	c := colNamed(t, r, "TTFT (ms)")
	require.Equal(t, "p50", c.stat)
	require.False(t, c.assumed)
	require.Equal(t, "p99", colNamed(t, r, "P99 TTFT (ms)").stat)
	require.Contains(t, strings.Join(r.notes, "\n"), `"TTFT (ms)" read as TTFT p50: its header names no statistic, and the text around the table says median`)
}
