package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: a throughput table and a TTFT table of
// the same runs, each repeating the run's duration and GPU temperature (the
// corpus's split tables rewritten by sweep/read's perturbation test).

const splitWithRunFacts = `### Throughput (tok/s)

| Concurrency | vLLM | SGLang | Duration (s) | GPU temp (°C) |
|---|---|---|---|---|
| 1 | 41 | 44 | 120 | 61 |
| 8 | 290 | 310 | 137 | 68 |
| 32 | 880 | 950 | 154 | 75 |

### TTFT p50 (ms)

| Concurrency | vLLM | SGLang | Duration (s) | GPU temp (°C) |
|---|---|---|---|---|
| 1 | 35 | 31 | 120 | 61 |
| 8 | 60 | 52 | 137 | 68 |
| 32 | 210 | 170 | 154 | 75 |
`

func TestSplitTablesRepeatingTheRunsFactsJoin(t *testing.T) {
	_, err := Read("t.md", []byte(splitWithRunFacts), Markdown, Meta{Series: "SGLang"})
	require.NoError(t, err)
	s, err := Read("t.md", []byte(splitWithRunFacts), Markdown, Meta{Series: "vLLM"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 880.0, s.Points[2].ThroughputTokS)
	require.Equal(t, 210.0, *s.Points[2].TTFT.P50)
}

func TestARepeatedHeaderOverOtherCellsStillKeepsTablesApart(t *testing.T) {
	other := `### Throughput (tok/s)

| Concurrency | vLLM | SGLang | Duration (s) |
|---|---|---|---|
| 1 | 41 | 44 | 120 |
| 8 | 290 | 310 | 137 |

### TTFT p50 (ms)

| Concurrency | vLLM | SGLang | Duration (s) |
|---|---|---|---|
| 1 | 35 | 31 | 300 |
| 8 | 60 | 52 | 310 |
`
	s, err := Read("t.md", []byte(other), Markdown, Meta{Series: "vLLM"})
	require.NoError(t, err)
	require.Equal(t, 290.0, s.Points[1].ThroughputTokS)
	require.Nil(t, s.Points[1].TTFT.P50, "two durations are two runs: the TTFT table is not joined to the throughput's")
	require.Error(t, disjointMetrics([]splitPart{
		{headers: []string{"vLLM", "Duration (s)"}}, {headers: []string{"vLLM TTFT", "Duration (s)"}},
	}), "a duration both tables hold keeps them apart")
}
