package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule (simulated tables): the real shape is batch o's REAP
// sweep, arms grouped by concurrency with blank rows between the groups.

func TestSeparatorRowsAreNothing(t *testing.T) {
	md := "| c | arm | ttft ms | out tok/s |\n|---|---|---|---|\n" +
		"| 8 | a | 80 | 1000 |\n| 8 | b | 90 | 1100 |\n| | | | |\n" +
		"| 16 | a | 95 | 1800 |\n| 16 | b | 99 | 2000 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "b"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 1100.0, s.Points[0].ThroughputTokS)
	require.Equal(t, 2000.0, s.Points[1].ThroughputTokS)
}

func TestRowWithoutThroughputIsLeftOutWithANote(t *testing.T) {
	md := "| concurrency | TTFT p50 (ms) | tok/s |\n|---|---|---|\n" +
		"| 1 | 50 | 100 |\n| 2 | | |\n| 4 | 60 | 380 |\n| 8 | 90 | 600 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 4, 8}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md:4: the row at concurrency 2 has no tok/s value: a level not measured, left out`)
}

func TestRowThatFailedIsALevelThatDidNotRun(t *testing.T) {
	md := "| concurrency | tok/s | status |\n|---|---|---|\n" +
		"| 1 | 100 | ok |\n| 4 | 380 | ok |\n| 8 | — | n/a (OOM at load) |\n| 16 | | 失敗 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `t.md:5: the level did not run ("n/a (OOM at load)"): no point`)
	require.Contains(t, notes, `t.md:6: the level did not run ("失敗"): no point`)
}

func TestHighestLevelWithTTFTButNoThroughputRefuses(t *testing.T) {
	md := "| concurrency | TTFT p50 (ms) | tok/s |\n|---|---|---|\n" +
		"| 1 | 50 | 100 |\n| 4 | 60 | 380 |\n| 8 | 4000 | |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.EqualError(t, err, `t.md:5: TTFT p50 (ms): the highest level (concurrency 8) has a TTFT p50 (ms) (4000) but no throughput: read without it, the curve would end a level early and knee would judge the knee without what that level measured; fill in its throughput, or delete the row to read the levels below`)

	// The highest level of the curve read: another curve's row, or a
	// level below the highest, is left out with a note.
	two := "| concurrency | engine | TTFT p50 (ms) | tok/s |\n|---|---|---|---|\n" +
		"| 1 | a | 50 | 100 |\n| 4 | a | 60 | |\n| 8 | a | 70 | 700 |\n| 1 | b | 50 | 90 |\n| 4 | b | 3000 | |\n"
	s, err := Read("t.md", []byte(two), Markdown, Meta{Series: "a"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	_, err = Read("t.md", []byte(two), Markdown, Meta{Series: "b"})
	require.ErrorContains(t, err, "the highest level (concurrency 4)")
}

// Synthetic: a throughput cell that says in words that the level was not
// measured ("*(not measured — see below)*", "skipped") is a blank written
// out: the row is left out with the note of a level not measured, not
// refused as a cell that is no number.
func TestThroughputSaidNotMeasuredIsALevelNotMeasured(t *testing.T) {
	md := "| concurrency | tok/s | TTFT p50 (ms) |\n|---|---|---|\n" +
		"| 1 | 100 | 50 |\n| 4 | 380 | 60 |\n| 8 | 600 | 90 |\n| 16 | *(not measured — see below)* | |\n| 32 | skipped | |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `t.md:6: the row at concurrency 16 has no tok/s value: a level not measured, left out`)
	require.Contains(t, notes, `t.md:7: the row at concurrency 32 has no tok/s value: a level not measured, left out`)
	require.True(t, saysNotMeasured("(Not measured)"))
	require.False(t, saysNotMeasured("notes: measured twice"))
}
