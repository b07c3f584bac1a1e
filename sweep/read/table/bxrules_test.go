package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic, from corpus refusals (batches bo and bv): an object of levels
// keyed by number under "levels" reads as a column headed "level", which
// the roles pass reads as the concurrency; under a key naming nothing it
// stays unread (a bare number may be a rate or a concurrency).
func TestJSONLevelsObjectReadsAsLevels(t *testing.T) {
	doc := `{"variant": "q4", "levels": {
"1": {"req_s": 0.118, "output_tok_s": 38.0, "ttft_p50_ms": 165.9, "e2e_p50_s": 6.43},
"2": {"req_s": 0.197, "output_tok_s": 63.0, "ttft_p50_ms": 239.0, "e2e_p50_s": 7.9},
"4": {"req_s": 0.33, "output_tok_s": 104.0, "ttft_p50_ms": 260.0, "e2e_p50_s": 9.7}}}`
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{38, 63, 104}, throughputs(s))
	require.Equal(t, 4.0, s.Points[2].Level())
	other := `{"variant": "q4", "results": {
"1": {"req_s": 0.118, "output_tok_s": 38.0},
"2": {"req_s": 0.197, "output_tok_s": 63.0},
"4": {"req_s": 0.33, "output_tok_s": 104.0}}}`
	require.False(t, Looks(Records, "t.json", []byte(other)))
	for _, k := range []string{"levels", "load_levels", "loadLevels"} {
		require.True(t, levelsParent(k), k)
	}
	for _, k := range []string{"level_stats", "cache_levels", "log_levels", "results"} {
		require.False(t, levelsParent(k), k)
	}
}

// Synthetic, from corpus refusals (batch bo): a record's rate that its
// words say was set ("target_rate_rps") is the offered load beside the
// rate served, as in a table's header.
func TestJSONTargetRateIsTheLoad(t *testing.T) {
	doc := `{"profile": "short", "points": [
{"target_rate_rps": 1.0, "achieved_rps": 0.98, "output_tokens_per_s": 47.0, "total_latency_s": {"p50": 1.2, "p99": 1.4}},
{"target_rate_rps": 2.0, "achieved_rps": 1.97, "output_tokens_per_s": 94.6, "total_latency_s": {"p50": 1.2, "p99": 1.4}},
{"target_rate_rps": 4.0, "achieved_rps": 4.03, "output_tokens_per_s": 193.4, "total_latency_s": {"p50": 1.3, "p99": 1.5}}]}`
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{47, 94.6, 193.4}, throughputs(s))
	require.Equal(t, 4.0, *s.Points[2].RequestedRate)
	require.InDelta(t, 4.03, *s.Points[2].RequestRate, 1e-9)
}

// From held-out batch bx's misses (fitted after its one measurement): a
// level column that is the mean of the columns beside it ("c=1 mean" over
// the prompt types it averages) is the level, and the parts are not read;
// parts that do not average to it leave the table a question.
func TestMeanLevelAndItsParts(t *testing.T) {
	doc := "Output tok/s, wall time including prefill.\n\n| Mode | c=1 mean | reasoning | chat | code | essay | c=2 | c=8 | c=10 |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n" +
		"| no spec | 66.7 | 66.4 | 67.0 | 66.6 | 66.6 | 94.0 | 204.3 | 229.2 |\n| DFlash | 120.1 | 154.8 | 85.9 | 162.7 | 77.1 | 149.8 | 280.0 | 301.0 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "DFlash"})
	require.NoError(t, err)
	require.Equal(t, []float64{120.1, 149.8, 280, 301}, throughputs(s))
	require.Equal(t, 1.0, s.Points[0].Level())
	require.Contains(t, strings.Join(s.Notes, "\n"), `average to "c=1 mean"`)
	bad := strings.Replace(doc, "| 154.8 |", "| 254.8 |", 1)
	_, err = Read("t.md", []byte(bad), Markdown, Meta{Series: "DFlash"})
	require.Error(t, err)
	rest, ok := meanLevelHeader("C4 avg")
	require.True(t, ok)
	require.Equal(t, "C4", rest)
	_, ok = meanLevelHeader("TTFT mean")
	require.False(t, ok)
}

// From bx's misses: a header listing bare levels that a load word closes
// ("decode tok/s — 1 / 2 / 4 conc") melts into a row per level, even
// beside a capacity column named by concurrency ("concurrency @131k" over
// "12.70×"); a list with no load word names no levels.
func TestBareLevelListHeader(t *testing.T) {
	doc := "| KV dtype | concurrency @131k | decode tok/s — 1 / 2 / 4 conc |\n|---|---:|---|\n| fp8 | 12.70× | 114.6 / 170.5 / 347.4 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{114.6, 170.5, 347.4}, throughputs(s))
	require.Equal(t, 4.0, s.Points[2].Level())
	lv, name, ok := bareLevelList("tok/s @ users 1/8/32")
	require.True(t, ok)
	require.Equal(t, []string{"1", "8", "32"}, lv)
	require.Equal(t, "tok/s", name)
	_, _, ok = bareLevelList("decode tok/s 1 / 2 / 4")
	require.False(t, ok, "no load word: the numbers may be anything")
	_, _, ok = bareLevelList("conc 1 / 2 / 4 users")
	require.False(t, ok, "two load words")
}

