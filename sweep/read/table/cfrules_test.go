package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built from held-out batch cf's one wrong reading (after it was measured):
// a harness's console lines of pairs, each led by the level and a run's
// name, warm-up runs among them, and the measured rounds of each level.

func TestBannerRunsWarmupAndRounds(t *testing.T) {
	line := func(n, run, tps string) string {
		return "N=" + n + " " + run + ": complete=True end_to_end_tok_s=" + tps + " errors=[]\n"
	}
	doc := line("1", "warmup 0", "37.5") + line("1", "round 0", "38.1") + line("1", "round 1", "38.5") + line("1", "round 2", "39.7") +
		line("2", "warmup 0", "48.1") + line("2", "round 0", "47.0") + line("2", "round 1", "46.4") + line("2", "round 2", "46.3") +
		line("4", "warmup 0", "48.2") + line("4", "round 0", "48.3") + line("4", "round 1", "49.7") + line("4", "round 2", "48.5")
	s, err := Read("t.txt", []byte(doc), BenchText, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{38.1, 38.5, 39.7, 47.0, 46.4, 46.3, 48.3, 49.7, 48.5}, throughputs(s), "the rounds are repeats; no warm-up is read")
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, "warm-up run, no level of the sweep: set aside")
	require.NotContains(t, notes, "complete=True", "a status pair names no run")

	// Runs named apart ("vllm", "sglang") over the same levels stay curves.
	named := line("1", "vllm", "38.1") + line("2", "vllm", "47.0") + line("4", "vllm", "48.3") +
		line("1", "sglang", "30.1") + line("2", "sglang", "41.0") + line("4", "sglang", "52.3")
	_, err = Read("t.txt", []byte(named), BenchText, Meta{})
	require.ErrorContains(t, err, "--series")

	require.Equal(t, "round 0", bannerLabel("N=1 round 0: complete=True end_to_end_tok_s=38.1 errors=[]"))
	require.Equal(t, "gpt-oss:20b", bannerLabel("=== gpt-oss:20b  (dur=120s, conc=1) ==="))
}

// Built from batch cf's misses and corpus refusals of the same kind (after
// cf was measured): report rows naming their level among other words, with
// the rate in their cells, and rows listing their levels over cells packing
// a value per level.

