package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from the corpus's refusals in the session of batch ba (written
// while batch ba was collected, none from it). Each test is synthetic,
// written for its rule.

// A rate's unit is read as a count over a time whichever way each half is
// spelt: "tokens/secs", "token per second", "ktok/min", "токенов/сек",
// "requêtes/s". A half knee does not know leaves the unit unknown.
func TestComposedRateUnits(t *testing.T) {
	for in, want := range map[string]unit{
		"tokens/secs":       {dimTokRate, 1, "tok/s"},
		"token per second":  {dimTokRate, 1, "tok/s"},
		"ktokens/seconds":   {dimTokRate, 1000, "ktok/s"},
		"токенов/сек":       {dimTokRate, 1, "tok/s"},
		"tokens/minutes":    {dimTokRate, 1.0 / 60, "tok/min"},
		"requêtes/s":        {dimReqRate, 1, "req/s"},
		"requests / second": {dimReqRate, 1, "req/s"},
	} {
		got, ok := parseUnit(in)
		require.True(t, ok, in)
		require.Equal(t, want.dim, got.dim, in)
		require.InDelta(t, want.factor, got.factor, 1e-12, in)
		require.Equal(t, want.name, got.name, in)
	}
	for _, in := range []string{"tokens/fortnight", "apples/s", "tokens/s/s", "kapples/s", "tokens"} {
		_, ok := parseUnit(in)
		require.False(t, ok, in)
	}

	md := "| Batch Size | Average |\n|---|---|\n| 1 | 35.71 tokens/secs |\n| 2 | 71.37 tokens/secs |\n| 4 | 142.60 tokens/secs |\n| 8 | 275.70 tokens/secs |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{35.71, 71.37, 142.6, 275.7}, throughputs(s))
}

// Agreeing curves are read as the decode curve when another is prefill:
// the node's output rate is decode's.
func TestAgreeingCurvesReadDecodeBeforePrefill(t *testing.T) {
	names := func(rs []candidateReading) []string { return headersOf(rs) }
	rs := []candidateReading{{header: "Prefill"}, {header: "Decode"}}
	require.Equal(t, []string{"Decode", "Prefill"}, names(decodeFirst(rs)))
	rs = []candidateReading{{header: "TP1"}, {header: "TP2"}, {header: "Decode"}}
	require.Equal(t, []string{"TP1", "TP2", "Decode"}, names(decodeFirst(rs)), "no prefill curve: order kept")
	rs = []candidateReading{{header: "prefill+decode"}, {header: "decode"}}
	require.Equal(t, []string{"decode", "prefill+decode"}, names(decodeFirst(rs)))
}

// A short paragraph above a table whose first clause is a metric with its
// unit names the table's numbers, whatever the rest of it says about the
// run; a clause that names no unit, or one sentence only, does not.
func TestMetricClauseCaption(t *testing.T) {
	md := "## Server performance\n\nAggregate generation throughput in tokens/s; all failure rates were 0%.\n\n| Model | c=1 | c=2 | c=4 | c=8 |\n|---|---:|---:|---:|---:|\n| TURBO | 87.0 | 127.6 | 167.0 | 217.3 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{87, 127.6, 167, 217.3}, throughputs(s))

	require.Equal(t, "Output tok/s, e.g. per run", metricClause("Output tok/s, e.g. per run; two runs each."))
	require.Equal(t, "Aggregate output tokens/s", metricClause("Aggregate output tokens/s. Each level ran twice."))
	require.Equal(t, "", metricClause("Aggregate throughput; all failures were 0%."), "no unit")
	require.Equal(t, "", metricClause("Aggregate output tokens/s"), "one clause: the other rule's")
	require.Equal(t, "", metricClause("## Output tok/s; two runs"), "a heading")
}

// Seconds and milliseconds as other languages write them after a number
// ("2.45초", "1.2秒", "850 мс") are times, and a cell of two statistics
// ("2.45/2.72초") shares the unit written after the last.
func TestTimeUnitsInOtherLanguages(t *testing.T) {
	for in, want := range map[string]float64{"초": 1000, "秒": 1000, "сек": 1000, "giây": 1000, "毫秒": 1, "мс": 1, "밀리초": 1} {
		u, ok := parseUnit(in)
		require.True(t, ok, in)
		require.Equal(t, dimTime, u.dim, in)
		require.Equal(t, want, u.factor, in)
	}
	md := "| 동시 요청 | 첫 토큰 p50/p95 | 총처리량 |\n|---:|---:|---:|\n| 1 | 2.45/2.72초 | 16.6 tok/s |\n| 2 | 6.42/8.61초 | 25.7 tok/s |\n| 4 | 17.00/20.83초 | 27.5 tok/s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4}, concurrencies(s))
	require.Equal(t, []float64{16.6, 25.7, 27.5}, throughputs(s))
	require.Equal(t, 2450.0, *s.Points[0].TTFT.P50)
}

