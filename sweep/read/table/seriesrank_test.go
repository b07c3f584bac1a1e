package table

import (
	"errors"
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// An experiment matrix (synthetic): one-row control runs written above and
// below a three-level sweep. The refusal names the sweep first, and the
// ambiguity pass reads it first, whatever the file order.
func TestSeriesRefusalNamesTheCurveWithTheMostLevelsFirst(t *testing.T) {
	csv := `workload,mode,concurrency,output_tokens_per_s,ttft_p50_ms
chat,serial,8,9.3,46824
chat,batched,8,259.0,316
chat,batched,1,10.9,408
chat,batched,4,16.8,4845
rag,batched,8,132.4,204
rag,batched,1,20.1,150
`
	_, err := Read("t.csv", []byte(csv), CSV, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"chat / batched", "rag / batched", "chat / serial"}, amb.headers)
	require.Contains(t, err.Error(), `pick one with --series "chat / batched"`)
	require.Less(t, strings.Index(err.Error(), "chat / batched (3 rows)"), strings.Index(err.Error(), "rag / batched (2 rows)"))
}

// Between curves of as many levels, the one whose rows fill more cells
// (here the one whose TTFT was measured) comes first.
func TestSeriesOfEqualLevelsRankByFilledCells(t *testing.T) {
	csv := `engine,concurrency,output_tok_s,ttft_ms
A,1,100,
A,8,700,
B,1,110,40
B,8,650,90
`
	_, err := Read("t.csv", []byte(csv), CSV, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"B", "A"}, amb.headers)
}

// Series written as column names rank the same way: the curve whose
// columns hold values at the most levels first.
func TestColumnSeriesRankByLevels(t *testing.T) {
	g := synthetic([]string{"Concurrency", "baseline tok/s", "tuned tok/s"}, "",
		[]string{"1", "100", "110"},
		[]string{"8", "", "650"},
		[]string{"16", "", "900"})
	_, err := throughPass(t, g, Meta{}, 4)
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"tuned", "baseline"}, amb.headers)
}

// Property: in a table of one sweep of 3 to 6 levels and 1 to 3 one-row
// control runs, rows in any order, the sweep is read with no flag (the
// runs are one level each, no curve: runsbesidesweep.go), every level of
// it, with a note naming the runs; and --series "sweep" reads the same.
func TestFirstNamedSeriesIsTheSweepInAnyOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(26))
	for trial := 0; trial < 200; trial++ {
		var rows []string
		levels := 3 + rng.Intn(4)
		for l := 0; l < levels; l++ {
			c := 1 << l
			rows = append(rows, fmt.Sprintf("sweep,%d,%d,%d", c, 100*c, 50+10*c))
		}
		for k := 0; k < 1+rng.Intn(3); k++ {
			rows = append(rows, fmt.Sprintf("control%d,%d,%d,%d", k, 1<<rng.Intn(levels), 90+k, 60+k))
		}
		rng.Shuffle(len(rows), func(i, j int) { rows[i], rows[j] = rows[j], rows[i] })
		csv := "run,concurrency,output_tok_s,ttft_ms\n" + strings.Join(rows, "\n") + "\n"
		s, err := Read("t.csv", []byte(csv), CSV, Meta{})
		require.NoError(t, err, csv)
		require.Len(t, s.Points, levels, csv)
		for _, p := range s.Points {
			require.Equal(t, 100*float64(p.Concurrency), p.ThroughputTokS, csv)
		}
		require.Contains(t, strings.Join(s.Notes, "\n"), `series "sweep" read, the one sweep of the table; "control`, csv)
		s, err = Read("t.csv", []byte(csv), CSV, Meta{Series: "sweep"})
		require.NoError(t, err, csv)
		require.Len(t, s.Points, levels)
	}
}

func namedSeriesFlag(msg string) string {
	const flag = `--series "`
	i := strings.Index(msg, flag)
	if i < 0 {
		return ""
	}
	rest := msg[i+len(flag):]
	return rest[:strings.Index(rest, `"`)]
}

// Two tables that each read as a sweep, told apart by their headings
// (synthetic): the one of more levels is named first, though it comes second.
func TestTablesOfMoreLevelsAreNamedFirst(t *testing.T) {
	md := `#### Reference

| Concurrency | Output tok/s | TTFT (ms) |
|---|---|---|
| 1 | 8 | 436 |
| 8 | 60 | 2022 |

#### Measured

| Concurrency | Output tok/s | TTFT (ms) |
|---|---|---|
| 32 | 271 | 2019 |
| 64 | 417 | 3233 |
| 128 | 643 | 5724 |
`
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "%v", err)
	require.Equal(t, []string{"Measured", "Reference"}, amb.headers)
	require.Contains(t, err.Error(), `pick one by its heading with --series "Measured"`)
}

// Synthetic: series A fills two of four levels with a remark in place of
// a value, B measures all four: B is the larger curve, named first.
func TestRemarkCellsAreNoMeasuredLevels(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Concurrency", "A Tok/s", "B Tok/s"},
		rows: [][]string{{"1", "24.8", "23.3"}, {"8", "24.5", "220.8"}, {"64", "*(not measured — see below)*", "877.8"}, {"128", "*(not measured)*", "728.5"}}}
	a, b := columnCurveSize(g, []int{1}, 0), columnCurveSize(g, []int{2}, 0)
	require.Equal(t, curveSize{levels: 2, filled: 2}, a)
	require.Equal(t, curveSize{levels: 4, filled: 4}, b)
	require.False(t, measured("*(not measured)*"))
	require.True(t, measured("4.14s"))
}
