package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Load cells that name what they count (synthetic tables in three
// languages) are read as their numbers; a word that counts something else
// is refused naming the cell, and never read as a load.
func TestLoadCellsThatNameWhatTheyCount(t *testing.T) {
	for _, c := range []struct{ header, one, four, eight string }{
		{"Concurrency", "1 request", "4 requests", "8 requests"},
		{"Users", "1 user", "4 users", "8 users"},
		{"并发", "1 并发", "4并发", "8 并发"},
		{"并发", "1 路", "4 路", "8路"},
		{"并发用户", "1 人", "4 人", "8 人"},
	} {
		md := "| " + c.header + " | Output tok/s | TTFT p50 (ms) |\n|---|---|---|\n" +
			"| " + c.one + " | 80 | 40 |\n| " + c.four + " | 300 | 55 |\n| " + c.eight + " | 520 | 90 |\n"
		s, err := Read("t.md", []byte(md), Markdown, Meta{})
		require.NoError(t, err, md)
		require.Len(t, s.Points, 3)
		require.Equal(t, []float64{1, 4, 8}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
		require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: the cells of "`+c.header+`" name what they count ("`+c.one+`"): read as the number alone`)
	}

	md := "| Concurrency | Output tok/s | TTFT p50 (ms) |\n|---|---|---|\n| 1 GPU | 80 | 40 |\n| 4 GPU | 300 | 55 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"1 GPU" is not a number`)
}