// The prose's token rate names no column whose cells are times ("6.55초")
// or zeros at every level (errors that never happened): they are no rate.
func TestProseRateNamesNoTimeOrZeroColumn(t *testing.T) {
	md := "| 동시 요청 | 오류 | 전체 응답 p95 | 총처리량 |\n|---:|---:|---:|---:|\n| 1 | 0 | 6.55초 | 16.6 tok/s |\n| 2 | 0 | 10.97초 | 15.7 tok/s |\n| 4 | 0 | 24.70초 | 17.5 tok/s |\n\n처리량은 약 16~18 tok/s로 유지되었다.\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{16.6, 15.7, 17.5}, throughputs(s))
	require.NotContains(t, strings.Join(s.Notes, "\n"), `"오류" name no metric`)
}

// A one-stream rate and the streams' total with no unit anywhere are a
// token rate in either order ("Per-user" before "Aggregate"), by the
// physics of sharing (all ≈ one × load); a model named once over its rows
// ("| GLM | Per-user |" then "| | Aggregate |") names both.
func TestStreamPairEitherOrderAndGroupedLabels(t *testing.T) {
	md := "| Model | Type | C1 | C2 | C4 | C8 |\n|---|---|---:|---:|---:|---:|\n| GLM | Per-user | 64.67 | 50.63 | 38.06 | 25.97 |\n|  | Aggregate | 64.67 | 101.26 | 152.24 | 207.79 |\n| Qwen | Per-user | 35.36 | 27.62 | 21.37 | 17.5 |\n|  | Aggregate | 35.36 | 55.24 | 85.48 | 140.01 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "Qwen"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{35.36, 55.24, 85.48, 140.01}, throughputs(s))

	// The same numbers where the "aggregate" is no product of the stream's
	// rate and the load stay unnamed.
	odd := "| Type | C1 | C2 | C4 | C8 |\n|---|---:|---:|---:|---:|\n| Per-user | 64.67 | 50.63 | 38.06 | 25.97 |\n| Aggregate | 64.67 | 70.1 | 75.2 | 80.3 |\n"
	_, err = Read("t.md", []byte(odd), Markdown, Meta{})
	require.Error(t, err)
}

// A table of levels as columns keeps its levels beside a column of ratios
// derived from them ("C8 / C1" over "2.88×"), and a cell packing a rate
// with a percentage ("185.8 / 68.2%" under "C=1 tok/s / accept") is the
// rate and a figure knee does not read.
func TestLevelColumnsBesideRatiosAndRatePackedWithPercent(t *testing.T) {
	md := "| Model | C=1 tok/s / accept | C=2 tok/s / accept | C=4 tok/s / accept | C8 / C1 |\n|---|---:|---:|---:|---:|\n| A | 185.8 / 68.2% | 247.0 / 69.0% | 309.5 / 68.4% | 2.88× |\n| B | 202.4 / 69.3% | 399.7 / 71.4% | 699.7 / 69.3% | 5.67× |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "B"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4}, concurrencies(s))
	require.Equal(t, []float64{202.4, 399.7, 699.7}, throughputs(s))

	require.True(t, ratioPartsBeside(grid{header: []string{"x"}, rows: [][]string{{"185.8 / 68.2%"}}}, 0, []string{"tok/s", "accept"}))
	require.False(t, ratioPartsBeside(grid{header: []string{"x"}, rows: [][]string{{"185.8 / 68.2"}}}, 0, []string{"tok/s", "accept"}), "a bare number beside the rate is no percentage")
	require.False(t, ratioPartsBeside(grid{header: []string{"x"}, rows: [][]string{{"18% / 68.2%"}}}, 0, []string{"GPU", "accept"}), "no part knee reads")
}

// A load written as requests times their size ("4 × 64 tokens") is the
// count in flight; rows of another size are another workload, set aside.
func TestLoadTimesRequestSize(t *testing.T) {
	md := "| Carga | tok/s |\n|---|---:|\n| 1 × 64 tokens | 200.13 |\n| 4 × 64 tokens | 497.91 |\n| 8 × 64 tokens | 887.75 |\n| 12 × 64 tokens | 983.25 |\n| 1 × hasta 256 tokens | 211.90 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 8, 12}, concurrencies(s))
	require.Equal(t, []float64{200.13, 497.91, 887.75, 983.25}, throughputs(s))
	require.Contains(t, s.Notes, `t.md: "1 × hasta 256 tokens" under "Carga" carry another size: another workload, set aside`)

	_, ok := sharedSize(grid{header: []string{"Load"}, rows: [][]string{{"1 × 64"}, {"4 × 128"}, {"8 × 256"}}}, 0)
	require.False(t, ok, "no size most rows share: no sweep of one workload")
}

