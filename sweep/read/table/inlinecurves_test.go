package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Curves written as text (this session's rules, built from corpus
// refusals before batch be was measured). Synthetic numbers.

// Items of a curve pair a level written with its letter or its unit with a
// value, in one form throughout; bare numbers, percentiles and sizes are
// no levels.
func TestParseInlineCurve(t *testing.T) {
	c, ok := parseInlineCurve("Decode curve (tok/s): `c1=20.5 / c4=71 / c16=240.25`.", 3)
	require.True(t, ok)
	require.Equal(t, []string{"1", "4", "16"}, c.levels)
	require.Equal(t, []string{"20.5", "71", "240.25"}, c.values)
	require.Equal(t, "Decode curve (tok/s)", curveLead(c.lead))
	require.Equal(t, "concurrency", c.load)

	c, ok = parseInlineCurve("410 at C1, 1,502 at C8, 3,090 at C32", 3)
	require.True(t, ok)
	require.Equal(t, []string{"410", "1502", "3090"}, c.values, "thousands commas are no separators")
	require.Equal(t, "", c.lead)

	c, ok = parseInlineCurve("bs8=900, bs32=2,400, bs64=3,100", 3)
	require.True(t, ok)
	require.Equal(t, "batch size", c.load)

	c, ok = parseInlineCurve("4 users: 110, 8 users: 190, 16 users: 260", 3)
	require.True(t, ok)
	require.Equal(t, []string{"4", "8", "16"}, c.levels)

	for _, no := range []string{
		"p50=12 / p90=30 / p99=44",          // percentiles, not levels
		"41.2K at 8K, 30.1K at 128K",        // context sizes
		"c1=15 / c4=57 and then c16=225",    // words between the items
		"c1=15, bs4=57, c16=225",            // two kinds of load
		"c1=15 / c1=16 / c4=57",             // a level twice
		"383 at 1, 1,386 at 8, 3,741 at 32", // bare numbers name no load
	} {
		_, ok := parseInlineCurve(no, 3)
		require.False(t, ok, no)
	}
}

// A summary table whose cells each write a curve under a header naming the
// metric is read as a row per level, each row's curve its series; a row of
// ranges (several configurations' values) is no curve knee reads.
func TestCurveInEachCell(t *testing.T) {
	md := "| model | best configuration | decode (aggregate tok/s) | quality |\n|---|---|---|---|\n" +
		"| Model-A | engine x, spec k=4 | 410 at C1, 1,502 at C8, 3,090 at C32, 4,400 at C64 | 91% |\n" +
		"| Model-B | engine y | 300–320 at C1, 2,000–2,100 at C16, 4,100–4,300 at C64 | 90% |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `--series "Model-A"`)
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "Model-A"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 8, 32, 64}, concurrencies(s))
	require.Equal(t, []float64{410, 1502, 3090, 4400}, throughputs(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `each cell under "decode (aggregate tok/s)" writes a curve`)
	_, err = Read("t.md", []byte(md), Markdown, Meta{Series: "Model-B"})
	require.ErrorContains(t, err, "range")
}

// A page whose only sweep is a curve written inline in a sentence, beside
// a block that reads as no sweep, is read from that line; the words before
// the items must name the metric.
func TestCurveInlineInProse(t *testing.T) {
	md := "## Scaling\n\nTP4 to TP8 is near-linear:\n\n```\nTP4 = 500  ->  TP8 = 1000 tok/s\n```\n\n" +
		"Full TP8 concurrency curve (tok/s): `c1=14.5 / c4=52 / c16=200 / c64=560 / c128=800`.\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 16, 64, 128}, concurrencies(s))
	require.Equal(t, []float64{14.5, 52, 200, 560, 800}, throughputs(s))
	require.Equal(t, "t.md:9", s.Points[0].Source)
	unnamed := "## Scaling\n\nthe curve: c1=14.5 / c4=52 / c16=200 / c64=560\n"
	_, err = Read("t.md", []byte(unnamed), Markdown, Meta{})
	require.Error(t, err, "words that name no metric name no curve")
}

// λ, the arrival rate's symbol, heads an offered request rate; a column
// the words name as a latency but whose values, read in s by their
// magnitude, sit far from the same latency's stated statistic is another
// quantity (an SLO attainment), not read.
func TestLambdaAndAStatisticFarFromItsSibling(t *testing.T) {
	md := "| 요청 λ | 출력 tok/s | TTFT p50 ms | TPOT p50 ms | att TPOT |\n|---:|---:|---:|---:|---:|\n" +
		"| 10 | 2,000 | 60 | 40 | 0.90 |\n| 20 | 3,600 | 70 | 60 | 0.45 |\n| 30 | 4,200 | 150 | 110 | 0.30 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 10.0, *s.Points[0].RequestedRate)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"att TPOT" (no TPOT: read in s, its values sit far from "TPOT p50 ms"'s`)
	// Little's law in tokens with the stated TPOT: 10 req/s × (60 ms + 40 ms × 199) = 80.2 in flight.
	require.InDelta(t, 80.2, s.Points[0].Concurrency, 0.01)
}
