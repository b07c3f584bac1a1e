package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic tables (no recorded data): a load written in each row's label
// is the table's load when no column is one.
func TestLoadInsideTestLabel(t *testing.T) {
	for _, labels := range [][]string{
		{"chat C=4", "chat C=8", "chat C=16"},
		{"run conc 4", "run conc 8", "run conc 16"},
		{"long (c4)", "long (c8)", "long (c16)"},
		{"users=4 / long", "users=8 / long", "users=16 / long"},
	} {
		g := &grid{file: "t.md", header: []string{"name", "Output tok/s"},
			rows:  [][]string{{labels[0], "100"}, {labels[1], "180"}, {labels[2], "240"}},
			lines: []int{3, 4, 5}}
		notes := labelLoads(g)
		require.Len(t, notes, 1, labels[0])
		require.Equal(t, []string{"name", "Output tok/s", "concurrency (in name)"}, g.header)
		require.Equal(t, []string{"4", "8", "16"}, []string{g.rows[0][2], g.rows[1][2], g.rows[2][2]}, labels[0])
		require.NotContains(t, g.rows[0][0], "4", labels[0])
	}
}

// No load: one label's number that never changes (a model's "C=4"
// everywhere), two markers in one label, a table that has a load column,
// or a number that stands inside a word ("tc4").
func TestLoadInsideLabelNeedsOneChangingMarker(t *testing.T) {
	for _, g := range []*grid{
		{header: []string{"name", "tok/s"}, rows: [][]string{{"chat C=4", "1"}, {"long C=4", "2"}}},
		{header: []string{"name", "tok/s"}, rows: [][]string{{"c=4 bs=8", "1"}, {"c=8 bs=8", "2"}}},
		{header: []string{"name", "users", "tok/s"}, rows: [][]string{{"c=4", "4", "1"}, {"c=8", "8", "2"}}},
		{header: []string{"name", "tok/s"}, rows: [][]string{{"tc4", "1"}, {"tc8", "2"}}},
	} {
		h := append([]string(nil), g.header...)
		require.Nil(t, labelLoads(g))
		require.Equal(t, h, g.header)
	}
}

// llama-bench's phases: at each level the pp row holds TTFT and the
// prompt rate, the tg row the output rate; one point each, the rate from
// tg. A pp row alone at its level is set aside, never read as output.
func TestPhaseRowsJoinAtEachLevel(t *testing.T) {
	g := &grid{file: "t.md", header: []string{"test", "t/s (total)", "ttft (ms)"},
		rows: [][]string{{"pp512 (c1)", "2000", "240"}, {"tg128 (c1)", "24", ""},
			{"pp512 (c4)", "3000", "380"}, {"tg128 (c4)", "46", ""}, {"pp512 (c8)", "3100", "900"}},
		lines: []int{3, 4, 5, 6, 7}}
	notes := labelLoads(g)
	require.Len(t, notes, 3)
	require.Contains(t, notes[2], "pp rows with no tg row set aside (levels [8])")
	require.Equal(t, [][]string{{"pp512 + tg128", "24", "240", "1"}, {"pp512 + tg128", "46", "380", "4"}}, g.rows)
	require.Equal(t, []int{4, 6}, g.lines)
}

// A llama-bench table (synthetic): its load elsewhere, or several rows of
// one phase at a level: the pp rows are set aside, never read as output.
func TestPhaseRowsBesideALoadColumn(t *testing.T) {
	g := &grid{file: "t.md", header: []string{"model", "threads", "test", "t/s"},
		rows:  [][]string{{"a", "8", "pp512", "1187"}, {"a", "8", "tg128", "64"}, {"b", "8", "pp512", "900"}, {"b", "8", "tg128", "40"}},
		lines: []int{3, 4, 5, 6}}
	notes := phaseRows(g)
	require.Equal(t, []string{"t.md: the pp (prompt processing) rows set aside: their token rate is the prompt's, not the output throughput"}, notes)
	require.Equal(t, [][]string{{"a", "8", "tg128", "64"}, {"b", "8", "tg128", "40"}}, g.rows)
	require.Equal(t, []int{4, 6}, g.lines)

	g = &grid{file: "t.md", header: []string{"test", "t/s"}, rows: [][]string{{"pp512", "1187"}, {"tg128", "64"}}, lines: []int{3, 4}}
	require.Len(t, phaseRows(g), 1)
	require.Equal(t, [][]string{{"pp512 + tg128", "64"}}, g.rows)
}