// Requests sent beside requests that succeeded are no lookalikes: knee's
// requests are those that succeeded, whichever column comes first.
func TestSuccessfulRequestsBesideTotal(t *testing.T) {
	md := "| concurrency | total_requests | successful | tok/s |\n|---|---|---|---|\n| 1 | 10 | 10 | 40 |\n| 2 | 10 | 10 | 75 |\n| 4 | 10 | 9 | 120 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 9, *s.Points[2].Requests)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"total_requests" (the requests sent; "successful" counts those that succeeded, knee's requests)`)

	both := "| concurrency | requests | requests completed | requests ok | tok/s |\n|---|---|---|---|---|\n| 1 | 10 | 10 | 10 | 40 |\n| 2 | 10 | 10 | 10 | 75 |\n| 4 | 10 | 9 | 9 | 120 |\n"
	_, err = Read("t.md", []byte(both), Markdown, Meta{})
	require.Error(t, err, "two columns call their requests successful: knee does not pick")
}

// A load column of labels, each with its level ("Text Generation,
// concurrency=1" under "Scenario (Concurrency)"), is the labels and the
// levels; "nan" (a mean over no requests) is a blank.
func TestLoadColumnOfLabelledLevels(t *testing.T) {
	md := "| Scenario (Concurrency) | Average TTFT | Tokens/s (Throughput) |\n|---|---|---|\n| Text Generation, concurrency=1 | 19.560 s | 44.63 |\n| Text Generation, concurrency=2 | 30.135 s | 78.24 |\n| Text Generation, concurrency=3 | 43.461 s | 86.36 |\n| Text Generation, concurrency=4 | nan | 90.1 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 3, 4}, concurrencies(s))
	require.Equal(t, 19560.0, *s.Points[0].TTFT.Mean)
	require.Nil(t, s.Points[3].TTFT.Mean)
	_, _, ok, err := cellNumber(column{kind: colThroughput}, "NaN")
	require.False(t, ok)
	require.Error(t, err, "a NaN throughput stays an error")
}

// A line naming a run before its blocks ("Scenario: Chatbot, Concurrency:
// 1") names the curve its blocks belong to: levels repeated over runs are
// curves, not repeats.
func TestRunNamingLinesNameCurves(t *testing.T) {
	var b strings.Builder
	for _, sc := range []string{"Text Generation", "Chatbot"} {
		for _, c := range []int{1, 2, 3} {
			fmt.Fprintf(&b, "Scenario: %s, Concurrency: %d\n  Request 1:\n    TTFT          : 8.3 s\n\n  Summary for concurrency %d:\n    Successful requests          : %d\n    Average TTFT per request     : %d.5 s\n    Overall throughput (sum)     : %d.0 tokens/s\n\n", sc, c, c, c, 8+c, 100*c+len(sc))
		}
	}
	_, err := Read("t.txt", []byte(b.String()), BenchText, Meta{})
	require.ErrorContains(t, err, `--series: the table holds 2 series by "Scenario": Text Generation (3 rows), Chatbot (3 rows)`)
	s, err := Read("t.txt", []byte(b.String()), BenchText, Meta{Series: "Chatbot"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 3}, concurrencies(s))
	require.Equal(t, []float64{107, 207, 307}, throughputs(s))

	key, name, ok := runName("Scenario: Text Generation, Concurrency: 1")
	require.True(t, ok)
	require.Equal(t, []string{"Scenario", "Text Generation"}, []string{key, name})
	_, _, ok = runName("TTFT: fast, p99: 3")
	require.False(t, ok, "a metric's key names no run")
}

// Labels naming each row's level and its curve ("5 RPS Structured") beside
// a measured load column are read for the curve: what is left once the
// level marker is out, when it repeats down the table.
func TestCurvesInLevelLabels(t *testing.T) {
	md := "| Scenario | Out TPS | Concurrency |\n|---|---|---|\n| Sync Free-form | 20.5 | 1.0 |\n| Sync Structured | 21.0 | 1.0 |\n| 5 RPS Free-form | 152.0 | 80.9 |\n| 5 RPS Structured | 157.8 | 83.6 |\n| 20 RPS Free-form | 155.2 | 90.9 |\n| 20 RPS Structured | 155.3 | 88.7 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "Structured"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 83.6, 88.7}, concurrencies(s))
	require.Equal(t, []float64{21, 157.8, 155.3}, throughputs(s))

	require.False(t, repeatedCurves([]string{"a", "b", "c"}), "every label its own: no curves")
	require.False(t, repeatedCurves([]string{"a", "a", "b"}), "a curve of one row")
	require.True(t, repeatedCurves([]string{"a", "b", "a", "b"}))
}

