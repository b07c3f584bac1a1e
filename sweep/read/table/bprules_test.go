package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from held-out batch bp's misses. Every table here is synthetic,
// written for the shape.

// A highest level still to run writes "TBD" under its throughput and its
// TTFT alike: the TTFT is no measurement either, and the row is left out
// as any level not measured.
func TestLevelToRunWritesTBD(t *testing.T) {
	doc := "| Batch | Aggregate tok/s | TTFT | ITL |\n|---|---|---|---|\n" +
		"| 1 | 4.5 | 59s | 223ms |\n| 4 | 14.6 | 25s | 223ms |\n| 8 | 28.5 | 30s | 221ms |\n| 32 | TBD | TBD | ~221ms |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{4.5, 14.6, 28.5}, throughputs(s))
	require.Equal(t, 30000.0, *s.Points[2].TTFT.Mean)
	// A TTFT measured at the highest level, with its throughput missing,
	// is still refused: the curve would end a level early.
	measured := strings.Replace(doc, "| 32 | TBD | TBD |", "| 32 | TBD | 41s |", 1)
	_, err = Read("t.md", []byte(measured), Markdown, Meta{})
	require.ErrorContains(t, err, "has a TTFT (41s) but no throughput")
}

// Two bare request rates: the offered one ("Rate (req/s)", 1, 4, inf) is
// what the other serves at its lowest level and never runs above; the
// served one is not a second candidate for it.
func TestOfferedBesideServedRate(t *testing.T) {
	header := []string{"Rate (req/s)", "Requests/s", "Output tokens/s"}
	g := synthetic(header, "", []string{"1", "0.94", "239.7"}, []string{"4", "3.20", "818.1"}, []string{"8", "5.68", "1453.6"})
	r, err := throughPass(t, g, Meta{}, 1)
	require.NoError(t, err)
	require.Equal(t, colRequestedRate, colNamed(t, r, "Rate (req/s)").kind)
	require.Equal(t, colRequestRate, colNamed(t, r, "Requests/s").kind)
	require.Contains(t, strings.Join(r.notes, "\n"), `"Rate (req/s)" read as the offered request rate and "Requests/s" as the served one`)
	// Served above the column: neither reading fits, and the two are refused.
	doc := "| Rate (req/s) | Requests/s | Output tokens/s |\n|---|---|---|\n| 1 | 0.94 | 239.7 |\n| 4 | 3.20 | 818.1 |\n| 8 | 9.5 | 1453.6 |\n"
	_, err = Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, "both read as request_rate")
}

// A text's capacity table ("Requests of 1,280 tokens at once", no
// throughput) above a rate sweep of two curves: the refusal shown is the
// sweep's, naming the curve to pick, not the capacity table's.
func TestRateSweepRefusalOverCapacityTable(t *testing.T) {
	doc := "| | Weights | KV cache | Requests of 1,280 tokens at once |\n| :--- | ---: | ---: | ---: |\n" +
		"| bf16 | 28.46 GiB | 283,904 tokens | 221 |\n| quant | 19.75 GiB | 473,232 tokens | 369 |\n\n" +
		"`vllm bench serve`, 1,024 tokens in and 256 out per request.\n\n" +
		"| Rate (req/s) | Mode | Requests/s | Output tokens/s | TTFT mean (ms) | TPOT mean (ms) |\n| :--- | :--- | ---: | ---: | ---: | ---: |\n" +
		"| 1 | bf16 | 0.94 | 239.7 | 156 | 16.4 |\n| 1 | quant | 0.94 | 239.8 | 204 | 15.3 |\n" +
		"| 4 | bf16 | 3.20 | 818.1 | 198 | 44.7 |\n| 4 | quant | 2.83 | 723.6 | 378 | 70.9 |\n" +
		"| inf | bf16 | 5.68 | 1453.6 | 5840 | 126.8 |\n| inf | quant | 4.92 | 1260.6 | 7851 | 162.6 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.ErrorContains(t, err, "--series")
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "bf16"})
	require.NoError(t, err)
	require.Equal(t, 239.7, s.Points[0].ThroughputTokS)
}

