package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: corpus tables with an average row
// added under them (sweep/read's perturbation test, "+ average row").

func TestASummaryRowIsNoLevel(t *testing.T) {
	s, err := Read("t.md", []byte(`| Concurrency | Output tok/s | TTFT p50 (ms) |
|---|---|---|
| 1 | 41.2 | 80 |
| 8 | 301 | 95 |
| 32 | 905 | 160 |
| **Average** | 415.7 | 111.7 |
`), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 905.0, s.Points[2].ThroughputTokS)
	require.Contains(t, s.Notes, `t.md:6: the row sums up the table ("Average"), no level: not read`)

	s, err = Read("t.md", []byte(`| Engine | 并发 | 输出吞吐 (tok/s) |
|---|---|---|
| vLLM | 1 | 41.2 |
| vLLM | 8 | 301 |
| vLLM | 32 | 905 |
| 平均 |  | 415.7 |
`), Markdown, Meta{})
	require.NoError(t, err, "a blank load beside a first cell that names the summary")
	require.Len(t, s.Points, 3)
}

func TestAStatisticNamedInTheFirstColumnIsNoSummaryRow(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Stat", "Concurrency", "TTFT (ms)"}, lines: []int{3, 4}, rows: [][]string{
		{"mean", "8", "95"}, {"p99", "8", "160"},
	}}
	require.Empty(t, dropSummaryRows(&g), "a row with its level is a row of that level")
	require.Len(t, g.rows, 2)
}

func TestASummaryRowUnderAnOfferedRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"QPS", "Output tok/s"}, lines: []int{3, 4, 5}, rows: [][]string{
		{"0.5", "230.9"}, {"1", "410"}, {"Total", "640.9"},
	}}
	require.Len(t, dropSummaryRows(&g), 1)
	require.Len(t, g.rows, 2)
	labels := grid{file: "t.md", header: []string{"Engine", "Output tok/s"}, lines: []int{3, 4}, rows: [][]string{
		{"vLLM", "230.9"}, {"Total", "410"},
	}}
	require.Empty(t, dropSummaryRows(&labels), "a first column of names is no key of levels")
}
