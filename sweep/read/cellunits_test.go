package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured (the real tables are corpus entries
// h-w3d5-…-seconds-cells and h-nim-spark-…).

func TestCellUnitsAreNamedInTheReadingNote(t *testing.T) {
	const table = `| Concurrency | Tokens/s | TTFT p95 | p95 Latency |
|---:|---:|---:|---:|
| 1 | 91.56 | 0.1136 s | 1.4353 s |
| 2 | 157.18 | 950 ms | 1.8853 s |
`
	s, err := File(writeTemp(t, "cells.md", table), Options{})
	require.NoError(t, err)
	require.InDelta(t, 113.6, *s.Points[0].TTFT.P95, 1e-9)
	require.InDelta(t, 950, *s.Points[1].TTFT.P95, 1e-9)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"TTFT p95" as ttft_p95 (ms and s from the cells)`)
	require.Contains(t, notes, `"p95 Latency" as e2e_p95 (s from the cells)`)
	require.NotContains(t, notes, "ms assumed")
}

func TestABareCellKeepsTheColumnAssumed(t *testing.T) {
	const table = `| Concurrency | Tokens/s | TTFT p95 |
|---:|---:|---:|
| 1 | 91.56 | 0.1136 s |
| 2 | 157.18 | 207 |
`
	s, err := File(writeTemp(t, "cells.md", table), Options{})
	require.NoError(t, err)
	require.InDelta(t, 207, *s.Points[1].TTFT.P95, 1e-9)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"TTFT p95" as ttft_p95 (ms assumed)`)
}

func TestNoThroughputRefusalNamesNoPerUserRateAsTheFlag(t *testing.T) {
	const table = `| concurrency | Time to First Token (ms) | Prefill Throughput Per User (tokens/sec/user) | Output Token Throughput Per User (tokens/sec/user) |
|---|---|---|---|
| 1 | 559.10 | 2461.12 | 64.45 |
| 5 | 57879.07 | 167.92 | 63.62 |
`
	_, err := File(writeTemp(t, "peruser.md", table), Options{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `"Prefill Throughput Per User (tokens/sec/user)" is per-user throughput, not the node's, and the table has no rate of the whole node`)
	require.NotContains(t, err.Error(), "--column throughput", "a per-user rate read as the node's would be a wrong curve")
}

func TestADurationWithUnitsInItsCellsIsNotCalledUnstated(t *testing.T) {
	const table = `| Concurrency | Output throughput | Median TTFT | Duration |
| ---: | ---: | ---: | ---: |
| 2 | 76.4 tokens/s | 2,294 ms | 53.6 s |
| 4 | 172.1 tokens/s | 313 ms | 23.8 s |
`
	s, err := File(writeTemp(t, "duration.md", table), Options{})
	require.NoError(t, err)
	require.InDelta(t, 2294, *s.Points[0].TTFT.P50, 1e-9)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"Duration" (a run's duration, not a column knee reads; its cells write s)`)
	require.NotContains(t, notes, "no unit stated")
}

func TestABareDurationIsStillCalledUnstated(t *testing.T) {
	const table = `| Concurrency | Output throughput | Duration |
| ---: | ---: | ---: |
| 2 | 76.4 | 53.6 |
| 4 | 172.1 | 23.8 s |
`
	s, err := File(writeTemp(t, "duration.md", table), Options{})
	require.NoError(t, err)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Duration" (a duration with no unit stated)`)
}
