package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a page's table flattened to text, one space between cells,
// units in the cells and two-word headers: the rows' cells cut the header.
func TestWordSpacedTableCutsHeaderByRows(t *testing.T) {
	data := []byte("Scaling Results\n\nUsers Output tok/s Mean TTFT (ms) p99 Latency\n" +
		"8 300 45 2.50s\n16 520 61 2.90s\n32 640 180 4.10s\n")
	require.True(t, Looks(Aligned, "t.txt", data))
	s, err := Read("t.txt", data, Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 16.0, s.Points[1].Concurrency)
	require.Equal(t, 520.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 2900.0, *s.Points[1].E2E.P99)
	require.Equal(t, 61.0, *s.Points[1].TTFT.Mean)
}

// Synthetic: a status word closes each row ("OK", "PEAK"): a column of
// words under a one-word header, not part of the latency cell.
func TestWordSpacedTableStatusWords(t *testing.T) {
	data := []byte("Concurrency Output tok/s p99 Latency Status\n" +
		"100 3,000 8.1s OK\n200 4,000 8.9s PEAK\n400 3,900 12.5s SATURATED\n")
	s, err := Read("t.txt", data, Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4000.0, s.Points[1].ThroughputTokS)
}

// Synthetic: prose with numbers is no table: sentences give rows of no
// one shape, and a line of words no cut of known headers.
func TestWordSpacedTableNotProse(t *testing.T) {
	for _, data := range []string{
		"We ran the sweep twice.\n8 users gave 1,200 tok/s on average\n16 users gave 2,100 tok/s\n32 users gave 2,600 tok/s at the peak\n",
		"The results were good overall\n8 1,200 300\n16 2,100 520\n",
		"Concurrency Throughput\n8 1,200 tok/s 300 2.50s\n16 2,100 tok/s 520 2.90s\n",
	} {
		_, ok := wordSpacedTable("t.txt", blockOf(data))
		require.False(t, ok, data)
	}
}

// A unit closes the header it is in: "Throughput Output" + "tok/s" is no
// cut, so the four columns below have one reading only.
func TestCutHeaderUnitClosesHeader(t *testing.T) {
	cols, ok := cutHeader([]string{"Concurrency", "Throughput", "Output", "tok/s", "p99", "Latency"}, make([]bool, 4))
	require.True(t, ok)
	require.Equal(t, []string{"Concurrency", "Throughput", "Output tok/s", "p99 Latency"}, cols)
	require.False(t, unitEndsHeader([]string{"tok/s", "p99"}))
	require.False(t, unitEndsHeader([]string{"Output", "tok/s", "p99"}))
	require.True(t, unitEndsHeader([]string{"TTFT", "(ms)"}))
	// Two cuts name every column: not read.
	_, ok = cutHeader([]string{"Concurrency", "TTFT", "p99", "Throughput"}, make([]bool, 3))
	require.False(t, ok)
}

func TestSpacedCellsKeepUnitsWithNumbers(t *testing.T) {
	cells, first, ok := spacedCells("150 23,557 tok/s 3,513 8.50s OK")
	require.True(t, ok && first)
	require.Equal(t, []string{"150", "23,557 tok/s", "3,513", "8.50s", "OK"}, cells)
	cells, first, ok = spacedCells("Throughput 23,557 tok/s")
	require.True(t, ok)
	require.False(t, first)
	require.False(t, labelRow(cells), "a label and one number is a line of prose, not a row")
}

// Synthetic: a model card's table flattened to single spaces, each row led
// by its configuration's words, then the load and two rates.
func TestWordSpacedRowsLedByLabels(t *testing.T) {
	doc := "Measured throughput (synthetic)\n\nConfiguration Concurrency Aggregate tok/s Per-stream tok/s\n" +
		"FP8 baseline 10 900.5 90.1\nFP8 baseline 40 2,400.0 60.0\nFP8 baseline 80 3,000.0 37.5\nFP8 baseline (peak) 160 3,200.0 20.0\nFP8 baseline (saturated) 320 3,150.0 9.8\n"
	s, err := Read("t.txt", []byte(doc), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3, "the rows of one label are one curve")
	require.Equal(t, 2400.0, s.Points[1].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `read "Concurrency" as concurrency, "Aggregate tok/s" as throughput`)
	// A row of words and numbers under rows led by numbers is no row.
	_, ok := wordSpacedTable("t.txt", []alignedLine{{text: "Concurrency Throughput tok/s"}, {text: "1 100"}, {text: "Peak 4 400"}, {text: "8 800"}})
	require.False(t, ok)
}

