package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from the misses of held-out batch bg (written after its one
// measurement). Synthetic numbers.

// A dot between one to three digits and three more, in a column of whole
// numbers in the hundreds, groups thousands ("1.149" after 749), even in a
// table that writes decimal points elsewhere ("0.15").
func TestThousandsDotAmongWholeNumbers(t *testing.T) {
	md := "| Concorrência | Tok/s agregado | Pares/seg |\n|---|---|---|\n| 16 | 250 | 0.15 |\n| 32 | 750 | 0.41 |\n| 48 | 1.150 | 0.64 |\n| 64 | 1.750 | 1.06 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{250, 750, 1150, 1750}, throughputs(s))
	require.Contains(t, s.Notes, `t.md: "Tok/s agregado" writes "1.150" among whole numbers in the hundreds: its dot groups thousands`)
	// Decimals written to three places throughout are decimals.
	md = "| Concurrency | Output tok/s |\n|---|---|\n| 1 | 1.125 |\n| 2 | 2.250 |\n| 4 | 4.375 |\n"
	s, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1.125, 2.25, 4.375}, throughputs(s))
	// A dotted value near its whole neighbours is a decimal.
	g := grid{header: []string{"tok/s"}, rows: [][]string{{"120"}, {"95.125"}}}
	_, ok := thousandsDotColumn(g, 0)
	require.False(t, ok)
}

// Beside a column the table calls the concurrency, threads or processes
// are the compute serving it; a batch size that moves with the load inside
// each thread configuration is the load's other face, not a curve: the
// curves are the configurations.
func TestNamedConcurrencyOverThreads(t *testing.T) {
	csv := "n_proc,n_threads,batch_size,tg_throughput_tps,concurrency\n" +
		"8,10,1,48,8\n4,20,1,45,4\n8,10,2,80,16\n4,20,2,70,8\n8,10,4,120,32\n4,20,4,100,16\n"
	_, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"8", "4"}, CurveNames(err), "the processes name the configurations")
	s, err := Read("t.csv", []byte(csv), CSV, Meta{Series: "4"})
	require.NoError(t, err)
	require.Equal(t, []float64{4, 8, 16}, concurrencies(s))
	require.Equal(t, []float64{45, 70, 100}, throughputs(s))
	require.True(t, namesProxyLoad("n_threads"))
	require.False(t, namesProxyLoad("concurrency"))
}

// A section title whose closing bracket is a rate with its unit names the
// cells of the columns under it that name none ("Batch scaling of decode
// (aggregate t/s)"); a cell that says its level crashed is no text that
// makes the column a label.
func TestBracketMetricAndCrashedCells(t *testing.T) {
	require.Equal(t, "aggregate t/s", bracketMetric("2. Batch scaling of decode (aggregate t/s)"))
	require.Equal(t, "", bracketMetric("Results (8x H100)"))
	require.Equal(t, "", bracketMetric("Throughput (higher is better) on H100"))
	md := "## Batch scaling of decode (aggregate t/s)\n\n| B | small-1b | big-2b |\n|---|---|---|\n" +
		"| 1 | 130 | 80 |\n| 2 | 220 | 150 |\n| 4 | 260 | 180 |\n| 8 | **CRASH** | 190 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"small-1b", "big-2b"}, CurveNames(err))
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "big-2b"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{80, 150, 180, 190}, throughputs(s))
	require.True(t, failedCell("**CRASH**"))
}

// A "throughput vs concurrent requests" title names the column headed by
// the axis's last word ("Requests") as the load.
func TestTitleNamesLoadAxis(t *testing.T) {
	md := "**Metal - Throughput vs Concurrent Requests**\n| Requests | Tok/sec | Efficiency |\n|---|---|---|\n| 1 | 4.3 | 100% |\n| 2 | 5.5 | 64% |\n| 4 | 6.1 | 35% |\n| 8 | 5.5 | 16% |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4, 8}, concurrencies(s))
	require.Equal(t, []float64{4.3, 5.5, 6.1, 5.5}, throughputs(s))
	// With no such title, a bare count of requests is no load.
	_, err = Read("t.md", []byte(md[strings.Index(md, "\n")+1:]), Markdown, Meta{})
	require.Error(t, err)
}

// A column of fractions whose header is a configuration's name in code
// (`big-conc`) is no load, whatever word its name holds.
func TestCodeNamedFractionsAreNoLoad(t *testing.T) {
	r := &resolved{cols: []column{{kind: colConcurrency, header: "`thor-big-conc`"}, {kind: colConcurrency, header: "`--max-concurrency`"}}}
	r.codeNamedFractions([]int{0})
	require.Equal(t, colIgnore, r.cols[0].kind)
	require.Equal(t, colConcurrency, r.cols[1].kind)
}

// A packed cell may end with the run's memory ("61.6 / 16.2 ms / 5.4
// GiB" under "Full-KV tok/s / TPOT / peak"): that part is set aside, the
// others read as the list names them; a sibling row of the same list that
// writes no units is packed alike, and an OOM level did not run.
func TestPackedCellsWithMemory(t *testing.T) {
	md := "| policy | batch 1 | batch 2 | batch 4 | batch 8 |\n|---|---:|---:|---:|---:|\n" +
		"| Full tok/s / TPOT / peak | 60.0 / 16.0 ms / 5.4 GiB | 100.0 / 19.0 / 8.7 | 120.0 / 32.0 / 15.1 | OOM |\n" +
		"| bounded tok/s / TPOT / peak | 70.0 / 13.0 / 5.9 | 140.0 / 14.0 / 8.6 | 280.0 / 14.0 / 15.0 | OOM |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
	require.ElementsMatch(t, []string{"Full", "bounded"}, CurveNames(err))
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "bounded"})
	require.NoError(t, err)
	require.Equal(t, []float64{1, 2, 4}, concurrencies(s))
	require.Equal(t, []float64{70, 140, 280}, throughputs(s))
}
