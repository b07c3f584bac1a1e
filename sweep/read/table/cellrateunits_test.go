package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: the corpus tables with "Output tok/s"
// over plain numbers, rewritten with the unit in every cell instead
// (sweep/read's perturbation test, "unit header → cells").

func TestARateUnitInEveryCellNamesTheColumn(t *testing.T) {
	s, err := Read("t.md", []byte(`| Concurrency | Output | Per-user speed | TTFT p50 (ms) |
|---|---|---|---|
| 1 | 41.2 tok/s | 41.2 tok/s | 80 |
| 8 | 301 tok/s | 37.6 tok/s | 95 |
| 32 | 905 tok/s | 28.3 tok/s | 160 |
`), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 32.0, s.Points[2].Concurrency, "per-user speed is a rate, not the users: Concurrency is the load")
	require.Equal(t, 905.0, s.Points[2].ThroughputTokS, "the node's rate, not one stream's")
	require.Contains(t, s.Notes, `t.md: "Output" writes its unit in every cell: read as "Output (tok/s)"`)
}

func TestACellUnitJoinsOnlyAHeaderThatNamesNoRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Output", "Output tok/s", "Throughput", "Served", "TTFT"}, rows: [][]string{
		{"4076 tok/min", "67.9", "67.9 tok/s", "2.5 req/s", "72 ms"},
		{"28755 tok/min", "479.2", "479.2 tok/s", "3.1 req/s", "90 ms"},
	}}
	notes := nameCellRateUnits(&g)
	require.Equal(t, []string{"Output (tok/min)", "Output tok/s", "Throughput", "Served (req/s)", "TTFT"}, g.header,
		"a header that reads as a rate keeps its words; a time is no rate")
	require.Len(t, notes, 2)
	mixed := grid{header: []string{"Output"}, rows: [][]string{{"67.9 tok/s"}, {"2.5 req/s"}}}
	require.Empty(t, nameCellRateUnits(&mixed), "cells that disagree on the unit name nothing")
	require.Equal(t, []string{"Output"}, mixed.header)
}
