package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: the corpus's markdown tables printed as
// console text (sweep/read's perturbation test, "as console columns" and
// "as pandas print(df)"), padded by characters, not display columns.

func TestWideCharactersPaddedAsOneColumnStillPlaceEveryCell(t *testing.T) {
	// 并发 is two characters wide on a terminal; padded as if one, every
	// number stands a column left of its header.
	text := "并发  输出吞吐 (tok/s)  TTFT p50 (ms)  TTFT p99 (ms)\n" +
		"1   46           93             121\n" +
		"4   170          110            150\n" +
		"16  560          180            260\n"
	s, err := Read("t.txt", []byte(text), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	p := s.Points[2]
	require.Equal(t, 16.0, p.Concurrency)
	require.Equal(t, 560.0, p.ThroughputTokS)
	require.Equal(t, 180.0, *p.TTFT.P50)
	require.Equal(t, 260.0, *p.TTFT.P99)
}

func TestARuleMeasuredByCharactersKeepsTheHeaderInOrder(t *testing.T) {
	// The rule's dashes are as long as each header in characters: under
	// display columns they end before the wide headers do.
	text := "并发  输出吞吐 (tok/s)  总吞吐 (tok/s)  平均 TTFT (ms)  P99 TTFT (ms)\n" +
		"--  ------------  -----------  ------------  -------------\n" +
		"1   41.2          121.8        104           121\n" +
		"2   81.2          240.2        72            75\n" +
		"8   257.0         770.4        601           7112\n"
	s, err := Read("t.txt", []byte(text), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	p := s.Points[2]
	require.Equal(t, 257.0, p.ThroughputTokS)
	require.Equal(t, 601.0, *p.TTFT.Mean)
	require.Equal(t, 7112.0, *p.TTFT.P99)
}

func TestPandasIndexIsNoColumn(t *testing.T) {
	text := "   Concurrency  Output tok/s  TTFT p50 (ms)\n" +
		"0            1          41.2             80\n" +
		"1            8         301.0             95\n" +
		"2           32         905.0            160\n"
	s, err := Read("t.txt", []byte(text), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 32.0, s.Points[2].Concurrency)
	require.Equal(t, 905.0, s.Points[2].ThroughputTokS)
	rows := [][]span{{{text: "0"}, {text: "1"}}, {{text: "1"}, {text: "8"}}}
	require.Len(t, dropFrameIndex(rows, 1)[0], 1)
	require.Len(t, dropFrameIndex([][]span{{{text: "3"}, {text: "1"}}, {{text: "4"}, {text: "8"}}}, 1)[0], 2, "an index counts from 0 or 1")
	require.Len(t, dropFrameIndex([][]span{{{text: "0"}, {text: "1"}}, {{text: "7"}, {text: "8"}}}, 1)[0], 2, "an index counts by one")
}
