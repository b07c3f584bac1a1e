package table

import (
	"strings"
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

// Synthetic: a setting cell that carries its own label, "qps = 2",
// "rate=4.0", "run qps 4 req/s", under a header that names nothing of its
// own ("Setting", "config", blank): the label is the column's role (an
// offered rate), the number its value.
func TestRateInsideSettingLabel(t *testing.T) {
	for _, labels := range [][]string{
		{"qps = 2", "qps = 4", "qps = 8"},
		{"rate=2.0", "rate=4.0", "rate=8.0"},
		{"run qps 2 req/s", "run qps 4 req/s", "run qps 8 req/s"},
		{"chat (rate: 2)", "chat (rate: 4)", "chat (rate: 8)"},
	} {
		for _, h := range []string{"Setting", "config", ""} {
			g := &grid{file: "t.md", header: []string{h, "Output tok/s"},
				rows:  [][]string{{labels[0], "100"}, {labels[1], "180"}, {labels[2], "240"}},
				lines: []int{3, 4, 5}}
			require.Len(t, labelLoads(g), 1, labels[0])
			require.Equal(t, "target request rate (req/s) (in "+h+")", g.header[2])
			for r, want := range []string{"2", "4", "8"} {
				require.Equal(t, want, strings.TrimSuffix(g.rows[r][2], ".0"), labels[0])
			}
			require.NotContains(t, g.rows[0][0], "2", labels[0])
			require.NotContains(t, g.rows[0][0], "req/s", labels[0])
		}
	}
	// Synthetic: "rate" after another word is that word's ("error rate
	// 0.1"), no offered load.
	g := &grid{header: []string{"run", "tok/s"}, rows: [][]string{{"error rate 0.1", "1"}, {"error rate 0.4", "2"}}}
	require.Nil(t, labelLoads(g))
}

// Synthetic: the whole table, "qps = N" rows of three series told apart by
// a column ("num_rdma_nic": 2, 1, TCP), the loads repeating per series:
// three curves of an offered rate.
func TestRateInsideSettingLabelWithASeriesColumn(t *testing.T) {
	md := "| Setting | num_rdma_nic | Req Throughput (req/s) | Output Token Throughput (tok/s) | Mean TTFT (ms) | Mean TPOT (ms) |\n|---|---|---|---|---|---|\n" +
		"| qps = 2 | 2 | 2.02 | 12.15 | 200.6 | 22.6 |\n| qps = 4 | 2 | 4.02 | 24.12 | 341.9 | 38.4 |\n| qps = 8 | 2 | 7.36 | 44.19 | 4835.1 | 1276.6 |\n" +
		"| qps = 2 | TCP | 2.03 | 12.15 | 207.2 | 22.2 |\n| qps = 4 | TCP | 4.02 | 24.10 | 355.4 | 40.2 |\n| qps = 8 | TCP | 7.04 | 42.26 | 6714.6 | 1116.1 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "TCP"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4.0, *s.Points[1].RequestedRate)
	require.Equal(t, 42.26, s.Points[2].ThroughputTokS)
}

// Synthetic: vLLM's serving benchmarks name each test
// "<layout>_qps_<rate>" ("tp8_pp1_qps_01", "…_qps_inf"): the number after
// qps is the offered rate, inf every request at once, and the rest of the
// name stays the row's name; a served req/s beside it is the served rate.
func TestOfferedRateInATestName(t *testing.T) {
	md := "| Test name | Tput (req/s) | Output Tput (tok/s) | Median TTFT (ms) | Mean E2EL (ms) |\n|---|---|---|---|---|\n" +
		"| tp8_pp1_qps_01 | 0.97 | 208 | 56 | 4000 |\n| tp8_pp1_qps_04 | 3.6 | 674 | 50 | 4100 |\n| tp8_pp1_qps_16 | 9.1 | 1354 | 58 | 6000 |\n| tp8_pp1_qps_inf | 10.2 | 1500 | 900 | 9000 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 1.0, *s.Points[0].RequestedRate)
	require.Equal(t, 16.0, *s.Points[2].RequestedRate)
	require.Nil(t, s.Points[3].RequestedRate, "inf offers no rate: every request at once")
	require.InDelta(t, 0.97*4.0, s.Points[0].Concurrency, 1e-9, "placed by Little's law on the served rate")
	require.InDelta(t, 10.2*9.0, s.Points[3].Concurrency, 1e-9)
}

// Synthetic: the load written as a number with its unit or its noun after
// it ("Naive, 4 req/s", "4 users (short)"): the unit or the noun says what
// the number is, and the number changes from row to row.
func TestLoadAsNumberThenUnitInLabel(t *testing.T) {
	for _, tc := range []struct {
		labels []string
		header string
	}{
		{[]string{"Naive, 4 req/s", "Naive, 8 req/s", "Naive, 16 req/s"}, "target request rate (req/s) (in name)"},
		{[]string{"batched (2.5 rps)", "batched (5 rps)", "batched (10 rps)"}, "target request rate (req/s) (in name)"},
		{[]string{"4 users, short", "8 users, short", "16 users, short"}, "concurrency (in name)"},
		{[]string{"long / 4 clients", "long / 8 clients", "long / 16 clients"}, "concurrency (in name)"},
	} {
		g := &grid{file: "t.md", header: []string{"name", "Output tok/s"},
			rows:  [][]string{{tc.labels[0], "100"}, {tc.labels[1], "180"}, {tc.labels[2], "240"}},
			lines: []int{3, 4, 5}}
		require.Len(t, labelLoads(g), 1, tc.labels[0])
		require.Equal(t, tc.header, g.header[2], tc.labels[0])
		require.NotContains(t, g.rows[2][0], "1", tc.labels[0])
	}
	// A number inside a word ("llama8users") or a model size ("8B") is no load.
	g := &grid{header: []string{"name", "tok/s"}, rows: [][]string{{"Llama 8B", "1"}, {"Llama 70B", "2"}}}
	require.Nil(t, labelLoads(g))
}
