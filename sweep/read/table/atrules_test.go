package table

import (
	"testing"

	"github.com/kneetool/knee/sweep"

	"github.com/stretchr/testify/require"
)

// Rules from batch at's misses (measured once, then folded into the
// corpus). Each test is synthetic, written for its rule.

// vLLM's benchmark with --num-prompts N and no rate or concurrency cap
// sends all N at once: a sweep of num-prompts is a sweep of the requests
// in flight. A node count held through each curve is no load: at one node
// count the rate differs ninefold.
func TestNumPromptsWithNoCapIsTheLoad(t *testing.T) {
	md := "| pattern | nodes | num-prompts | Output tok/s |\n|---|---:|---:|---:|\n" +
		"| one | 1 | 1 | 32.3 |\n| one | 1 | 10 | 83.1 |\n| one | 1 | 100 | 194.2 |\n| one | 1 | 250 | 288.7 |\n" +
		"| two | 2 | 1 | 31.3 |\n| two | 2 | 10 | 91.0 |\n| two | 2 | 100 | 239.4 |\n| two | 2 | 250 | 349.9 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "two"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 10, 100, 250}, concurrencies(s))
	require.Equal(t, 349.9, s.Points[3].ThroughputTokS)
	// A cap stated above the table makes num-prompts the prompts sent.
	_, err = Read("t.md", []byte("Run with --max-concurrency 16.\n\n"+md), Markdown, Meta{Series: "two"})
	require.Error(t, err)
	require.Greater(t, spreadAtOneLevel(grid{rows: [][]string{{"1", "32"}, {"1", "289"}}}, 0, 1), maxRepeatSpread)
}

// Of "agg_toks" and "agg_tok/s", the one that is the other times the run's
// wall time is the token count.
func TestTokenCountBesideItsRate(t *testing.T) {
	csv := "task,conc,agg_toks,wall_s,agg_tok/s\nlist,1,256,6.8,37.6\nlist,4,770,23.4,32.9\nlist,8,1794,29.1,61.6\n"
	s, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{37.6, 32.9, 61.6}, throughputs(s))
}

func concurrencies(s *sweep.Sweep) []float64 {
	var out []float64
	for _, p := range s.Points {
		out = append(out, p.Concurrency)
	}
	return out
}

// A line per level, fields apart by bars, each value named by its unit,
// with a request's own lines between them, is a table.
func TestLevelLinesAreATable(t *testing.T) {
	txt := "### Concurrent throughput\n\nConcurrency  1 |   48.4 tok/s | 3.1s total\n  req 1/1: 777 chars | 3.10s\n" +
		"Concurrency  2 |  115.9 tok/s | 2.6s total\n  req 1/2: 784 chars | 2.59s\nConcurrency  4 |  224.7 tok/s | 2.7s total\nSaved: B.log\n"
	require.True(t, Looks(Aligned, "t.txt", []byte(txt)))
	s, err := Read("t.txt", []byte(txt), Aligned, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4}, concurrencies(s))
	require.Equal(t, []float64{48.4, 115.9, 224.7}, throughputs(s))
	// Lines whose fields name no token rate are no sweep.
	_, ok := levelLinesGrid("t.txt", []byte("Step 1 | 3.1s total\nStep 2 | 2.6s total\nStep 3 | 2.7s total\n"))
	require.False(t, ok)
}

// A bare "Level" beside a bare RPS and an unnamed mean time ("Avg(ms)"):
// Little's law says the level is the requests in flight and the time each
// request's latency (numbers shaped as the load tester's report).
func TestLevelByLittlesLawWithAnUnnamedMeanTime(t *testing.T) {
	txt := "Level    Total    Success  Failed  Avg(ms)   P95(ms)   RPS      Tokens/s\n" +
		"10       450      450      0       3922.4    4041.7    2.5      371.8\n" +
		"50       722      722      0       12708.0   16613.7   3.8      562.7\n" +
		"100      772      772      0       24935.3   29632.4   3.7      559.4\n"
	s, err := Read("t.txt", []byte(txt), Aligned, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{10, 50, 100}, concurrencies(s))
	require.InDelta(t, 3922.4, *s.Points[0].E2E.Mean, 0.01)
}

// Rules from batch au's misses (measured once, then folded into the
// corpus).

// A script's warning flag that flips along a curve ("np_warning": True once
// the level passes the slots) names no curve; and of two load columns, the
// slots held through each curve and the concurrency, the streams share the
// node's rate by the concurrency: per_tps_mean is one stream's rate.
func TestFlagAlongACurveAndTwoLoadColumns(t *testing.T) {
	csv := "role,current_np,concurrency,np_warning,per_tps_mean,agg_tps\n" +
		"frontdoor,1,1,False,89.57,89.57\nfrontdoor,1,2,True,99.30,198.61\nfrontdoor,1,3,True,100.19,300.58\n" +
		"worker,2,1,False,75.56,75.56\nworker,2,2,False,68.05,136.10\nworker,2,3,True,69.65,208.95\nworker,2,4,True,67.90,271.59\n"
	_, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.Equal(t, []string{"worker", "frontdoor"}, CurveNames(err))
	s, err := Read("t.csv", []byte(csv), CSV, Meta{Series: "frontdoor"})
	require.NoError(t, err)
	require.Equal(t, []float64{89.57, 198.61, 300.58}, throughputs(s))
}
