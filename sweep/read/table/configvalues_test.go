package table

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: two parallel layouts under a header knee has no word for
// ("path"), each around its own capacity so that no level repeats. The
// cells name configurations, so the rows are two curves: refused as a
// choice of series, and --series reads one.
func TestConfigurationCellsNameCurves(t *testing.T) {
	md := "| path | concurrency | output TPS | mean TTFT ms |\n|---|---:|---:|---:|\n" +
		"| TP4 | 10 | `300.0` | `900.0` |\n| TP4 | 12 | `340.0` | `1100.0` |\n| TP4 | 14 | `310.0` | `1500.0` |\n" +
		"| TP4+CP2 fused | 20 | `420.0` | `1900.0` |\n| TP4+CP2 fused | 24 | `470.0` | `2300.0` |\n| TP4+CP2 fused | 28 | `460.0` | `2900.0` |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, seriesKind, amb.kind)
	require.Equal(t, []string{"TP4", "TP4+CP2 fused"}, amb.headers)

	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "TP4+CP2 fused"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 20.0, s.Points[0].Concurrency)
	require.Equal(t, 470.0, s.Points[1].ThroughputTokS)
}

// Simulated: a column of words that name no configuration (a phase of the
// curve) is left unread, and the rows stay one curve.
func TestPhaseWordsNameNoCurve(t *testing.T) {
	md := "| phase | concurrency | output tok/s |\n|---|---:|---:|\n" +
		"| ramp | 1 | 100 |\n| ramp | 2 | 190 |\n| saturated | 4 | 260 |\n| saturated | 8 | 270 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
}

func TestNamesConfiguration(t *testing.T) {
	for cell, want := range map[string]bool{
		"TP4": true, "TP4+CP2 fused": true, "tp=8": true, "DP2 EP8": true, "`pp-2`": true, "FP8": true, "tp4_cp2": true, "tp_2": true, "llama-fp8": true, "int4 awq": true,
		"ramp": false, "saturated": false, "baseline": false, "vLLM": false, "top4": false, "h100": false, "stp4": false, "fp80": false,
	} {
		require.Equal(t, want, namesConfiguration(cell), cell)
	}
}

// Simulated: a baseline beside a layout, each a block of rows, are two
// curves though "baseline" names no configuration itself.
func TestBaselineBesideALayoutNamesCurves(t *testing.T) {
	g := grid{rows: [][]string{{"baseline", "1"}, {"baseline", "2"}, {"TP2 EP4", "4"}, {"TP2 EP4", "8"}}}
	require.True(t, configColumn(g, 0))
	g.rows[3][0] = "done"
	require.False(t, configColumn(g, 0), "a value of one row beside words that name no configuration")
}
