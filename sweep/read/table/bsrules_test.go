package table

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules built while held-out batch bs was collected, from corpus tables
// refused before it (none from bs). Every table here is synthetic, written
// for the shape.

// A long table of curves writes its level once per group of metric rows,
// as math ("$cc=4$"), and one metric row is a ratio the curves write as
// percentages (a draft's acceptance): the level is carried down to the
// group's rows, the ratio row is no reason to doubt the curves' columns,
// and a column of changes between curves is set aside.
func TestLongCurvesLevelOncePerGroup(t *testing.T) {
	doc := "| Concurrency ($cc$) | Metric | K=5 | K=3 | Delta (K=3 vs K=5) |\n|---|---|---:|---:|---:|\n" +
		"| **$cc=1$** | Aggregate tok/s | 25.87 | 28.12 | +8.7% |\n| | Acceptance Ratio | 42.9% | 56.8% | +13.9 pp |\n| | Median TTFT | 4.86 s | 4.44 s | -8.6% |\n" +
		"| **$cc=4$** | Aggregate tok/s | 40.81 | 42.46 | +4.0% |\n| | Acceptance Ratio | 42.2% | 56.0% | +13.8 pp |\n| | Median TTFT | 12.47 s | 11.68 s | -6.3% |\n" +
		"| **$cc=8$** | Aggregate tok/s | 49.11 | 49.56 | +0.9% |\n| | Acceptance Ratio | 42.8% | 56.6% | +13.8 pp |\n| | Median TTFT | 18.92 s | 18.60 s | -1.7% |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "K=3"})
	require.NoError(t, err)
	require.Equal(t, []float64{28.12, 42.46, 49.56}, throughputs(s))
	require.Equal(t, 1.0, s.Points[0].Concurrency)
	require.Equal(t, 8.0, s.Points[2].Concurrency)
	require.Equal(t, 18600.0, *s.Points[2].TTFT.P50)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `the columns "K=5" and "K=3" hold a curve each`)
	require.Contains(t, notes, `"Acceptance Ratio" (a ratio or percentage)`)
	// Without the metric rows' structure the level cell is still a level:
	// "cc=4" is concurrency 4 as "c=4" is.
	plain := "| Concurrency | tok/s | TTFT (ms) |\n|---|---|---|\n| cc=1 | 25 | 400 |\n| cc=4 | 41 | 600 |\n| cc=8 | 49 | 900 |\n"
	s, err = Read("t.md", []byte(plain), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 4.0, s.Points[1].Concurrency)
	// A curve's column holding a percentage on a rate's row is no curve:
	// the table is refused as before.
	bad := strings.Replace(doc, "| **$cc=4$** | Aggregate tok/s | 40.81 |", "| **$cc=4$** | Aggregate tok/s | 40.81% |", 1)
	_, err = Read("t.md", []byte(bad), Markdown, Meta{Series: "K=3"})
	require.Error(t, err)
}

// A remark in brackets right under a table of bare numbers names what its
// cells hold, as an italic caption does; so does a bold caption above whose
// remark in brackets says how it was measured.
func TestBracketedAndBoldCaptions(t *testing.T) {
	below := "| arm | c=1 | c=2 | c=4 |\n|---|---|---|---|\n| recipe | 21.3 | 46.7 | 74.5 |\n\n(output tok/s aggregate)\n"
	s, err := Read("t.md", []byte(below), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{21.3, 46.7, 74.5}, throughputs(s))
	above := "**Aggregate throughput** (`tools/bench_batch.py`, K64=all):\n\n| arm | c=1 | c=2 | c=4 |\n|---|---|---|---|\n| recipe | 21.3 | 46.7 | 74.5 |\n"
	s, err = Read("t.md", []byte(above), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{21.3, 46.7, 74.5}, throughputs(s))
	// A bracketed remark naming no metric names nothing.
	remark := strings.Replace(below, "(output tok/s aggregate)", "(best of three runs)", 1)
	_, err = Read("t.md", []byte(remark), Markdown, Meta{})
	require.ErrorContains(t, err, "hold numbers that nothing names")
}

