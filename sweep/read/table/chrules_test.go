package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built from held-out batch ch's misses, after it was measured once. The
// numbers are synthetic (shaped like the tables that failed); each test
// names the rule it pins.

// "Input tokens/request" is each request's length, whatever a legend's
// "input tok/s" says of the word "input": the rows are curves by it.
func TestPerRequestTokensAreNoLegendRate(t *testing.T) {
	md := "- **Prefill:** effective input tok/s through the first token.\n\n" +
		"| Input tokens/request | C | Prefill tok/s | Total decode tok/s |\n|---:|---:|---:|---:|\n" +
		"| 512 | 1 | 1900 | 200 |\n| 512 | 2 | 4000 | 350 |\n| 512 | 4 | 5200 | 520 |\n" +
		"| 2,048 | 1 | 7000 | 220 |\n| 2,048 | 2 | 6700 | 370 |\n| 2,048 | 4 | 6700 | 540 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "2,048"})
	require.NoError(t, err)
	require.Equal(t, []float64{220, 370, 540}, throughputs(s))
	require.NotContains(t, strings.Join(s.Notes, "\n"), `"Input tokens/request" read in`)
}

// A math symbol in brackets ("Context ($S$)") names the quantity's letter,
// not a unit: S is no second, and the column is a request length.
func TestBracketedMathSymbolIsNoUnit(t *testing.T) {
	require.Equal(t, "Context", stripMarkup("Context ($S$)"))
	require.Equal(t, "C users", stripMarkup("$C$ users"), "inline math outside brackets still renders its letter")
	md := "| Users ($B$) | Context ($S$) | Aggregate Throughput |\n|---|---|---|\n" +
		"| 1 | 1K | 33.9 tok/s |\n| 2 | 1K | 43.2 tok/s |\n| 4 | 1K | 84.2 tok/s |\n" +
		"| 1 | 2K | 33.9 tok/s |\n| 2 | 2K | 42.9 tok/s |\n| 4 | 2K | 83.7 tok/s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "2K"})
	require.NoError(t, err)
	require.Equal(t, []float64{33.9, 42.9, 83.7}, throughputs(s))
}

// tokens_per_request set per scenario is a request length: a series, not a
// column to drop (which merged 100-token and 500-token runs into one curve).
func TestTokensPerRequestIsAWorkload(t *testing.T) {
	c := classify("tokens_per_request")
	require.Equal(t, colWorkload, c.kind)
	require.Equal(t, colIgnore, classify("Output Tok Per Req Mdn").kind, "a measured median per request is no setting")
}

// "91 agg (peak 107) / 18 per req": the value the cell calls the aggregate.
func TestAggregateNamedInCell(t *testing.T) {
	require.Equal(t, "91", cleanCell("91 agg (peak 107) / 18 per req"))
	require.Equal(t, "253.7", cleanCell("**253.7** (222.7–276.2) agg · 31.7 (27.8–34.5) per stream"))
	require.Equal(t, "75–86 agg / 19 per req", cleanCell("75–86 agg / 19 per req"), "a range named the aggregate stays a range")
}

// A measured statistic ("mean acc len") never names the curves.
func TestMeasuredStatisticNamesNoCurve(t *testing.T) {
	md := "| c | content | gen tok/s | mean acc len |\n|---|---|---|---|\n" +
		"| 1 | mixed | 40 | 3.0–3.4 |\n| 2 | mixed | 61 | 3.1 |\n| 4 | mixed | 90 | 4.4–4.8 |\n| 8 | mixed | 118 | 3.3 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{40, 61, 90, 118}, throughputs(s))
}

// "Requested C": the load's letter after a word saying it was asked for.
func TestRequestedLetterIsTheLoad(t *testing.T) {
	c := classify("Requested C")
	require.Equal(t, colConcurrency, c.kind)
	require.Equal(t, "configured", c.flavor)
	require.NotEqual(t, colConcurrency, classify("Model C").kind, "after a name the letter is part of it")
}

