package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built from held-out batch ci's one wrong reading and a refusal, after the
// batch was measured once. Synthetic numbers shaped like the tables.

// A sentence after the table quoting a cell with tok/s names the unit only
// of the column that cell is in: "single 89.5 tok/s" quotes a column that
// names its own rate, and gives none to an acceptance length beside it.
func TestQuotedCellNamesOnlyItsColumn(t *testing.T) {
	md := "| C | Single C_total (tok/s) | Single Mean Len | Cluster C_total (tok/s) | Cluster Mean Len |\n|---|---|---|---|---|\n" +
		"| 1 | 19.1 | 1.67 | 31.5 | 2.31 |\n| 2 | 43.4 | 2.54 | 68.9 | 2.67 |\n| 4 | 57.8 | 1.78 | 82.5 | 2.02 |\n| 8 | 89.5 | 1.93 | 150.6 | 1.99 |\n\n" +
		"- C8 peak: single 89.5 tok/s → cluster 150.6 tok/s (1.68x).\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "Cluster"})
	require.NoError(t, err)
	require.Equal(t, []float64{31.5, 68.9, 82.5, 150.6}, throughputs(s))
	require.NotContains(t, strings.Join(s.Notes, "\n"), "quotes a cell")
}

// "cc4" heads a level as "c4" does.
func TestCCLevelHeaders(t *testing.T) {
	levels, _, ok := levelHeaders([]string{"cc1", "cc2", "cc4"})
	require.True(t, ok)
	require.Equal(t, []string{"1", "2", "4"}, levels)
}

// A change written with a unit after it ("212 → 227 tok/s (+7%)") splits
// into the two states' columns as a bare one does: the unit's slash is no
// separator of statistics.
func TestArrowCellsWithAUnit(t *testing.T) {
	require.True(t, arrowSide("227 tok/s"))
	require.True(t, arrowSide("140 / 273"))
	md := "| concurrency | TTFT p50: off → on | throughput: off → on |\n|---|---|---|\n" +
		"| 1 | 0.139 → 0.059 s (−58%) | 212 → 227 tok/s (+7%) |\n| 8 | 0.154 → 0.071 s (−54%) | 881 → 1,422 tok/s (+61%) |\n" +
		"| 32 | 0.992 → 0.638 s (−36%) | 1,191 → 2,634 tok/s (+121%) |\n| 64 | 3.26 → 0.75 s (−77%) | 1,328 → 3,494 tok/s (+163%) |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "on"})
	require.NoError(t, err)
	require.Equal(t, []float64{227, 1422, 2634, 3494}, throughputs(s))
	s, err = Read("t.md", []byte(md), Markdown, Meta{Series: "off"})
	require.NoError(t, err)
	require.Equal(t, []float64{212, 881, 1191, 1328}, throughputs(s))
}
