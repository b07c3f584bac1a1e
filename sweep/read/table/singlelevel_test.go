package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// singleRunDoc is simulated: a sweep of three arms under one heading, then
// one saturated run of the same arms at one concurrency under another.
const singleRunDoc = `#### sweep 128/256

| c | arm | ttft ms | out tok/s |
|---|---|---|---|
| 8 | a | 112.1 | 1334.9 |
| 8 | b | 93.2 | 1373.4 |
| 16 | a | 82.9 | 2303.8 |
| 16 | b | 209.6 | 2194.9 |
| 32 | a | 157.8 | 3772.0 |
| 32 | b | 124.3 | 4151.2 |

#### saturated 128/1024

| c | arm | ttft ms | out tok/s |
|---|---|---|---|
| 64 | a | 235.0 | 6006.0 |
| 64 | b | 183.2 | 6436.6 |
`

// A curve picked in a text whose second table holds it at one level only:
// the sweep is read, and the note names the single run left aside.
func TestSingleRunTableBesideASweepIsNoRival(t *testing.T) {
	s, err := readMarkdown("t.md", []byte(singleRunDoc), Meta{Series: "b"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.InDelta(t, 4151.2, s.Points[2].ThroughputTokS, 1e-9)
	require.Contains(t, s.Notes[len(s.Notes)-1], `not read, one level each (a run apart from the sweep): "saturated 128/1024" (line 14)`)
}

// Two sweeps of several levels stay a choice to refuse.
func TestTwoMultiLevelTablesStayAChoice(t *testing.T) {
	doc := singleRunDoc + "| 128 | a | 900.0 | 6100.0 |\n| 128 | b | 800.0 | 6500.0 |\n| 256 | a | 2900.0 | 6150.0 |\n| 256 | b | 2800.0 | 6550.0 |\n"
	_, err := readMarkdown("t.md", []byte(doc), Meta{Series: "b"})
	require.ErrorContains(t, err, `the curve "b" is in 2 tables that read as sweeps`)
}

// campaignDoc is simulated: a campaign's starting point, one row, above the
// sweep of the same columns that climbs the load; two engines as columns.
const campaignDoc = `### 0. Where we started

| C | A tok/s | B tok/s |
|---|---|---|
| 16 | 59.9 | 168.9 |

### 1. The sweep

| C | A tok/s | B tok/s |
|---|---|---|
| 1 | 25.4 | 14.2 |
| 4 | 48.0 | 53.3 |
| 16 | 113.1 | 168.9 |
`

// The lone row never stands for the curve while a table of the same
// columns climbs the load: that table's refusal (its curves) is the answer.
func TestOneRowIsNoSweepBesideTheTableThatClimbs(t *testing.T) {
	s, err := readMarkdown("t.md", []byte(campaignDoc), Meta{Series: "A"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3, "the sweep, never the lone row")
	// The lone row read, the sweep refused: the sweep's refusal stands.
	oneRow := strings.Replace(campaignDoc, "| 4 | 48.0 | 53.3 |", "| 4 | 48.0 | fast |", 1)
	_, err = readMarkdown("t.md", []byte(oneRow), Meta{Series: "B"})
	require.ErrorContains(t, err, "t.md:1")
	require.ErrorContains(t, err, `"fast"`)
}