// JSON Lines of run records that group their fields: the load in a "load"
// group, the rates in a "throughput" group beside counts, the settings in
// a "config" group. The load group's fields are the level's, the group's
// counts and flags are no rates, a count per engine step is no rate, and a
// timestamp to the microsecond with its zone names one run, not a curve.
func TestJSONLinesGroupedRunRecords(t *testing.T) {
	rec := func(ts string, mech string, c, rep int, tps float64) string {
		return `{"run_id":"r` + ts + `","ts":"2026-09-22T04:14:` + ts + `.342063+00:00","config":{"engine":"vllm","mechanism":"` + mech + `"},` +
			`"load":{"workload":"gsm8k","concurrency":` + itoa(c) + `,"repeat":` + itoa(rep) + `,"n_requests":16},` +
			`"throughput":{"wall_clock_s":44.0,"output_tokens":3929,"output_tokens_per_s":` + ftoa(tps) + `,"tokens_from_usage":true,"n_chunk_counted":0,"tokens_per_chunk":3.9}}`
	}
	var lines []string
	for i, c := range []int{1, 4, 16} {
		for rep := 0; rep < 2; rep++ {
			lines = append(lines, rec(itoa(10+2*i+rep), "dflash", c, rep, float64(c)*50+float64(rep)))
		}
	}
	s, err := Read("t.jsonl", []byte(strings.Join(lines, "\n")+"\n"), Records, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 6)
	require.Equal(t, []float64{50, 51, 200, 201, 800, 801}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"load repeat" (a repeat's number: rows of one level that differ only in it are its repeats)`)
	// Two settings in the config group: the runs are two curves, never
	// repeats of one.
	lines[1] = strings.Replace(lines[1], `"mechanism":"dflash"`, `"mechanism":"eagle"`, 1)
	lines[3] = strings.Replace(lines[3], `"mechanism":"dflash"`, `"mechanism":"eagle"`, 1)
	lines[5] = strings.Replace(lines[5], `"mechanism":"dflash"`, `"mechanism":"eagle"`, 1)
	_, err = Read("t.jsonl", []byte(strings.Join(lines, "\n")+"\n"), Records, Meta{})
	require.ErrorContains(t, err, "--series")
	require.ErrorContains(t, err, "config mechanism")
	require.Equal(t, colIgnore, classify("output_tokens_per_target_iteration").kind)
	require.Equal(t, colIgnore, classify("tokens_per_chunk").kind)
	require.Equal(t, colThroughput, classify("tokens_per_second").kind)
}

func itoa(n int) string { return strconv.Itoa(n) }

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// A success rate that differs between a level's repeats is what each run
// achieved, not a setting: it names no curves, and the repeats stay one
// curve's.
func TestSuccessRateNamesNoCurves(t *testing.T) {
	doc := "concurrency,repeat,output_tokens_per_sec,ttft_p50,Success\n" +
		"1,1,36.2,71.7,100%\n1,2,35.8,62.4,100%\n1,3,33.7,65.2,99.8%\n" +
		"4,1,121.7,91.5,100%\n4,2,121.3,92.5,100%\n4,3,121.1,92.0,99.8%\n" +
		"8,1,178.7,92.3,100%\n8,2,177.9,92.5,100%\n8,3,177.0,92.5,99.8%\n"
	s, err := Read("t.csv", []byte(doc), CSV, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 9)
	require.NotContains(t, strings.Join(s.Notes, "\n"), "series")
	// A ratio set per run (a cache ratio) still names curves.
	set := strings.ReplaceAll(strings.ReplaceAll(doc, "Success", "Cache ratio"), "99.8%", "50%")
	_, err = Read("t.csv", []byte(set), CSV, Meta{})
	require.ErrorContains(t, err, "--series")
}

// Rules from held-out batch bs's misses (fitted after its one measurement).

// The same list of runs named in several headers between the metric and
// its unit: each such column holds one value per run, and the runs are
// curves. Two TTFT columns that differ only by the requests they time
// ("First-turn", "Later-turn"), with one throughput for both, are two
// candidates for one value, never curves of their own.
func TestSharedNameListsAndLatencyOnlyNames(t *testing.T) {
	doc := "| Concurrency | First-turn TTFT PCP / TP (s) | Later-turn TTFT PCP / TP (s) | Output tok/s PCP / TP |\n|---:|---:|---:|---:|\n" +
		"| 1 | 13.1 / 16.5 | 3.1 / 3.6 | 8.07 / 8.00 |\n| 2 | 16.6 / 22.0 | 3.4 / 7.1 | 14.83 / 13.55 |\n" +
		"| 4 | 21.7 / 35.6 | 3.3 / 8.9 | 26.59 / 23.99 |\n| 8 | 35.6 / 82.8 | 6.9 / 67.9 | 51.00 / 18.43 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, `the table holds 2 series as column names`)
	_, err = Read("t.md", []byte(doc), Markdown, Meta{Series: "TP"})
	require.ErrorContains(t, err, `both read as ttft_mean`)
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "TP", Columns: map[string]string{"ttft_mean": "TP First-turn TTFT (s)"}})
	require.NoError(t, err)
	require.Equal(t, []float64{8.00, 13.55, 23.99, 18.43}, throughputs(s))
	require.Equal(t, 35600.0, *s.Points[2].TTFT.Mean)
}

