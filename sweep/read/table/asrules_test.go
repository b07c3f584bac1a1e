package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from batch as's misses (measured once, then folded into the
// corpus). Each test is synthetic, written for its rule.

// "单路 tok/s" beside "聚合 tok/s" is one stream's rate beside the node's,
// as "per stream" beside "aggregate" is: no two series.
func TestChineseStreamWordsAreRatesRoles(t *testing.T) {
	md := "| N | 聚合 tok/s | 单路 tok/s |\n|---|---|---|\n| 1 | 54 | 54 |\n| 4 | 153 | 38 |\n| 16 | 188 | 12 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{54, 153, 188}, throughputs(s))
	require.False(t, seriesOfOneRate("聚合 tok/s", "单路 tok/s"))
}

// "an 8-GPU node" states the GPUs a per-GPU table needs.
func TestHyphenatedGPUCountStatesTheGPUs(t *testing.T) {
	md := "All rows ran on a single MI355X 8-GPU node.\n\n| Conc | tok/s/GPU |\n|---|---|\n| 8 | 20.4 |\n| 32 | 42.0 |\n| 64 | 67.4 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 8, s.GPUs)
}

// vLLM's saved max_concurrent_requests is the peak its client saw, not a
// second level beside max_concurrency.
func TestVLLMMaxConcurrentRequestsIsAPeak(t *testing.T) {
	require.Equal(t, colIgnore, classify("max_concurrent_requests").kind)
	csv := "max_concurrency,max_concurrent_requests,output_throughput\n4,5,331.6\n8,9,608.5\n16,18,1134.4\n"
	s, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.NoError(t, err)
	require.Equal(t, 16.0, s.Points[2].Concurrency)
}

// A column blank on every row holds no level: the rate beside it is the
// load.
func TestBlankColumnIsNoLoad(t *testing.T) {
	csv := "request_rate,max_concurrency,output_throughput,mean_e2el_ms\n1,,480,9000\n4,,1800,9500\n8,,3100,11000\n"
	s, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"max_concurrency" (blank on every row)`)
	// Beside an engine's cap (max-num-seqs, constant through each curve)
	// the blank client cap is kept: the engine's would read as the load.
	csv = "gpu,request_rate,max_concurrency,max-num-seqs,output_throughput,mean_e2el_ms\na,16,,512,1198,9000\na,32,,512,1252,9500\na,1000,,512,1247,11000\nb,16,,1024,612,9000\nb,32,,1024,622,9500\nb,1000,,1024,624,11000\n"
	_, err = Read("t.csv", []byte(csv), CSV, Meta{})
	require.Error(t, err)
}

// "c" is a load word first in a header, never after a name: ARC-C is a
// benchmark's accuracy.
func TestLetterCIsALoadOnlyFirst(t *testing.T) {
	require.Equal(t, colConcurrency, classify("c").kind)
	require.Equal(t, colConcurrency, classify("C (streams)").kind)
	require.NotEqual(t, colConcurrency, classify("ARC-C (acc_norm)").kind)
}

// A run's timestamp, different on every row, names no curve where the pd
// flag already tells a level's rows apart; the prompts sent grow with the
// rate alike in both sweeps, no curve either.
func TestRowSeriesDropsARunsTimestamp(t *testing.T) {
	var b strings.Builder
	b.WriteString("pd_enabled,request_rate,num_prompts,date,output_throughput,mean_e2el_ms\n")
	for i, r := range []int{1, 4, 8, 16} {
		for j, pd := range []string{"true", "false"} {
			fmt.Fprintf(&b, "%s,%d,%d,20251021-20%02d%02d,%d,%d\n", pd, r, 256*r, i, j, 500*r, 9000+100*r)
		}
	}
	_, err := Read("t.csv", []byte(b.String()), CSV, Meta{})
	require.ErrorContains(t, err, `the table holds 2 series by "pd_enabled": true (4 rows), false (4 rows)`)
	s, err := Read("t.csv", []byte(b.String()), CSV, Meta{Series: "false"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
}

// A log of many one-off runs beside a few sweeps offers the sweeps to read
// one by one.
func TestCatalogOffersItsSweeps(t *testing.T) {
	var b strings.Builder
	b.WriteString("| model | label | streams | agg tok/s |\n|---|---|---|---|\n")
	for _, m := range []string{"a", "b"} {
		for i, c := range []int{1, 2, 4} {
			fmt.Fprintf(&b, "| %s | %s_conc | %d | %d |\n", m, m, c, 25*(i+1))
		}
	}
	for i := range maxCurves {
		fmt.Fprintf(&b, "| a | probe%d | 1 | %d |\n", i, 24+i%3)
	}
	_, err := Read("t.md", []byte(b.String()), Markdown, Meta{})
	require.Equal(t, []string{"a / a_conc", "b / b_conc"}, CurveNames(err))
}

// A wide table whose level columns name only whose rate they hold
// ("c=2 agg", "c=2 per") melts into one row per level, the power caps
// naming the curves, and the streams' physics names the rates.
func TestWideAggAndPerColumnsMelt(t *testing.T) {
	md := "| Power cap | c=1 agg | c=2 agg | c=4 agg | c=2 per | c=4 per |\n|---|---|---|---|---|---|\n" +
		"| 250W | 138.5 | 242.9 | 440.7 | 121.9 | 112.5 |\n| 300W | 143.1 | 258.2 | 440.5 | 133.1 | 111.0 |\n| 350W | 148.5 | 232.3 | 341.7 | 117.6 | 86.4 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.Equal(t, []string{"250W", "300W", "350W"}, CurveNames(err))
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "300W"})
	require.NoError(t, err)
	require.Equal(t, []float64{143.1, 258.2, 440.5}, throughputs(s))
	require.True(t, streamRoleLabels([]string{"agg", "per"}))
	require.False(t, streamRoleLabels([]string{"Disagg", "Agg"}), "aggregated serving beside disaggregated is a setup")
}

// Unnamed columns may fall past their peak, as a node pushed past its knee
// does, and sit beside a named per-stream rate.
func TestUnnamedColumnsFallingPastTheirPeak(t *testing.T) {
	md := "| n | MTP agg | no-spec agg | MTP per-stream tok/s |\n|--:|--:|--:|--:|\n" +
		"| 1 | 104.3 | 77.9 | 104.3 |\n| 8 | 628.3 | 510.7 | 78.5 |\n| 16 | 651.8 | 884.2 | 40.7 |\n| 30 | 755.4 | 1378.3 | 25.2 |\n| 64 | 888.6 | 1988.7 | 13.9 |\n| 90 | 900.2 | 1517.4 | 10.0 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "no-spec"})
	require.NoError(t, err)
	require.Equal(t, 1517.4, s.Points[5].ThroughputTokS)
}

// An offered rate written "inf" on most rows beside the concurrency is
// the rate left unlimited, a setting; a number a script wrote into it on
// one row is no stage's offered rate.
func TestUnlimitedRateBesideTheLevel(t *testing.T) {
	csv := "req_rate,max_concurrency,output_throughput\ninf,128,2573.8\ninf,256,3008.9\ninf,512,3334.6\n4096,1024,3660.1\n"
	s, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.NoError(t, err)
	require.Nil(t, s.Points[3].RequestedRate)
	require.Equal(t, 1024.0, s.Points[3].Concurrency)
}