// From bx's misses: a report of unlike parts ("lanes") one of which holds
// the levels is read at that part; a level-keyed object of numbers naming
// a token rate under a load's name is a table of levels.
func TestJSONLanesAndLevelMaps(t *testing.T) {
	lanes := `{"run_id": "x", "lanes": [
{"lane_id": "latency", "summary": {"ttft_ms": 74.5}},
{"lane_id": "concurrency", "summary": {"rows": [
 {"concurrency": 1, "aggregate_output_tok_s": 80.97}, {"concurrency": 2, "aggregate_output_tok_s": 147.97}, {"concurrency": 4, "aggregate_output_tok_s": 243.49}]}},
{"lane_id": "throughput", "summary": {"decode": {"median": 15.4}}}]}`
	s, err := Read("t.json", []byte(lanes), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{80.97, 147.97, 243.49}, throughputs(s))
	maps := `{"scores": {"latency": {"ttft_ms_mean": 253.5}, "concurrency": {"status": "PASS",
"ladder_aggregate_tok_s": {"1": 50.18, "2": 66.04, "4": 91.65, "6": 159.65}}}}`
	s, err = Read("t.json", []byte(maps), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{50.18, 66.04, 91.65, 159.65}, throughputs(s))
	require.Equal(t, 6.0, s.Points[3].Level())
	unnamed := `{"ladder_best": {"c1": 23.47, "c2": 36.14, "c4": 54.99}, "ladder_accept": {"c1": 2.9, "c2": 3.1, "c4": 3.3}}`
	require.False(t, Looks(Records, "t.json", []byte(unnamed)), "no key names a token rate")
}

// From bx's misses: a row whose one cell gives the sweep ("c1 112.3 / c2
// 164.1 / c4 237.9 agg tok/s", "C1/C2/C4: 99.5 / 151.6 / 217.0 output
// tok/s") is read as the table it stands for; a prompt rate, or two such
// cells, is not.
func TestSweepInACell(t *testing.T) {
	for _, cell := range []string{"c1 112.3 / c2 164.1 / c4 237.9 / c6 305.4 agg tok/s (8192-out)", "C1/C2/C4/C6: 112.3 / 164.1 / 237.9 / 305.4 output tok/s"} {
		doc := "| Lane | Result |\n|---|---|\n| canary | PASS |\n| concurrency | " + cell + " |\n| qa | 383/400 = 95.75% |\n"
		s, err := Read("t.md", []byte(doc), Markdown, Meta{})
		require.NoError(t, err, cell)
		require.Equal(t, []float64{112.3, 164.1, 237.9, 305.4}, throughputs(s), cell)
		require.Equal(t, 6.0, s.Points[3].Level())
	}
	_, ok := cellSweep("c1 2113 / c2 2200 / c4 2300 prompt tok/s")
	require.False(t, ok)
	_, ok = cellSweep("c1 112.3 / c2 164.1 agg tok/s")
	require.False(t, ok, "two levels")
	two := "| Lane | Result |\n|---|---|\n| a | c1 1 / c2 2 / c4 3 tok/s |\n| b | c1 4 / c2 5 / c4 6 tok/s |\n"
	_, err := Read("t.md", []byte(two), Markdown, Meta{})
	require.Error(t, err)
}

// From bx's misses: the text after the last table quoting one of its
// cells with a token rate's unit ("the `c=4 = 449.5 tok/s` reading") names
// the unit of its unnamed columns.
func TestQuotedCellNamesTheUnit(t *testing.T) {
	doc := "| Concurrency | Repne fork |\n|---|---|\n| 1 | 120.1 |\n| 2 | 223.8 |\n| 4 | 449.5 |\n\n## Notes\n\n- The `c=4 = 449.5 tok/s` reading is above the morning's.\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{120.1, 223.8, 449.5}, throughputs(s))
	other := strings.Replace(doc, "449.5 tok/s", "452.0 tok/s", 1)
	_, err = Read("t.md", []byte(other), Markdown, Meta{})
	require.Error(t, err, "a rate no cell holds names nothing")
}

// From bx's misses: a console that prints several boxes of one shape, the
// corner naming the rows and the levels ("ctx \ conc"), one box per metric:
// the box of the node's rate holds its curves as drawn, and is never
// joined with the others (a per-request rate at the same cells).
func TestCornerNamedBoxesAreNotJoined(t *testing.T) {
	box := func(title string, rows ...string) string {
		s := title + "\n╭────────────┬──────┬───────┬───────╮\n│ ctx \\ conc │    1 │     2 │     4 │\n├────────────┼──────┼───────┼───────┤\n"
		for _, r := range rows {
			s += r + "\n"
		}
		return s + "╰────────────┴──────┴───────┴───────╯\n"
	}
	doc := box("Per-Request tok/s", "│ 0          │ 92.0 │  88.3 │  79.1 │", "│ 16k        │ 92.1 │  81.1 │  79.4 │", "│ 32k        │ 85.5 │  80.2 │  78.6 │") +
		"Client latency notes.\n" +
		box("Aggregate decode tok/s", "│ 0          │ 92.0 │ 176.5 │ 316.3 │", "│ 16k        │ 92.1 │ 162.2 │ 317.5 │", "│ 32k        │ 85.5 │ 160.5 │ 314.5 │")
	_, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.Error(t, err)
	require.Equal(t, []string{"0", "16k", "32k"}, CurveNames(err))
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{Series: "16k"})
	require.NoError(t, err)
	require.Equal(t, []float64{92.1, 162.2, 317.5}, throughputs(s))
}