// Curves named before words that say how their rate was taken ("Coding
// aggregate tok/s" beside "Prose aggregate decode tok/s"): the first word
// names the curve.
func TestCurveNameBeforeRateQualifiers(t *testing.T) {
	doc := "| Concurrency | Coding aggregate tok/s | Coding per-stream decode tok/s | Prose aggregate decode tok/s | Prose per-stream decode tok/s |\n|---|---|---|---|---|\n" +
		"| C8 | 445.46 | 60.98 | 231.59 | 31.13 |\n| C16 | 689.38 | 48.81 | 376.08 | 25.16 |\n| C32 | 975.92 | 35.07 | 553.14 | 18.58 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, `series as column names`)
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "Prose"})
	require.NoError(t, err)
	require.Equal(t, []float64{231.59, 376.08, 553.14}, throughputs(s))
	require.Equal(t, []string{"Coding", "Prose"}, leadingNames([]string{"Coding aggregate", "Prose aggregate decode"}))
	require.Nil(t, leadingNames([]string{"Coding aggregate", "Prose fast"}))
}

// A summary's cell listing the sweep, each level set with "=" then its
// value: "C=1 70.4 · C=2 149.4 · C=4 255.5 tok/s".
func TestLevelSetThenValueInACell(t *testing.T) {
	doc := "| 指标 | 数值 |\n|---|---|\n| 显存 | 15,597 MiB |\n| 并发聚合 | C=1 70.4 · C=2 149.4 · **C=4 255.5** · C=8 264.7 tok/s |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{70.4, 149.4, 255.5, 264.7}, throughputs(s))
}

