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
