package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: two of six rows hold a range of runs; the four rows of one
// number are read and the two named in a note.
func TestRangeRowsAFewAreLeftOutByName(t *testing.T) {
	md := `| concurrency | agg tok/s |
|---|---|
| 1 | 33-38 |
| 2 | 40.2-43.5 |
| 8 | 117.2 |
| 16 | 183.0 |
| 24 | 260.7 |
| 32 | 306.8 |
`
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 117.2, s.Points[0].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md:3: the row at concurrency 1 has "33-38" for agg tok/s, not one measured value: left out`)
}

// Simulated: half the rows hold only "~"; the other half are read.
func TestTildeRowsHalfAreLeftOut(t *testing.T) {
	md := `| concurrent | aggregate tok/s |
|---|---|
| 1 | ~ |
| 2 | ~ |
| 4 | ~ |
| 16 | 460 |
| 32 | 605 |
| 64 | 725 |
`
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 460.0, s.Points[0].ThroughputTokS)
}

// Simulated: most rows are ranges, or too few single values remain: still
// refused, naming the first range.
func TestRangeRowsManyAreStillRefused(t *testing.T) {
	md := `| concurrency | agg tok/s |
|---|---|
| 1 | 33-38 |
| 2 | 60-70 |
| 8 | 110-120 |
| 16 | 183.0 |
| 32 | 306.8 |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"33-38" is a range of values`)

	md = `| concurrency | agg tok/s |
|---|---|
| 1 | 33-38 |
| 16 | 183.0 |
| 32 | 306.8 |
`
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"33-38" is a range of values`)
}

// Simulated: the highest level, with a TTFT, holds a range: dropping it
// would end the curve a level early, so knee refuses.
func TestRangeRowAtTheHighestLevelWithTTFTIsRefused(t *testing.T) {
	md := `| concurrency | tok/s | TTFT p50 (ms) |
|---|---|---|
| 1 | 50 | 40 |
| 2 | 95 | 42 |
| 4 | 180 | 45 |
| 8 | 300-340 | 90 |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, "the highest level (concurrency 8)")
}