func TestForEachUnitCut(t *testing.T) {
	var got [][]int
	all := forEachUnitCut(make([]bool, 4), make([]bool, 4), 2, func(ends []int) bool {
		got = append(got, append([]int(nil), ends...))
		return true
	})
	require.True(t, all)
	require.Equal(t, [][]int{{1, 4}, {2, 4}, {3, 4}}, got)
	// "Users H100 tok/s A100 tok/s": a unit ends its run and starts none.
	got = nil
	forEachUnitCut([]bool{false, false, true, false, true}, []bool{false, false, true, false, true}, 3, func(ends []int) bool {
		got = append(got, append([]int(nil), ends...))
		return true
	})
	require.Equal(t, [][]int{{1, 3, 5}}, got)
}

// Synthetic: a comparison table flattened to single spaces, 19 header
// words over 11 cells, two chips' columns side by side with their ratio
// ("tok/s比": 比 is ratio): the unit words cut it the one way.
func TestWordSpacedTableOfTwoChips(t *testing.T) {
	data := "Concurrency H100 req/s A100 req/s req/s比 H100 tok/s A100 tok/s tok/s比 H100 TTFT(ms) A100 TTFT(ms) H100 TPOT(ms) A100 TPOT(ms)\n" +
		"1 0.97 0.69 1.41× 247.20 176.56 1.40× 32.70 50.19 3.93 5.49\n" +
		"2 1.93 1.35 1.43× 493.44 344.84 1.43× 23.66 29.98 3.97 5.70\n" +
		"4 3.69 2.66 1.39× 944.44 682.14 1.38× 28.80 34.04 4.14 5.75\n"
	g, ok := wordSpacedTable("t.txt", blockOf(data))
	require.True(t, ok)
	require.Equal(t, []string{"Concurrency", "H100 req/s", "A100 req/s", "req/s比", "H100 tok/s", "A100 tok/s", "tok/s比",
		"H100 TTFT(ms)", "A100 TTFT(ms)", "H100 TPOT(ms)", "A100 TPOT(ms)"}, g.header)
}

func blockOf(s string) []alignedLine {
	var out []alignedLine
	for i, l := range strings.Split(strings.TrimSpace(s), "\n") {
		out = append(out, alignedLine{l, i + 1})
	}
	return out
}

// Synthetic: a flattened table above a console table in one paste: the
// console table is tried first, so the flattened one never pre-empts it.
func TestWordSpacedTableAfterAlignedOnes(t *testing.T) {
	data := "Users Output tok/s Mean TTFT (ms)\n8 300 45\n16 520 61\n\n" +
		"Users   Output tok/s   Mean TTFT (ms)\n8       310            44\n16      530            60\n"
	gs := alignedTables("t.txt", []byte(data))
	require.Equal(t, []string{"8", "310", "44"}, gs[0].rows[0])
	require.Equal(t, []string{"8", "300", "45"}, gs[len(gs)-1].rows[0])
}

// Synthetic: the same table one cell per line, as a browser copies it.
func TestCellPerLineTable(t *testing.T) {
	data := []byte("Scaling Results\nConcurrency\nOutput tok/s\np99 Latency\nStatus\n" +
		"8\n300\n2.50s\nOK\n16\n520\n2.90s\nOK\n32\n640\n4.10s\nPEAK\n")
	require.True(t, Looks(Aligned, "t.txt", data))
	s, err := Read("t.txt", data, Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 520.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 4100.0, *s.Points[2].E2E.P99)
}

// Lines that do not fill whole rows, a row not led by a number, a header
// without a throughput, a column mixing numbers and words: not read.
func TestCellPerLineTableRefusesOddShapes(t *testing.T) {
	for _, data := range []string{
		"Concurrency\nOutput tok/s\n8\n300\n16\n520\n32\n",
		"Concurrency\nOutput tok/s\nfast\n300\nslow\n520\n",
		"Concurrency\np99 Latency\n8\n2.5s\n16\n2.9s\n",
		"Concurrency\nOutput tok/s\np99 Latency\n8\n300\n2.5s\n16\n520\nslow\n",
		"We measured\nthe throughput\n8\n300\n16\n520\n",
	} {
		_, ok := cellPerLineTable("t.txt", blockOf(data))
		require.False(t, ok, data)
	}
}