// Two columns of one count, one holding the devices' names: names are no
// count, the numbers are read. A label's lookalikes stay refused or
// settled as before: a name is what a label holds.
func TestNamesAreNoCount(t *testing.T) {
	body := "Batch,GPUs,Num GPUs,Decode Throughput (tokens/s)\n" +
		"1,['NVIDIA A100-SXM4-80GB'],1,38.7\n4,['NVIDIA A100-SXM4-80GB'],1,149.0\n32,['NVIDIA A100-SXM4-80GB'],1,619.0\n"
	s, err := Read("t.csv", []byte(body), CSV, Meta{})
	require.NoError(t, err)
	require.Equal(t, 1, s.GPUs)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"GPUs" (words on every row, no number, beside Num GPUs)`)
}

// A transposed table of curves by row, the corner naming their metric,
// with a row of another metric for one curve ("TTFT, Lane A"): that row is
// set aside, the curves read.
func TestCurveRowsBesideOneCurvesMetricRow(t *testing.T) {
	doc := "| aggregate tok/s | C1 | C2 | C3 | C4 |\n|---|---|---|---|---|\n" +
		"| baseline | 64.1 | 96.1 | 114.9 | 130.7 |\n| Lane A | 63.2 | 93.3 | **117.0** | **140.0** |\n" +
		"| TTFT, Lane A | 0.200 | 0.254 | 0.288 | 0.408 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "baseline"})
	require.NoError(t, err)
	require.Equal(t, []float64{64.1, 96.1, 114.9, 130.7}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `rows naming another metric of one curve ("TTFT, Lane A") are not read`)
	// A metric row naming no curve is a transposed table of metrics, as before.
	other := strings.Replace(doc, "| TTFT, Lane A |", "| TTFT |", 1)
	g := markdownTables("t.md", []byte(other))
	_, ok := seriesRows(g[0], "concurrency", []string{"1", "2", "3", "4"})
	require.False(t, ok)
}

// A goodput the text defines as tokens over time, with no SLO named, is a
// throughput; a rate over a window inside the run, above it on every row,
// is a phase's rate.
func TestGoodputDefinedAsTokens(t *testing.T) {
	doc := "`Output-window` counts completion tokens from the earliest first output to the last completion.\n" +
		"`Goodput` counts completion tokens over the whole level, including TTFT.\n\n" +
		"| C | Goodput tok/s | Output-window tok/s | Max TTFT s |\n| ---: | ---: | ---: | ---: |\n" +
		"| 1 | 9.41 | 12.57 | 1.707 |\n| 4 | 20.46 | 36.21 | 5.508 |\n| 8 | 27.44 | 65.93 | 11.008 |\n| 16 | 31.82 | 58.79 | 22.487 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{9.41, 20.46, 27.44, 31.82}, throughputs(s))
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"Goodput tok/s" read as a throughput: the text defines goodput as tokens over time`)
	require.Contains(t, notes, `"Output-window tok/s" is a rate over a window inside the run`)
	// Where the text names an SLO, goodput is the rate of requests that met it.
	slo := strings.Replace(doc, "including TTFT.", "including TTFT, of requests that met the SLO.", 1)
	s, err = Read("t.md", []byte(slo), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 65.93, s.Points[2].ThroughputTokS)
}

// Rules from held-out batch bq's misses (fitted, written after its one
// measurement).

// Rows of one level that differ in the server's copies ("Replicas" 1, 2,
// 4) ran on different deployments: curves, never repeats to average.
func TestReplicasNameCurves(t *testing.T) {
	doc := "| Mode | Replicas | Concurrency | Output Tokens/s | TTFT P50 |\n|---|---:|---:|---:|---:|\n" +
		"| ts | 1 | 1 | 316.20 | 6.53 ms |\n| ts | 1 | 2 | 318.83 | 404.87 ms |\n| ts | 1 | 4 | 319.03 | 1206.63 ms |\n" +
		"| ts | 2 | 2 | 636.38 | 6.51 ms |\n| ts | 4 | 4 | 655.47 | 9.89 ms |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{316.20, 318.83, 319.03}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `series "1" read, the one sweep of the table; "2", "4" hold one level each`)
}

// A console table in a code fence under a heading naming its metric, its
// columns named by run alone: the footnote under the closing fence is no
// row, and the columns hold the heading's metric.
func TestFencedConsoleUnderMetricHeading(t *testing.T) {
	doc := "### Concurrency Throughput (tok/s across levels)\n\n```\n" +
		"Level    base    spec\n   1     75.6    77.1\n   2    120.7   119.2\n   4    208.9   209.9*\n   8    359.5   355.7\n```\n* spec saturates at l8\n"
	require.True(t, looksAligned([]byte(doc)))
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{Series: "base"})
	require.NoError(t, err)
	require.Equal(t, []float64{75.6, 120.7, 208.9, 359.5}, throughputs(s))
}

// A title naming the requests' length ("with 300-token requests") names no
// metric of the columns; a sentence defining a word as tokens over a time
// names the columns that word heads ("agg" of "Aggregate") as tok/s.
func TestRateDefinedInProse(t *testing.T) {
	doc := "## Concurrency, with 300-token requests\n\nAggregate = total tokens / batch wall time. Per-request = median decode rate experienced by one request.\n\n```\n" +
		"conc   vLLM agg   Ollama agg    vLLM/req  Ollama/req\n   1      148.9        120.3       150.4       121.6\n   2      287.0        194.3       145.7        98.2\n" +
		"   4      563.0        388.8       143.4        99.9\n   8      563.8        647.9        71.2        83.0\n```\n"
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{Series: "vLLM"})
	require.NoError(t, err)
	require.Equal(t, []float64{148.9, 287.0, 563.0, 563.8}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `hold the rate the text defines ("Aggregate = total tokens / batch wall time"): tok/s`)
	// Without the definition, nothing names the columns' unit.
	bare := strings.Replace(doc, "Aggregate = total tokens / batch wall time. ", "", 1)
	_, err = Read("t.txt", []byte(bare), Aligned, Meta{Series: "vLLM"})
	require.Error(t, err)
}

// From batch br (fitted, after its one measurement): a script's GPU
// telemetry written per row ("2842 MHz, 45 | 2850 MHz, 37") is a reading
// taken during each run, never a curve's name.
func TestClockReadingsNameNoCurve(t *testing.T) {
	g := grid{file: "t", header: []string{"conc", "hw"}, rows: [][]string{
		{"1", "2842 MHz, 45 | 2850 MHz, 37"}, {"2", "2842 MHz, 46 | 2850 MHz, 38"}, {"4", "2842 MHz, 48 | 2842 MHz, 40"}}}
	require.True(t, quantityColumn(g, 1))
	require.Empty(t, dropQuantityColumns(g, []int{1}))
	require.True(t, quantityCell.MatchString("1.5 GHz"))
	require.False(t, quantityCell.MatchString("2842 MHzz"))
}
