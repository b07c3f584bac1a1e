package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// From held-out batch ca's misses (fitted after its one measurement): two
// replicas' rates beside the node's, which is their sum on every row, are
// no ambiguity: the whole is the node's rate.
func TestTheSumOfReplicasIsTheNode(t *testing.T) {
	doc := `[{"node_concurrency": 2, "replica_a_tok_s": 184.25, "replica_b_tok_s": 183.62, "node_tok_s": 367.87},
{"node_concurrency": 8, "replica_a_tok_s": 230.93, "replica_b_tok_s": 231.39, "node_tok_s": 462.32},
{"node_concurrency": 16, "replica_a_tok_s": 657.65, "replica_b_tok_s": 688.05, "node_tok_s": 1345.7},
{"node_concurrency": 32, "replica_a_tok_s": 547.77, "replica_b_tok_s": 561.52, "node_tok_s": 1109.28}]`
	s, err := Read("t.json", []byte(doc), Records, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{367.87, 462.32, 1345.7, 1109.28}, throughputs(s))

	g := synthetic([]string{"c", "a", "b", "sum"}, "", []string{"1", "10", "11", "21"}, []string{"2", "20", "19", "39"}, []string{"4", "30", "32", "62"})
	require.True(t, sumOfOthers(g, 3, []int{1, 2, 3}))
	g.rows[2][3] = "70"
	require.False(t, sumOfOthers(g, 3, []int{1, 2, 3}), "a row that does not add up")
}

// A sentence under the table that is a rate's name says what its cells
// hold ("Aggregate tokens a second."); a bold label or a bare name with no
// full stop heads something else.
func TestRateSentenceUnderTheTable(t *testing.T) {
	got, ok := rateSentence("Aggregate tokens a second. One stream undrafted: 35 tok/s.")
	require.True(t, ok)
	require.Equal(t, "Aggregate tokens a second", got)
	_, ok = rateSentence("**Aggregate tok/s**")
	require.False(t, ok)
	_, ok = rateSentence("Per-stream tokens a second.")
	require.False(t, ok, "one stream's rate is not the node's")
	doc := "| Users | prose | code | structured |\n|---:|---:|---:|---:|\n| 1 | 68.7 | 109.0 | 89.0 |\n| 4 | 147.4 | 230.0 | 197.3 |\n| 8 | 214.1 | 366.0 | 273.2 |\n\nAggregate tokens a second. One stream undrafted: 35 tok/s.\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "code"})
	require.NoError(t, err)
	require.Equal(t, []float64{109.0, 230.0, 366.0}, throughputs(s))
}

// A sentence of the prose above that names the rate ("Aggregate tok/s,
// per-stream in brackets.", "Output tok/s as reported by vLLM.") names the
// unit of the table's numbers; one naming one stream's rate does not.
func TestProseSentenceNamesTheRate(t *testing.T) {
	require.True(t, namesRateSentence("Short prompts, 2 reps. Aggregate tok/s, per-stream in brackets. Receipts: here."))
	require.True(t, namesRateSentence("1,024 forced output tokens. Output tok/s as reported by vLLM."))
	require.True(t, namesRateSentence("Median active-decode generated tokens/s, High reasoning."))
	require.False(t, namesRateSentence("Per-user tok/s, the speed one client sees."))
	require.False(t, namesRateSentence("We reached 35 tok/s on one stream"))
}

// A row listing its levels whose cell closes with a remark in brackets,
// its rate named only "aggregate" in a table whose other rows write tok/s.
func TestAggregateRowInATableOfTokenRates(t *testing.T) {
	doc := "| metric | kit |\n| --- | ---: |\n| Code, 1 stream | 41.9 |\n| C1 / C2 / C4 aggregate | 32.2 / 46.7 / 37.6 (C4 per stream 9.2-10.2) |\n| Cold prefill 8K / 32K | 1,073 / 1,075 tok/s |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{32.2, 46.7, 37.6}, throughputs(s))
	noUnit := "| metric | kit |\n| --- | ---: |\n| C1 / C2 / C4 aggregate | 32.2 / 46.7 / 37.6 |\n| Start to health | 378 s |\n"
	_, err = Read("t.md", []byte(noUnit), Markdown, Meta{})
	require.Error(t, err, "no row writes a token rate: aggregate of what is not said")
}

// A row of another dimension ("GPU temp (°C)") among curves of a
// transposed table the prose names as rates is a measure, never a curve.
func TestTemperatureRowIsNoCurve(t *testing.T) {
	doc := "Aggregate output tokens/second.\n\n| Mode | C1 | C2 | C4 |\n| --- | ---: | ---: | ---: |\n| A | 151.2 | 273.8 | 500.6 |\n| GPU temp (°C) | 61 | 68 | 75 |\n| B | 345.8 | 529.7 | 823.8 |\n"
	_, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"A", "B"}, CurveNames(err))
	require.True(t, otherDimensionLabel("GPU temp (°C)"))
	require.True(t, otherDimensionLabel("Memory (GiB)"))
	require.False(t, otherDimensionLabel("mem-opt build"), "a word outside brackets names a setup")
	require.False(t, otherDimensionLabel("DSpark (k=5)"))
}
