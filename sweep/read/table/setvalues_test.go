package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// armsByLevel is a synthetic table of three arms at each level, the levels
// (c) set values that recur in every arm, "batch" the mean batch the
// server held (fractions, different per arm at one level), groups of rows
// separated by empty rows, as people draw them.
const armsByLevel = `| c | arm | batch | ttft ms | out tok/s |
|---|---|---|---|---|
| 8 | base | 7.4 | 110.0 | 1300.0 |
| 8 | fast | 7.6 | 90.0 | 1350.0 |
| | | | | |
| 16 | base | 15.3 | 130.0 | 2300.0 |
| 16 | fast | 15.1 | 100.0 | 2400.0 |
| | | | | |
| 32 | base | 29.8 | 160.0 | 3700.0 |
| 32 | fast | 30.6 | 120.0 | 4100.0 |
`

// A concurrency of fractions beside one of whole numbers is measured: the
// whole numbers are the levels set (issue 26, batch o's load of 62.7 that
// no row holds as a level). Synthetic.
func TestFractionsBesideSetValuesAreMeasured(t *testing.T) {
	s, err := Read("t.md", []byte(armsByLevel), Markdown, Meta{Series: "fast"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range []float64{8, 16, 32} {
		require.Equal(t, want, s.Points[i].Concurrency)
	}
	require.Equal(t, 30.6, *s.Points[2].AchievedConcurrency)
	require.Equal(t, 4100.0, s.Points[2].ThroughputTokS)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `t.md: "batch" is not read as the load: it holds fractions, a count measured during the run, beside "c", whose whole numbers are the levels set`)
	require.Contains(t, notes, "t.md: 2 empty rows read as separators between groups of rows, not as levels")

	_, err = Read("t.md", []byte(armsByLevel), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `2 series by "arm": base (3 rows), fast (3 rows)`, "no empty row carries an arm down into a third row")
}

// Two columns of whole numbers stay a refusal by name; a column that
// names itself the configured level is left to concurrencyFlavors (its
// note says nothing of fractions); fractions alone (no set-value column)
// are not judged here. Synthetic.
func TestSetValuesJudgeOnlyFractionsBesideWholeNumbers(t *testing.T) {
	g := synthetic([]string{"c", "batch", "out tok/s"}, "", []string{"8", "8", "100"}, []string{"16", "15", "180"})
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.Error(t, err)
	require.Nil(t, r)

	// Whole numbers both, the levels recurring per arm, the batch
	// scattering: the batch is measured.
	g = synthetic([]string{"c", "arm", "batch", "out tok/s"}, "",
		[]string{"8", "a", "7", "100"}, []string{"8", "b", "8", "110"}, []string{"16", "a", "15", "180"}, []string{"16", "b", "14", "190"})
	r, err = resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, colNamed(t, r, "c").kind)
	require.Equal(t, colAchieved, colNamed(t, r, "batch").kind)
	require.Contains(t, strings.Join(r.notes, "\n"), `"batch" is not read as the load: its values scatter, a count measured during the run, beside "c", whose every value recurs: the levels set for each series`)

	g = synthetic([]string{"max concurrency", "concurrency", "out tok/s"}, "", []string{"8", "7.5", "100"}, []string{"16", "15.2", "180"})
	r, err = resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colAchieved, colNamed(t, r, "concurrency").kind)
	require.NotContains(t, strings.Join(r.notes, "\n"), "fractions")

	g = synthetic([]string{"concurrency", "out tok/s"}, "", []string{"7.5", "100"}, []string{"15.2", "180"})
	r, err = resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, colNamed(t, r, "concurrency").kind)
}

// An empty row is dropped; a row with any cell kept. Synthetic.
func TestEmptyRowsAreSeparators(t *testing.T) {
	g := grid{file: "t.md", header: []string{"c", "tok/s"}, rows: [][]string{{"1", "10"}, {" ", ""}, {"2", ""}}, lines: []int{3, 4, 5}}
	require.Equal(t, []string{"t.md: 1 empty rows read as separators between groups of rows, not as levels"}, dropBlankRows(&g))
	require.Equal(t, [][]string{{"1", "10"}, {"2", ""}}, g.rows)
	require.Equal(t, []int{3, 5}, g.lines)
	require.Nil(t, dropBlankRows(&g))
}
