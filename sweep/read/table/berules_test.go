package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from the misses of held-out batch be (written after its one
// measurement). Each test is synthetic (simulated numbers), written for
// the principle, not copied from the table that showed it.

// Camel-cased headers part at their words: "AggTPS" is an aggregate token
// rate, "ReqTPS" a request's; a lowercase letter before capitals ("vLLM")
// is a name's.
func TestCamelCasedHeaders(t *testing.T) {
	require.Equal(t, "throughput", classify("AggTPS").key())
	require.Equal(t, colPerUser, classify("ReqTPS").kind)
	require.Equal(t, "ttft_mean", classify("avgTTFT").key())
	require.Equal(t, "vLLM", camelWords("vLLM"))
	md := "| Concurrency | AggTPS | ReqTPS | TTFT avg |\n|---|---|---|---|\n| 1 | 70.0 | 70.0 | 900ms |\n| 2 | 120.5 | 60.2 | 1100ms |\n| 4 | 180.0 | 45.0 | 1500ms |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{70, 120.5, 180}, throughputs(s))
}

// A transposed table's corner "Requests" over the levels 1 … 4 names what
// the levels count; the caption above names the cells.
func TestCornerCountNamesTheLevels(t *testing.T) {
	md := "Aggregate tokens per second across all requests, one GPU.\n\n| Requests | 1 | 2 | 3 | 4 |\n| --- | ---: | ---: | ---: | ---: |\n" +
		"| engine-a | 20.0 | 36.0 | 49.0 | 58.0 |\n| engine-b | 18.0 | 30.0 | 33.0 | 35.0 |\n| a's advantage | +11% | +20% | +48% | +66% |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"engine-a"`)
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "engine-a"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 3, 4}, concurrencies(s))
	require.Equal(t, []float64{20, 36, 49, 58}, throughputs(s))
}

// "Load (req/s)" is the offered rate; beside it a measured "In flight" is
// the concurrency Little's law gives, and the points keep the offered rate.
func TestLoadInRequestsPerSecondIsOffered(t *testing.T) {
	require.Equal(t, "requested", classify("Load (req/s)").flavor)
	md := "| Load (req/s) | In flight | Total output tok/s |\n|---|---|---|\n| 0.5 | 2.0 | 60 |\n| 1.0 | 4.1 | 118 |\n| 1.5 | 6.5 | 170 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{2, 4.1, 6.5}, concurrencies(s))
	require.Equal(t, 1.5, *s.Points[2].RequestedRate)
}

// "At once" and "in parallel" head the requests sent together, as
// "concurrent" does.
func TestAtOnceIsTheLoad(t *testing.T) {
	require.Equal(t, "concurrency", classify("At once").key())
	require.Equal(t, "concurrency", classify("Requests in parallel").key())
	md := "| At once | output tok/s | TTFT (s) |\n|---|---|---|\n| 1 | 48 | 0.3 |\n| 4 | 170 | 0.9 |\n| 8 | 300 | 1.5 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 4, 8}, concurrencies(s))
}

// A column called "level" under a heading naming the swept load holds that
// load's levels.
func TestLevelColumnUnderALoadHeading(t *testing.T) {
	md := "## Concurrency sweep\n\n| level | ok/req | aggregate t/s | TTFT p50 |\n|--:|--:|--:|--:|\n| 1 | 20/20 | 110.0 | 95 |\n| 2 | 20/20 | 200.0 | 150 |\n| 4 | 20/20 | 310.0 | 170 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4}, concurrencies(s))
	require.Contains(t, strings.Join(s.Notes, "\n"), `"level" holds the levels of the sweep the heading "Concurrency sweep" names`)
	require.Equal(t, "", func() string { n, _ := loadHeading(grid{title: []string{"Results"}}); return n }(), "a heading that names no load says nothing of the levels")
}