// A token time that falls as the load grows is the system's (wall time over
// all tokens, "sys_tpot_ms"): the rate that is 1000 ÷ it is the node's, not
// one stream's decode rate. Of two TTFT columns, the one the table names
// the mean is offered first; and once --column picks a TPOT for one
// statistic, the TPOT columns of its name stay the other statistics'.
func TestSystemTokenTimeAndPickedSiblings(t *testing.T) {
	row := func(b int, tpot, tp50, sse, sys, single, mean, gen float64) string {
		return `{"batch_size":` + itoa(b) + `,"tpot_mean_ms":` + ftoa(tpot) + `,"tpot_p50_ms":` + ftoa(tp50) + `,"tpot_sse_mean_ms":` + ftoa(sse) + `,"tpot_sse_p50_ms":` + ftoa(sse) +
			`,"sys_tpot_ms":` + ftoa(sys) + `,"ttft_single_ms":` + ftoa(single) + `,"ttft_mean_ms":` + ftoa(mean) + `,"gen_tps":` + ftoa(gen) + `}`
	}
	doc := "[" + strings.Join([]string{row(1, 5.83, 5.83, 0.01, 9.42, 465.5, 465.5, 106.1), row(8, 6.46, 6.31, 0.04, 1.36, 532.8, 538.7, 733.8), row(16, 6.85, 6.97, 0.0, 0.72, 448.4, 564.6, 1379.6)}, ",") + "]"
	_, err := Read("t.json", []byte(doc), Records, Meta{})
	require.ErrorContains(t, err, "itl_mean")
	_, err = Read("t.json", []byte(doc), Records, Meta{Columns: map[string]string{"itl_mean": "tpot_mean_ms"}})
	require.ErrorContains(t, err, `pick one with --column ttft_mean="ttft_mean_ms"`)
	s, err := Read("t.json", []byte(doc), Records, Meta{Columns: map[string]string{"itl_mean": "tpot_mean_ms", "ttft_mean": "ttft_mean_ms"}})
	require.NoError(t, err)
	require.Equal(t, []float64{106.1, 733.8, 1379.6}, throughputs(s))
	require.Equal(t, 6.31, *s.Points[1].ITL.P50)
}

// From held-out batch bt's misses (fitted after its one measurement): a
// column after the levels that names the setting its figure was taken at
// ("prefill @4K") measures each row at a setting of its own, not the
// levels: it is set aside, and the levels read under the heading's metric.
func TestFigureAtItsOwnSettingBesideLevels(t *testing.T) {
	doc := "### Throughput (llama-benchy, decode t/s)\n\n| KV cache | ctx | c1 | c2 | c4 | c8 | prefill @4K |\n|---|---|---|---|---|---|---|\n" +
		"| fp8_e4m3 | 172K | 129 | 253 | 492 | **868** | 9,607 |\n| **turboquant_4bit_nc** | **261K** | **143** | 251 | **552** | 540 | **10,222** |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "fp8_e4m3"})
	require.NoError(t, err)
	require.Equal(t, []float64{129, 253, 492, 868}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"prefill @4K" holds another measurement of each row, a figure at a setting of its own not taken at the levels`)
	// A column after the levels naming no setting stays a reason to refuse.
	plain := strings.Replace(doc, "prefill @4K", "best", 1)
	_, err = Read("t.md", []byte(plain), Markdown, Meta{Series: "fp8_e4m3"})
	require.Error(t, err)
}

// A script's own line naming the level ("BENCH_CONCURRENCY: 10") above
// SGLang's result block, which names it again ("Max request concurrency:
// 10") beside the concurrency it measured ("Concurrency: 6.19"): the echo
// is the configured level written twice, never a second measured
// concurrency.
func TestScriptEchoOfTheConfiguredLevel(t *testing.T) {
	header := []string{"BENCH_CONCURRENCY", "Max request concurrency", "Concurrency", "Output token throughput (tok/s)", "Mean TTFT (ms)"}
	g := synthetic(header, "", []string{"10", "10", "6.19", "193.29", "1624.7"}, []string{"40", "40", "21.5", "520.1", "3021.0"}, []string{"200", "200", "88.2", "790.4", "9120.5"})
	r, err := throughPass(t, g, Meta{}, 2)
	require.NoError(t, err)
	require.Equal(t, colIgnore, colNamed(t, r, "BENCH_CONCURRENCY").kind)
	require.Equal(t, colAchieved, colNamed(t, r, "Concurrency").kind)
	// A plain column that differs from the configured level is measured.
	g = synthetic(header, "", []string{"9", "10", "6.19", "193.29", "1624.7"}, []string{"38", "40", "21.5", "520.1", "3021.0"}, []string{"150", "200", "88.2", "790.4", "9120.5"})
	r, err = throughPass(t, g, Meta{}, 2)
	require.NoError(t, err)
	require.Equal(t, colAchieved, colNamed(t, r, "BENCH_CONCURRENCY").kind)
}
