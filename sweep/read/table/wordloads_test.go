package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A fill-down table (synthetic): the engine and a "Parallelism" column
// (a load word in its header, words in its cells) written in each group's
// first row and blank below. The words are a label, never the load: the
// groups are the series, the batch size the load.
func TestFillDownLabelsAreSeriesNotLoads(t *testing.T) {
	md := `| Framework | Parallelism | GPU | BS | TTFT (ms) | Token/s |
|---|---|---|---|---|---|
| A | TP | 8 | 1 | 114 | 145 |
| | | 8 | 4 | 156 | 499 |
| | | 8 | 16 | 346 | 1851 |
| | TP&EP | 8 | 1 | 58 | 108 |
| | | 8 | 4 | 90 | 329 |
| B | TP | 8 | 1 | 53 | 101 |
| | | 8 | 4 | 129 | 288 |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `the table holds 3 series by "Framework" and "Parallelism": A / TP (3 rows), A / TP&EP (2 rows), B / TP (2 rows)`)
	require.ErrorContains(t, err, `pick one with --series "A / TP"`)

	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "A / TP"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 16.0, s.Points[2].Concurrency)
	require.Equal(t, 1851.0, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "Parallelism" is not read as the load: its cells are words ("TP"), a label of the rows`)
}

// Ditto marks repeat the cell above, in label and number columns alike.
func TestDittoMarksRepeatTheCellAbove(t *testing.T) {
	md := `| Engine | GPUs | Concurrency | Output tok/s | TTFT p50 (ms) |
|---|---|---|---|---|
| vLLM | 8 | 1 | 100 | 40 |
| ″ | ″ | 4 | 380 | 52 |
| " | " | 16 | 1200 | 95 |
`
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 8, s.GPUs)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: ditto marks (″) in "Engine", "GPUs" read as the value above`)
}

// A word in a load-worded column's first row and numbers below ("TP" above
// the degrees): the column is a setting, and the table's load is the
// column whose numbers are levels.
func TestAWordAboveNumbersNamesASettingNotALoad(t *testing.T) {
	md := `| Parallelism | BS | Token/s | TTFT (ms) |
|---|---|---|---|
| TP | 1 | 145 | 114 |
| 8 | 4 | 499 | 156 |
| 8 | 16 | 1851 | 346 |
`
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 4, 16}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "Parallelism" is not read as the load: its first row names it ("TP"), a setting of the rows`)
}
