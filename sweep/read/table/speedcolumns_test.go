package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Every table here is synthetic, written for the shape: value columns
// nothing names, under text that names a speed with no unit.

// Where the text names a speed, the shape need only tell a node's rate
// from a latency: a rate's growth slows as the node saturates (one noisy
// dip at the lowest levels aside), a latency's quickens.
func TestWordedNodeRateShapeTellsRateFromLatency(t *testing.T) {
	load := []float64{1, 2, 4, 8, 16, 32}
	ok := func(vals ...float64) bool { _, _, _, ok := nodeRateShape(load, vals, true); return ok }
	require.True(t, ok(50, 95, 170, 260, 330, 360), "a saturating rate")
	require.True(t, ok(147, 109, 168, 234, 357, 441), "one dip at the lowest levels")
	require.True(t, ok(33, 38, 42, 44, 44.6, 44.7), "a rate saturated from the lowest level")
	require.False(t, ok(147, 109, 100, 234, 357, 441), "two dips")
	require.False(t, ok(20, 22, 24, 29, 36, 57), "a latency that grows with the queue")
	require.False(t, ok(10, 20, 40, 80, 160, 320), "a rate still linear says nothing of saturation")
	require.False(t, ok(360, 330, 260, 170, 95, 50), "a falling column is no node rate")
	require.False(t, ok(2.1, 2.2, 2.4, 2.9, 3.6, 5.7), "under a few per request at the lowest level: requests, not tokens")
	_, _, _, strict := nodeRateShape(load, []float64{147, 109, 168, 234, 357, 441}, false)
	require.False(t, strict, "with nothing named, a dip is no rate")
}

const speedDoc = `# Performance drop

The speed benchmark (one GPU, gpt-oss) has degraded from v2 on.

N Parallel | Engine (v1) | Engine (v2)
-- | -- | --
1 | 146.8 | 127.5
2 | 120.2 | 110.1
4 | 230.4 | 200.0
8 | 330.0 | 260.2
16 | 400.4 | 300.6
`

// Columns named by version alone, under prose naming a speed, that rise as
// a rate does are the node's output tok/s; the note says why.
func TestSpeedWordAndRisingColumnsReadAsTokenRate(t *testing.T) {
	s, err := Read("t.md", []byte(speedDoc), Markdown, Meta{Series: "(v1)"})
	require.NoError(t, err)
	require.Len(t, s.Points, 5)
	require.Equal(t, 400.4, s.Points[4].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `by their physics: the text names "speed"`)
}

// The same columns rising as a latency does stay unread, as do rising
// columns under text that names no speed, or names a request rate.
func TestSpeedWordWithoutRateShapeOrWithRequestRateRefuses(t *testing.T) {
	latency := strings.NewReplacer("146.8", "20.8", "120.2", "22.2", "230.4", "24.3", "330.0", "28.5", "400.4", "35.5",
		"127.5", "29", "110.1", "31", "200.0", "34", "260.2", "40", "300.6", "52").Replace(speedDoc)
	for name, doc := range map[string]string{
		"latency":      latency,
		"no word":      strings.Replace(speedDoc, "The speed benchmark", "The benchmark", 1),
		"request rate": strings.Replace(speedDoc, "has degraded", "(req/s) has degraded", 1),
	} {
		_, err := Read("t.md", []byte(doc), Markdown, Meta{})
		require.Error(t, err, name)
		require.Contains(t, err.Error(), "no throughput column", name)
	}
}

// Rows of setups over level headers, under a heading naming a speed in
// another language, read the same way.
func TestSpeedWordOverLevelHeadersReadsRows(t *testing.T) {
	doc := "## 推理速度\n\n| 配置 | c=1 | c=4 | c=16 | c=32 |\n|---|---|---|---|---|\n| Q4 | 28.6 | 60.9 | 120.0 | 134.4 |\n| Q8 | 25.7 | 55.0 | 100.3 | 110.9 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{Series: "Q8"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 110.9, s.Points[3].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `the rows name no metric: read as the node's output tok/s by their physics`)
}

// A sentence saying what the table's values are names their unit, the
// token singular ("output token/s") or plural.
func TestTableValuesSentenceNamesTheUnit(t *testing.T) {
	doc := "## Matrix\n\nTable values are the median whole-batch output token/s across two measurements.\n\n| Task | C1 | C2 | C4 | C8 |\n|---|---:|---:|---:|---:|\n| Coding | 58.3 | 77.2 | 102.2 | 133.5 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 133.5, s.Points[3].ThroughputTokS)
	require.True(t, proseBlanketRate.MatchString("These numbers are tokens per second"))
	require.False(t, proseBlanketRate.MatchString("The results reached 500 tok/s at best"))
}
