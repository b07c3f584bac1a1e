package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured.

// A corner cell naming the load and the metric: the first column is the
// load, the hardware columns hold the metric.
func TestCornerCellNamesBothAxes(t *testing.T) {
	g := grid{file: "t.md", headerLine: 3,
		header: []string{"BS & TPS", "1xA100", "2xMI300"},
		rows:   [][]string{{"1", "40", "25"}, {"2", "80", "46"}, {"4", "150", "85"}, {"8", "N/A", "150"}}}
	notes := splitCornerHeader(&g)
	require.Equal(t, []string{"BS", "1xA100 TPS", "2xMI300 TPS"}, g.header)
	require.Equal(t, []string{`t.md:3: the corner cell "BS & TPS" names the load ("BS", the first column) and what the cells hold: columns "1xA100", "2xMI300" hold the "TPS"`}, notes)
}

// Either order, and the diagonal written as a backslash.
func TestCornerCellEitherOrder(t *testing.T) {
	g := grid{file: "t.md", header: []string{`tok/s \ users`, "vLLM", "SGLang"},
		rows: [][]string{{"1", "40", "25"}, {"4", "150", "85"}, {"16", "400", "300"}}}
	require.NotEmpty(t, splitCornerHeader(&g))
	require.Equal(t, []string{"users", "vLLM tok/s", "SGLang tok/s"}, g.header)
}

// Nothing changes where the corner names two loads, no metric, or the
// first column holds no levels.
func TestCornerCellLeftAlone(t *testing.T) {
	levels := [][]string{{"1", "40", "25"}, {"4", "150", "85"}, {"16", "400", "300"}}
	for name, g := range map[string]grid{
		"two loads":        {header: []string{"BS & users", "vLLM", "SGLang"}, rows: levels},
		"no metric":        {header: []string{"BS & GPU", "vLLM", "SGLang"}, rows: levels},
		"no mark":          {header: []string{"BS TPS", "vLLM", "SGLang"}, rows: levels},
		"no levels":        {header: []string{"BS & TPS", "vLLM", "SGLang"}, rows: [][]string{{"a", "40", "25"}, {"b", "150", "85"}, {"c", "400", "300"}}},
		"columns say more": {header: []string{"BS & TPS", "TTFT (ms)", "ITL (ms)"}, rows: levels},
	} {
		header := append([]string(nil), g.header...)
		require.Empty(t, splitCornerHeader(&g), name)
		require.Equal(t, header, g.header, name)
	}
}

// The whole read: each hardware column is a curve, refused by its name;
// picked, its blank and N/A cells are no points.
func TestCornerCellTableReads(t *testing.T) {
	md := "| BS & TPS | 1xA100(80GB) | 2xMI300(192GB) |\n|---|---|---|\n| 1 | 40 | 25 |\n| 2 | 80 | 46 |\n| 4 | 150 | 85 |\n| 8 | N/A | 150 |\n| 16 |  | 260 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, "--series")
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "1xA100(80GB)"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 150.0, s.Points[2].ThroughputTokS)
}
