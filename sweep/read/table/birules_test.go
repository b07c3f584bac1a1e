package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from the misses of held-out batch bi (written after its one
// measurement). Synthetic numbers.

// Rates counted "per second" with no noun ("0.86/s" offered, "0.79/s"
// completed, beside a tok/s column) are requests a second: the offered
// rate is the load, not the engine's running batch beside it.
func TestBarePerSecondCellsAreRequestRates(t *testing.T) {
	md := "| offered | completed | tok/s | TTFT p99 | batch |\n|---|---|---|---|---|\n" +
		"| 1.00/s | 0.98/s | 125 | 60 ms | 4 |\n| 2.00/s | 1.97/s | 252 | 66 ms | 9 |\n" +
		"| 4.00/s | 3.95/s | 505 | 75 ms | 17 |\n| 8.00/s | 7.90/s | 1011 | 98 ms | 36 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	for i, want := range []float64{1, 2, 4, 8} {
		require.Equal(t, want, *s.Points[i].RequestedRate)
	}
	require.Equal(t, 3.95, *s.Points[2].RequestRate)
	// A header naming a token rate keeps its tokens.
	g0 := grid{header: []string{"Throughput"}, rows: [][]string{{"100/s"}, {"200/s"}, {"300/s"}}}
	require.Empty(t, namePerSecondColumns(&g0))
	require.Equal(t, "Throughput", g0.header[0])
	// A column mixing marks is not one; nor is a column of two cells.
	g := grid{rows: [][]string{{"1/s"}, {"8/min"}, {"32/s"}}}
	require.False(t, everyCellPerSecond(g, 0))
	require.False(t, everyCellPerSecond(grid{rows: [][]string{{"1/s"}, {"2/s"}}}, 0))
}

// A run's name that writes its own level ("…-rate2" at 2 req/s) is the
// curve's name less that level; a result file's path names a run, its
// timestamp differing between repeats.
func TestRunNamesCarryingTheirLevel(t *testing.T) {
	csv := "suite,experiment,offered_rate,output_tok_s,result_file\n" +
		"base,in512-out128-rate1,1.00,145.7,r/base/in512-out128-rate1/20260519T210415Z/run-1.0qps-20260519-210511.json\n" +
		"base,in512-out128-rate1,1.00,145.6,r/base/in512-out128-rate1/20260519T220959Z/run-1.0qps-20260519-221056.json\n" +
		"base,in512-out128-rate2,2.00,205.8,r/base/in512-out128-rate2/20260519T210922Z/run-2.0qps-20260519-211022.json\n" +
		"base,in512-out128-rate4,4.00,207.5,r/base/in512-out128-rate4/20260519T211152Z/run-4.0qps-20260519-211306.json\n" +
		"load,in512-out128-rate1,1.00,116.0,r/load/in512-out128-rate1/20260519T211917Z/run-1.0qps-20260519-212118.json\n" +
		"load,in512-out128-rate2,2.00,206.2,r/load/in512-out128-rate2/20260519T212118Z/run-2.0qps-20260519-212233.json\n" +
		"load,in512-out128-rate4,4.00,207.5,r/load/in512-out128-rate4/20260519T212233Z/run-4.0qps-20260519-212348.json\n"
	_, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"base", "load"}, CurveNames(err), "the names less their levels are one setting: no key")
	cut, filled := levelNameCuts(grid{rows: [][]string{{"c1_in128", "1"}, {"c8_in128", "8"}, {"baseline", "8"}}}, 0, 1)
	require.Equal(t, map[int]string{0: "in128", 1: "in128"}, cut)
	require.Equal(t, 3, filled)
	require.True(t, repeatMark.MatchString("run-20260519T210415Z"))
	require.True(t, repeatMark.MatchString("2026-05-19T21:04:15"))
}

// A sweep in prose: a line per level ("batch 8, input 128: 206.3
// token/s"), or one sentence wrapped over lines whose items write their
// unit ("36.4 tok/s single-stream,\n168.5 tok/s @ 8 concurrent, …").
func TestSweepsWrittenInProse(t *testing.T) {
	md := "# Release\n\nbatch 1, input 128, output 256: **30.3 token/s**\nbatch 8, input 128, output 256: **206.3 token/s**\nbatch 32, input 128, output 256: **760.5 token/s**\nShareGPT 5k: **2673.6 token/s**\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 8, 32}, concurrencies(s))
	require.Equal(t, []float64{30.3, 206.3, 760.5}, throughputs(s))
	md = "Measured (MI300X, 16 GPUs): 36.4 tok/s single-stream,\n168.5 tok/s @ 8 concurrent, 498.3 tok/s @ 32 concurrent.\nClient sampling: temperature 1.0.\n"
	s, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 8, 32}, concurrencies(s))
	require.Equal(t, []float64{36.4, 168.5, 498.3}, throughputs(s))
	// Two lines at different settings are no one curve.
	md = "batch 1, input 128: 30.3 token/s\nbatch 8, input 512: 206.3 token/s\nbatch 32, input 128: 760.5 token/s\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
	require.Equal(t, "a, b", sentenceLines([]string{"a,", "b", "", "c"})[0])
}

// "tokps" is tokens per second, as some scripts spell it ("tokps_new").
func TestTokpsIsATokenRate(t *testing.T) {
	require.Equal(t, colThroughput, classify("tokps_new").kind)
}

// Levels printed in columns, several items to a line, a marker beside one
// (found while checking the prose lines rule on the corpus: read by each
// line's first item alone, the curve lost its top levels).
func TestItemsLaidOutInColumns(t *testing.T) {
	txt := "Results\n\nc=  1:    110 tok/s    c= 32:  1,400 tok/s\nc=  4:    320 tok/s    c= 64:  2,100 tok/s\nc=  8:    530 tok/s    c=128:  2,050 tok/s  <- peak\nc= 16:    850 tok/s\n"
	s, err := Read("t.md", []byte(txt), Markdown, Meta{})
	require.NoError(t, err)
	require.ElementsMatch(t, []float64{1, 4, 8, 16, 32, 64, 128}, concurrencies(s))
	require.Contains(t, throughputs(s), 2100.0)
	require.False(t, onlyItems("c= 1: 110 tok/s and then some prose"))
	require.Nil(t, levelColonLine.FindStringSubmatch("c=  1:    110 tok/s    c= 32:  1,400 tok/s"), "a second item after the value")
}