// Label columns naming the rows alike in other words ("model_folder",
// "model_full_name") are no choice to refuse: the first is read. "ccu"
// (concurrent users) is a load, "3 路" a level, "6.16 output tok/s" an
// output rate.
func TestLabelsNamingAlikeAndMoreLoadWords(t *testing.T) {
	csv := "model_folder,model_full_name,ccu,output_tok_throughput_tok_s\nm27,MiniMaxAI/M2.7,1,123.9\nm27,MiniMaxAI/M2.7,10,492.9\nm27,MiniMaxAI/M2.7,100,1475.7\nq35,Qwen/Q3.5,1,80.1\nq35,Qwen/Q3.5,10,390.2\nq35,Qwen/Q3.5,100,1200.4\n"
	s, err := Read("t.csv", []byte(csv), CSV, Meta{Series: "q35"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 10, 100}, concurrencies(s))
	require.Equal(t, []float64{80.1, 390.2, 1200.4}, throughputs(s))

	odd := "model_folder,model_full_name,ccu,output_tok_throughput_tok_s\nm27,A,1,123.9\nm27,B,10,492.9\nm27,A,100,1475.7\n"
	_, err = Read("t.csv", []byte(odd), CSV, Meta{})
	require.Error(t, err, "names that do not go one to one are a choice")

	for h, want := range map[string]string{"3 路": "3", "8 streams": "8", "2 sessions": "2"} {
		level, _, ok := wordLevel(h)
		require.True(t, ok, h)
		require.Equal(t, want, level, h)
	}
	u, ok := parseUnit("output tok/s")
	require.True(t, ok)
	require.Equal(t, dimTokRate, u.dim)
	_, ok = parseUnit("input tok/s")
	require.False(t, ok, "an input rate is no unit of knee's throughput")
}

// Beside a measured concurrency in fractions, a ladder the served req/s
// matches at its lowest level and never exceeds is the offered rate, the
// load; the concurrency is what was achieved.
func TestOfferedRateLadderBesideMeasuredConcurrency(t *testing.T) {
	md := "| 场景 | rr | req/s | output tok/s | p50 TTFT ms | p50 E2E ms | concurrency |\n|---|---:|---:|---:|---:|---:|---:|\n" +
		"| rr0_5 | 0.5 | 0.54 | 68.69 | 113.32 | 1524.74 | 0.82 |\n| rr1 | 1.0 | 1.06 | 135.07 | 109.98 | 1626.41 | 1.75 |\n| rr2 | 2.0 | 2.04 | 260.87 | 112.21 | 1881.51 | 4.03 |\n| rr4 | 4.0 | 3.80 | 486.87 | 127.57 | 2935.07 | 11.06 |\n| rr8 | 8.0 | 6.20 | 793.28 | 218.36 | 4768.74 | 28.17 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	var rates []float64
	for _, p := range s.Points {
		rates = append(rates, *p.RequestedRate)
	}
	require.Equal(t, []float64{0.5, 1, 2, 4, 8}, rates)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"rr" read as the offered request rate: "req/s" served about as much at its lowest level and never more`)

	// Served above the column at its lowest level: no offered rate.
	over := strings.Replace(md, "| 0.5 | 0.54 |", "| 0.5 | 0.94 |", 1)
	s, err = Read("t.md", []byte(over), Markdown, Meta{})
	if err == nil {
		require.Nil(t, s.Points[0].RequestedRate)
	}
}

// A stage number beside labels that write the load ("conc 10") is no
// level, taken or named.
func TestStageBesideLabelledLoads(t *testing.T) {
	md := "| Stage | Shape | Throughput | p50 latency |\n|---|---|---|---|\n| 1 | 60 req × 1 tok, conc 10 | 110 tok/min | 2.38s |\n| 2 | 40 req × 100 tok, conc 10 | 8,499 tok/min | 2.90s |\n| 3 | 24 req × 600 tok, conc 12 | 21,985 tok/min | 6.74s |\n| 5 | 50 req × 1500 tok, conc 20 | 30,866 tok/min | 21.11s |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
	require.NotContains(t, err.Error(), "--column concurrency=\"Stage\"")
}

// A level where no request succeeded and the throughput is 0 served
// nothing, whatever time its failures took: a failed level, not a point.
func TestLevelWithNoSuccessfulRequestServedNothing(t *testing.T) {
	md := "| concurrency | Successful Requests | Latency Total Completion Time (s) | Average TTFT | Tokens/s |\n|---|---|---|---|---|\n| 1 | 1 | 19.587 s | 19.560 s | 44.63 |\n| 2 | 2 | 39.863 s | 30.135 s | 78.24 |\n| 3 | 3 | 67.203 s | 43.461 s | 86.36 |\n| 4 | 0 | 4.592 s | nan | 0 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 3}, concurrencies(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), "1 level(s) served nothing (throughput 0 and no request succeeded)")
}
