package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: a rendered page's title line with a direction names the
// metric; a direction against the metric's physics, or two clauses, names
// nothing.
func TestBetterCaption(t *testing.T) {
	require.Equal(t, "Generation speed (tg128)", betterCaption("Generation speed (tg128) — higher is better."))
	require.Equal(t, "TTFT p99 (ms)", betterCaption("TTFT p99 (ms) — lower is better"))
	require.Equal(t, "输出吞吐", betterCaption("输出吞吐 — 越高越好"))
	require.Equal(t, "", betterCaption("Output throughput — lower is better."))
	require.Equal(t, "", betterCaption("Output tokens/sec — higher is better; TTFT in seconds — lower is better."))
	require.Equal(t, "", betterCaption("Topology — higher is better"))
}

// Simulated: a scraped page, a description table, then engine columns under
// a "— higher is better" line: the line names the columns' metric, and the
// table of descriptions, which holds no number, does not hide the sweep's
// refusal (its curves differ).
func TestBetterCaptionNamesColumns(t *testing.T) {
	doc := `Topologies Tested
| Topology | Description |
|---|---|
| Solo | One node, TP=1 |
| Cluster | Two nodes |
Decode Throughput
Generation speed (tg128) — higher is better.
| Concurrency | Solo | Cluster |
|---|---|---|
| c1 | 38.7 | 57.9 |
| c4 | 100.4 | 148.3 |
| c16 | 210.9 | 304.0 |
| c64 | 355.7 | 477.8 |
`
	gs := markdownTables("t.md", []byte(doc))
	require.Len(t, gs, 2)
	require.Equal(t, "Generation speed (tg128)", gs[1].caption)
	g := gs[1]
	nameColumnsByHeading(&g)
	require.Equal(t, []string{"Concurrency", "Solo Generation speed (tg128)", "Cluster Generation speed (tg128)"}, g.header)
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "Cluster"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 304.0, s.Points[2].ThroughputTokS)
}

// Simulated: when no table reads, the refusal shown is that of a table
// with numbers, not of a description table above it.
func TestNumberedRefusal(t *testing.T) {
	desc := grid{header: []string{"Topology", "Description"}, rows: [][]string{{"Solo", "one node"}}}
	nums := grid{header: []string{"c", "a"}, rows: [][]string{{"c1", "38.7"}}}
	e1, e2 := errString("desc"), errString("nums")
	require.Equal(t, e2, numberedRefusal([]refusedTable{{desc, e1}, {nums, e2}}, e1))
	require.Equal(t, e2, numberedRefusal([]refusedTable{{nums, e2}, {desc, e1}}, e2))
	require.Equal(t, e1, numberedRefusal([]refusedTable{{desc, e1}}, e1))
}

type errString string

func (e errString) Error() string { return string(e) }
