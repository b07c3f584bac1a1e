package table

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from held-out batch bn's misses. Every table here is synthetic,
// written for the shape.

// A time column naming a limit is the SLO the run was judged against, the
// same on every row: never the TTFT measured beside it.
func TestLatencyLimitIsNoLatency(t *testing.T) {
	require.Equal(t, colIgnore, classify("slo_ttft_limit_s").kind)
	require.Equal(t, colIgnore, classify("TTFT target (ms)").kind)
	require.Equal(t, colLatency, classify("mean_ttft_ms").kind)
	doc := "concurrency,slo_ttft_limit_s,mean_ttft_ms,output_throughput_tok_s\n1,10,120,50\n4,10,180,170\n16,10,900,400\n"
	s, err := Read("t.csv", []byte(doc), CSV, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 900.0, *s.Points[2].TTFT.Mean)
}

// Chinese and Japanese input methods write the slash and the comma full
// width: a "Mean／P95" pair reads as "Mean/P95" does.
func TestFullWidthSlashPairs(t *testing.T) {
	doc := "| 并发 | 输出吞吐 tok/s | Mean／P95 TTFT，s |\n|---|---|---|\n| 1 | 50 | 0.5／0.9 |\n| 4 | 170 | 0.8／1.4 |\n| 16 | 400 | 2.474／4.839 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 2474.0, *s.Points[2].TTFT.Mean)
}

// A one-letter header ("n", the requests of a level) beside a column that
// names the load is not the load: the named column outranks it.
func TestOneLetterBesideNamedLoad(t *testing.T) {
	doc := `[{"concurrency": 1, "n": 4, "ttft_p50_ms": 451.9, "aggregate_tps": 7.9},
 {"concurrency": 2, "n": 4, "ttft_p50_ms": 827.6, "aggregate_tps": 15.7},
 {"concurrency": 4, "n": 8, "ttft_p50_ms": 3177.1, "aggregate_tps": 28.7},
 {"concurrency": 8, "n": 16, "ttft_p50_ms": 2013.1, "aggregate_tps": 55.9}]`
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 8.0, s.Points[3].Concurrency)
	require.Equal(t, 55.9, s.Points[3].ThroughputTokS)
}

// A tuner's results: each candidate's runs keyed by the runs' names, each
// stating its load; the candidates, each as deep under its own name, are
// the curves.
func TestRunsKeyedByNameUnderEachCandidate(t *testing.T) {
	run := func(c int, tput float64) string {
		return fmt.Sprintf(`{"concurrency": %d, "median_ttft_ms": 60.5, "output_tokens_per_s": %g, "wall_s": 20}`, c, tput)
	}
	cand := func(a, b, c float64) string {
		return `{"benchmarks": {"latency": ` + run(1, a) + `, "throughput_c16": ` + run(16, b) + `, "throughput_c32": ` + run(32, c) + `}, "status": "completed"}`
	}
	doc := `{"candidates": {"auto_c2k": ` + cand(45.3, 627.2, 1093.6) + `, "mtp_c1k": ` + cand(95.6, 900.1, 1300.2) + `}}`
	s, err := Read("t.json", []byte(doc), Records, Meta{Series: "mtp_c1k"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 1300.2, s.Points[2].ThroughputTokS)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `2 lists side by side, each a curve named by its key ("auto_c2k" and "mtp_c1k"), each list an object keyed by the runs' names ("latency", "throughput_c16" and "throughput_c32")`)
}

// A console report prints a banner and a settings line with a bar in it
// right above its table, with no blank line between: the header its next
// line underlines is the table's, wherever it lies in the block.
func TestUnderlinedHeaderBelowBannerAndBarredSettings(t *testing.T) {
	doc := "Loading model...\n\n" +
		"────────────────────────────────────────\n" +
		"THROUGHPUT\n" +
		"────────────────────────────────────────\n" +
		"Prompt tokens: 5 | Generated tokens/request: 50\n" +
		" Batch    tokens/sec    ms/token\n" +
		"──────  ────────────  ──────────\n" +
		"     1          52.4        19.1\n" +
		"     4         202.2        19.8\n" +
		"     8         413.9        19.3\n"
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 413.9, s.Points[2].ThroughputTokS)
}

// A "Request Rate" whose cells write req/s reads as one whose header does:
// beside a batch-size load and no latency, the rate the run served, not
// one it offered (found by the perturbations after batch bn: the unit moved
// from the header into the cells made it an offered rate).
func TestRequestRateUnitInCellsAsInHeader(t *testing.T) {
	for _, unit := range []string{" (req/s)", ""} {
		doc := "| Batch Size | Throughput (tok/s) | Request Rate" + unit + " |\n|---|---|---|\n"
		for _, r := range [][3]string{{"1", "30.05", "0.23"}, {"2", "50.13", "0.39"}, {"4", "96.2", "0.75"}} {
			cell := r[2]
			if unit == "" {
				cell += " req/s"
			}
			doc += "| " + r[0] + " | " + r[1] + " | " + cell + " |\n"
		}
		s, err := Read("t.md", []byte(doc), Markdown, Meta{})
		require.NoError(t, err, unit)
		require.Len(t, s.Points, 3)
		require.Nil(t, s.Points[2].RequestedRate, unit)
		require.Equal(t, 0.75, *s.Points[2].RequestRate, unit)
	}
}
