package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSweepLikeNeedsALoadAndAValue(t *testing.T) {
	require.True(t, sweepLike(grid{header: []string{"prefiller", "conc", "tok/s/GPU"}}))
	require.False(t, sweepLike(grid{header: []string{"Item", "Value"}}))
}

// A targets table above the measured one has no load levels: when neither
// reads, the refusal is about the table that can be a sweep (its Streams
// levels and tok/s cells), not the one above it.
func TestRefusalNamesTheTableThatCanBeASweep(t *testing.T) {
	text := "| Card | VRAM | Goal |\n|---|---|---|\n| A | 24 GB | 500 tok/s |\n| B | 24 GB | 750 tok/s |\n| C | 32 GB | 1000 tok/s |\n\n" +
		"Measured:\n\n| Model | Streams | Aggregate | Per stream |\n|---|---|---|---|\n" +
		"| big | 1 | 140.7 tok/s | 140.7 |\n| big | 6 | 344.7 tok/s | 57.4 |\n| big | 10 | 407.7 tok/s | 40.8 |\n| small | 6 | 318 tok/s | 53 |\n| small | 10 | 371 tok/s | 37.1 |\n"
	_, err := readMarkdown("t.md", []byte(text), Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), "t.md:9:")
	require.Contains(t, err.Error(), `--series "big"`)
	s, err := readMarkdown("t.md", []byte(text), Meta{Series: "big"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.InDelta(t, 407.7, s.Points[2].ThroughputTokS, 1e-9)
}

// A table of settings above one whose columns hold the metric its heading
// names: the second reads in every way but its curve, so its refusal (the
// curve to pick) is the one shown, not the settings table's.
func TestRefusalNamesTheTableThatOnlyNeedsACurve(t *testing.T) {
	text := "| Item | Setting |\n|---|---|\n| Dataset | random |\n| Requests | 320 |\n\n" +
		"#### Output token throughput (tok/s)\n\n| Concurrency | H100 | MI300X | Diff |\n|---|---|---|---|\n" +
		"| 1 | 100 | 50 | -50 |\n| 4 | 300 | 120 | -180 |\n| 16 | 600 | 150 | -450 |\n"
	_, err := readMarkdown("t.md", []byte(text), Meta{})
	require.ErrorContains(t, err, `--series "H100"`)
}

// Without load levels in its cells ("c1", "long-c8") the table naming
// curves may still not read once one is picked: the settings table's
// refusal stays the one shown.
func TestRefusalOfCurvesNeedsLoadLevels(t *testing.T) {
	text := "| Item | Setting |\n|---|---|\n| Dataset | random |\n| Requests | 320 |\n\n" +
		"#### Output token throughput (tok/s)\n\n| Cell | H100 | MI300X |\n|---|---|---|\n" +
		"| c1 | 100 | 50 |\n| c4 | 300 | 120 |\n| long-c4 | 600 | 150 |\n"
	_, err := readMarkdown("t.md", []byte(text), Meta{})
	require.ErrorContains(t, err, "t.md:1:")
}

func TestCanBeSweepNeedsLoadLevelsAndARate(t *testing.T) {
	targets := grid{header: []string{"Card", "VRAM", "Goal"}, rows: [][]string{{"A", "24 GB", "500 tok/s"}, {"B", "24 GB", "750 tok/s"}, {"C", "32 GB", "1000 tok/s"}}}
	require.False(t, canBeSweep(targets))
	twoLevels := grid{header: []string{"Streams", "Aggregate"}, rows: [][]string{{"1", "10 tok/s"}, {"2", "18 tok/s"}, {"2", "19 tok/s"}}}
	require.False(t, canBeSweep(twoLevels))
	three := grid{header: []string{"Streams", "Aggregate"}, rows: [][]string{{"1", "10 tok/s"}, {"2", "18 tok/s"}, {"**4**", "30 tok/s"}}}
	require.True(t, canBeSweep(three))
	noRate := grid{header: []string{"Streams", "Note"}, rows: [][]string{{"1", "ok"}, {"2", "ok"}, {"4", "slow"}}}
	require.False(t, canBeSweep(noRate))
}