// Report rows naming a level after a comma, with the load's word in the
// metric's name, and cells writing a range or a change: the rows are read,
// and a cell that does not settle on one value is never read as its last
// number (a prose reading once took "141–146 tok/s" as 146).
func TestRowLevelsWithUnsettledCells(t *testing.T) {
	md := "| Measurement | Result |\n|---|---:|\n" +
		"| DSpark single-stream | **32.4 tok/s** |\n" +
		"| DSpark concurrency, 8 streams | **99 tok/s** aggregate |\n" +
		"| DSpark concurrency, 12 streams | **120 tok/s** aggregate |\n" +
		"| DSpark concurrency, 16 streams | **141–146 tok/s** aggregate |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 8, 12}, concurrencies(s))
	require.Equal(t, []float64{32.4, 99, 120}, throughputs(s))

	three := "| concurrency | tok/s |\n|---|---|\n| 1 | 32.4 |\n| 8 | 141-146 tok/s |\n| 12 | 150 |\n"
	_, err = Read("t.md", []byte(three), Markdown, Meta{})
	require.ErrorContains(t, err, `"141-146 tok/s" is a range of values`)
}

// An unnamed aggregate that is the per-stream column times the streams on
// every row is the node's token rate.
func TestAggregateOfStreamsByPhysics(t *testing.T) {
	md := "Concurrency sweep, 384 tok/stream:\n\n| conc | per-stream median | aggregate |\n|---|---|---|\n" +
		"| 1 | 34.6 | 34.6 |\n| 2 | 31.2 | 62.4 |\n| 4 | 19.7 | 78.9 |\n| 8 | 17.9 | 125.8 |\n| 16 | 14.9 | 191.1 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{34.6, 62.4, 78.9, 125.8, 191.1}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"aggregate" read as the node's output tok/s, though nothing names its unit`)

	// Columns that are no product of each other stay unnamed.
	other := strings.Replace(md, "| 4 | 19.7 | 78.9 |", "| 4 | 19.7 | 30.0 |", 1)
	_, err = Read("t.md", []byte(other), Markdown, Meta{})
	require.ErrorContains(t, err, "hold numbers that nothing names")
}

// "664ms, 397 tok/s": a column per unit.
func TestCellsOfTwoUnitsSplit(t *testing.T) {
	md := "| Concurrency | Round-Robin | KV Router |\n|---|---|---|\n" +
		"| c=4 | 664ms, 397 tok/s | 1,641ms, 161 tok/s |\n| c=8 | 718ms, 682 tok/s | 1,124ms, 410 tok/s |\n" +
		"| c=16 | 876ms, 1,157 tok/s | 954ms, 940 tok/s |\n| c=32 | 4,818ms, 448 tok/s (50% fail) | 1,107ms, 1,427 tok/s (100% ok) |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "KV Router"})
	require.NoError(t, err)
	require.Equal(t, []float64{161, 410, 940, 1427}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `the cells of "KV Router" each hold ms, then tok/s`)
}

// A console table whose first row writes the unit once, under setups'
// names only, is a sweep of those setups; a data row is never its header.
func TestAlignedUnitOnceForTheRow(t *testing.T) {
	txt := "```\n并发数    vLLM BF16     SGLang 无CG    SGLang 有CG\n1         52.5 tok/s    48.6           50.3\n" +
		"2         98.8          94.3           96.8\n4         196.1         185.5          192.2\n8         389.6         364.5          376.8\n```\n"
	s, err := Read("t.md", []byte(txt), Aligned, Meta{Series: "SGLang 无CG"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{48.6, 94.3, 185.5, 364.5}, throughputs(s))
	require.True(t, valuesAsHeader(grid{header: []string{"1", "52.5 tok/s", "48.6"}}))
	require.False(t, valuesAsHeader(grid{header: []string{"conc", "1", "2"}}))
}

// Latency cells written as ranges: the few are unmeasured levels, and the
// throughput beside them still reads; a column of ranges throughout is
// refused, never read as each range's last number.
func TestLatencyRangesAreUnmeasured(t *testing.T) {
	md := "| Concurrency | Throughput (tok/s) | TTFT p95 |\n|---|---|---|\n" +
		"| 1 | 70 | 809 ms |\n| 24 | 1,360 | 380 ms |\n| 48 | 2,100 | 450 ms |\n| 64 | 2,600 | ~0.5–0.9 s |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{70, 1360, 2100, 2600}, throughputs(s))
	require.Nil(t, s.Points[3].TTFT.P95, "no value is taken from a range")
	require.Contains(t, strings.Join(s.Notes, "\n"), "that latency read as unmeasured there")

	all := "| Users | tok/s | first token |\n|---|---|---|\n| 1 | 68.7 | 0.06-0.10 s |\n| 4 | 147.4 | 0.12-0.19 s |\n| 8 | 214.1 | 0.24-0.30 s |\n"
	_, err = Read("t.md", []byte(all), Markdown, Meta{})
	require.ErrorContains(t, err, `"0.06-0.10 s" is a range of values`, "ranges throughout are no latency to leave out quietly")
}