func TestReportRowsNameTheirLevel(t *testing.T) {
	doc := "| | Muse 30B | Gemma 31B |\n|---|---|---|\n" +
		"| Load | 21.02 GiB in 8.5 s | 19.78 GiB in 8.6 s |\n" +
		"| TTFT | 78 ms | 29 ms |\n" +
		"| Single decode | **58.1 tok/s** | 48.8 tok/s |\n" +
		"| 4 / 8 / 16 agents | 226 / 357 / 790 tok/s | 184 / 348 / 645 tok/s |\n" +
		"| Prefill ~48–53K | 33.6 s | 60.9 s |\n" +
		"| Power 1 / 16 agents | 222 W / 249 W | 235 W / 250 W |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "Muse 30B"})
	require.NoError(t, err)
	require.Equal(t, []float64{58.1, 226, 357, 790}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"4 / 8 / 16 agents" lists the levels 4, 8, 16`)

	// A rate after its level's words, remarks after the rate; a lone rate
	// beside the sweep (a soak run at one level) is no curve.
	doc = "| metric | value |\n|---|---|\n" +
		"| soak C1 streaming median (3x512 tok) | **31.8 tok/s**, TTFT 0.35s |\n" +
		"| `bench_c` C1 / C2 / C4 / C6 aggregate | ~30.4 / ~44.4 / 69.2 / **81.1 tok/s** (3-run medians) |\n" +
		"| DFlash2 acceptance | 0.418 |\n| total cold boot | ~8 min |\n"
	s, err = Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{30.4, 44.4, 69.2, 81.1}, throughputs(s))

	// The corner may write the unit; the level may sit mid-name.
	doc = "| Workload, tok/s | First suite |\n|---|---:|\n| Coding C1 decode | 82.71 |\n| Coding C4 aggregate | 202.38 |\n| Coding C8 aggregate | 335.47 |\n"
	s, err = Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{82.71, 202.38, 335.47}, throughputs(s))

	// A remark with its own numbers after the rate.
	doc = "| | |\n|---|---|\n| Decode, prose, 1 stream | 37.9 tok/s, TTFT 248 ms |\n" +
		"| Decode, prose, 2 / 3 / 4 streams | 58.9 / 71.2 / 78.6 tok/s aggregate (30.5 / 24.5 / 20.9 per stream), TTFT 424 / 311 / 383 ms |\n| Context | 200k limit |\n"
	s, err = Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{37.9, 58.9, 71.2, 78.6}, throughputs(s))
}

func TestRowLevelsStayApart(t *testing.T) {
	// Rows named by the level alone are the table's load column.
	doc := "| Cohort | End-to-end throughput | Mean TTFT |\n|---:|---:|---:|\n| C1 | **70.19 tok/s** | 149 ms |\n| C2 | **89.43 tok/s** | 262 ms |\n| C4 | **97.89 tok/s** | 538 ms |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{70.19, 89.43, 97.89}, throughputs(s))
	require.NotNil(t, s.Points[0].TTFT.Mean, "the TTFT column is still read")

	// A level joined to a run's id ("C3-FIRST") is no level.
	_, _, ok := oneRowLevel("Work C3-FIRST")
	require.False(t, ok)
	_, _, ok = oneRowLevel("C2 and 4 agents")
	require.False(t, ok, "two levels in one name")
	_, _, ok = oneRowLevel("TP=1 single Spark (NEXTN)")
	require.False(t, ok, "one device is no level")
	lv, _, ok := oneRowLevel("Single decode")
	require.True(t, ok)
	require.Equal(t, "1", lv)

	// A list of sizes is no list of levels; a list of another length
	// leaves the row as written.
	_, _, ok = rowLevelList("Cold prefill 2K / 8K / 32K")
	require.False(t, ok)
	_, ok = splitPackedRow([]string{"4 / 8 / 16 agents", "226 / 357 tok/s"}, 3)
	require.False(t, ok)
}

func TestCellSweepWithEqualsAndQualifier(t *testing.T) {
	pts, ok := cellSweep("C8=379 / C16=497 peak / C32=404 tok/s aggregate")
	require.True(t, ok)
	require.Equal(t, [][]string{{"", "tok/s aggregate"}, {"8", "379"}, {"16", "497"}, {"32", "404"}}, pts)
	_, ok = cellSweep("C8=379 / C16=497 / C32=404 tok/s per user")
	require.False(t, ok, "a per-user rate is not the node's")
}

func TestPackedRowKeepsStrayNumbers(t *testing.T) {
	// "209.5, 212.5": the last level at a second size, which no row of one
	// level could take alone: the row stays as written.
	_, ok := splitPackedRow([]string{"C3 / C5 / C16 (8K, 32K) tok/s", "86.8 / 114.9 / 209.5, 212.5"}, 3)
	require.False(t, ok)
	rows, ok := splitPackedRow([]string{"x", "~30.4 / ~44.4 / 69.2 tok/s (3-run medians; one wave read 36.53)"}, 3)
	require.True(t, ok, "a remark in brackets may hold its own numbers")
	require.Equal(t, "69.2 tok/s (3-run medians; one wave read 36.53)", rows[2][1])
}

func TestBracketSaysWhatParensHold(t *testing.T) {
	doc := "### Concurrency, warm (aggregate tok/s, per-request in parens)\n\n| C | prose |\n|---:|---|\n| 1 | 48.7 (48.7) |\n| 2 | 55.7 (27.9) |\n| 3 | 68.6 (22.9) |\n| 4 | 76.2 (19.2) |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{48.7, 55.7, 68.6, 76.2}, throughputs(s), "the aggregate, not the per-request rate in brackets")
	unit, inner, ok := bracketsSayParens("aggregate tok/s, per-request in parens")
	require.True(t, ok)
	require.Equal(t, "aggregate tok/s", unit)
	require.Equal(t, "per-request", inner)
	_, _, ok = bracketsSayParens("offered tok/s")
	require.False(t, ok)
}

func TestCellSweepValuesThenLevels(t *testing.T) {
	pts, ok := cellSweep("46.0 (x2) · 53.3 (x4) · 97.0 (x8) · **157.0 tok/s (x16)**, per-stream 12.3 at x16")
	require.True(t, ok)
	require.Equal(t, [][]string{{"", "tok/s"}, {"2", "46.0"}, {"4", "53.3"}, {"8", "97.0"}, {"16", "157.0"}}, pts)
	_, ok = cellSweep("46.0 (x2) · 53.3 · 97.0 (x8) tok/s")
	require.False(t, ok, "an item with no level")
}

func TestRowNamingAnotherUnitIsNoRate(t *testing.T) {
	// Under a corner writing tok/s, "C1 steps/s" still holds engine steps.
	_, ok := rateRowLevel([]string{"C1 steps/s 8K", "17.68"}, true)
	require.False(t, ok)
	p, ok := rateRowLevel([]string{"8 streams, sustained for 90 s", "272.0 tok/s"}, false)
	require.True(t, ok, "a duration qualifies the run, not the rate")
	require.Equal(t, "8", p.level)
	// A first row of packed numbers is values, not names under a group.
	require.False(t, namesRow([]string{"Prefill 8K / 32K tok/s", "2410 / 2392"}))
	require.True(t, namesRow([]string{"output", "total"}))
}

// From batch cg's wrong reading (after it was measured): llama-benchy's
// runs at a context depth are named "ctx_pp @ d4096" and "ctx_tg @ d4096",
// the same two phases as pp2048 and tg128.
func TestBenchyDepthPhases(t *testing.T) {
	doc := "| test | t/s (total) | t/s (req) | TTFT (ms) |\n|:--|--:|--:|--:|\n" +
		"| pp2048 (c1) | 5756.67 | 5756.67 | 358.91 |\n| tg128 (c1) | 41.76 | 41.76 | — |\n" +
		"| pp2048 (c2) | 6039.83 | 4218.51 | 529.53 |\n| tg128 (c2) | 59.52 | 30.97 | — |\n" +
		"| pp2048 (c5) | 6313.96 | 2307.50 | 1188.40 |\n| tg128 (c5) | 86.56 | 19.78 | — |\n" +
		"| ctx_pp @ d4096 (c1) | 5917.47 | 5917.47 | 694.60 |\n| ctx_tg @ d4096 (c1) | 41.83 | 41.83 | — |\n" +
		"| ctx_pp @ d4096 (c2) | 6237.80 | 3281.18 | 1254.08 |\n| ctx_tg @ d4096 (c2) | 56.22 | 32.15 | — |\n" +
		"| ctx_pp @ d4096 (c5) | 6442.31 | 2058.03 | 2263.14 |\n| ctx_tg @ d4096 (c5) | 75.05 | 18.86 | — |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err, "two curves whose answers differ")
	require.NotContains(t, err.Error(), "pp2048", "no prompt-processing row is a curve")
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "tg128"})
	require.NoError(t, err)
	require.Equal(t, []float64{41.76, 59.52, 86.56}, throughputs(s))
	require.True(t, promptPhase.MatchString("ctx_pp @ d4096"))
	require.False(t, promptPhase.MatchString("ctx_len 4096"))
}

// From batch cg's refusals (after it was measured): the unit written on
// the first row of a family only.
func TestRowFamilyTakesItsUnit(t *testing.T) {
	doc := "| Metric | baseline | +NCCL |\n|---|---|---|\n| Probe gate cold / warm | 10/10 · 10/10 | 10/10 · 10/10 |\n" +
		"| C1 aggregate tok/s | 52.2 | 52.4 |\n| C2 aggregate | 76.2 | 73.3 |\n| C4 aggregate | 100.4 | 108.7 |\n| C8 aggregate | 151.3 | 149.3 |\n" +
		"| C1 per-stream | 56.8 | 57.8 |\n| C8 per-stream | 22.5 | 22.5 |\n| Boot (s) | 239 | 250 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "baseline"})
	require.NoError(t, err)
	require.Equal(t, []float64{52.2, 76.2, 100.4, 151.3}, throughputs(s))
	require.Equal(t, "aggregate", rowFamily("C2 aggregate"))
	require.Equal(t, "aggregate", rowFamily("C1 aggregate tok/s"))
	require.Equal(t, "", rowFamily("Boot (s)"))
}

// From batch cg's wrong reading (after it was measured): a refusal for
// want of a load never offers a run's statistic that steps up.
func TestSteppingHintSkipsStatistics(t *testing.T) {
	doc := "M,aggregate tok/s,max_fifo_overtake\n3,190.3,1\n4,140.3,2\n6,192.4,3\n9,195.4,6\n"
	_, err := Read("t.csv", []byte(doc), CSV, Meta{})
	require.Error(t, err)
	require.NotContains(t, err.Error(), `--column concurrency="max_fifo_overtake"`)
}
