package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Rules from batch am's misses (measured once, then folded into the
// corpus). Each test is synthetic, written for its rule.

// Input and output tokens named together and summed are a total rate, not
// an input one.
func TestInputPlusOutputIsTotal(t *testing.T) {
	for _, h := range []string{"total input-plus-output tokens per second", "Input and output tok/s", "输入与输出总吞吐（tok/s）"} {
		c := classify(h)
		require.Equal(t, colOtherTokRate, c.kind, h)
		require.Equal(t, "total", c.flavor, h)
	}
	require.Equal(t, "", classify("Input tok/s").flavor)
}

// A transposed table of workloads may write its rate unit in the first
// cell only ("48 tok/s | 177 | 602").
func TestUnitInFirstCellNamesTheRows(t *testing.T) {
	md := "| Workload | c=1 | c=4 | c=16 | c=64 |\n|---|---:|---:|---:|---:|\n" +
		"| 1K/1K | 48 tok/s | 177 | 602 | 1478 |\n| 8K/1K | 46.4 | 162 | 483 | 943 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "8K/1K"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 943.0, s.Points[3].ThroughputTokS)
	md = "| Workload | c=1 | c=4 | c=16 |\n|---|---:|---:|---:|\n| 1K/1K | 48 tok/s | 177 ms | 602 |\n| 8K/1K | 46.4 | 162 | 483 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{Series: "8K/1K"})
	require.Error(t, err, "a cell in ms beside one in tok/s: no one unit")
}

// One row of values under a header of levels alone reads as the metric
// the heading names.
func TestLevelsOnlyHeaderTakesTheHeadingsMetric(t *testing.T) {
	md := "## Concurrency sweep (aggregate tok/s)\n\n| c=1 | c=4 | c=8 | c=16 |\n|---:|---:|---:|---:|\n| 5.4 | 21.2 | 42.2 | 83.0 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 16.0, s.Points[3].Concurrency)
	require.Equal(t, 83.0, s.Points[3].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md:3: the header names only levels and the row no metric: its values read as "Concurrency sweep (aggregate tok/s)"`)
	_, err = Read("t.md", []byte("## Results\n\n| 2023 | 2024 | 2025 |\n|---|---|---|\n| 5.4 | 21.2 | 42.2 |\n"), Markdown, Meta{})
	require.Error(t, err, "bare numbers name no load")
}

// A corner naming the metric over level cells ("c=1") and run columns,
// one of which starts with a load's letter ("C Uns·b12x").
func TestCornerMetricOverLevelCells(t *testing.T) {
	md := "| aggregate tok/s | A NV·marlin | B Uns·marlin | C Uns·b12x |\n|---|---:|---:|---:|\n" +
		"| c=1 | 78.4 | 60.0 | 64.5 |\n| c=4 | 116.3 | 111.4 | 114.7 |\n| c=8 | 136.9 | 130.5 | 136.8 |\n" +
		"| c=12 | 148.5 | 142.2 | 147.6 |\n| TTFT c=1 (s) | 2.06 | 2.11 | 1.95 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "C Uns·b12x"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 12.0, s.Points[3].Concurrency)
	require.Equal(t, 147.6, s.Points[3].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `rows naming no level not read: "TTFT c=1 (s)"`)
}

// "por agente" is one agent's rate; a device named before an aggregate
// rate says where the run ran, not that the rate is per GPU.
func TestPerAgentAndDeviceLabel(t *testing.T) {
	require.Equal(t, colPerUser, classify("por agente tok/s").kind)
	require.Equal(t, colThroughput, classify("9B (GPU) agregado tok/s").kind)
	require.Equal(t, colThroughputPerGPU, classify("aggregate tok/s/GPU").kind)
	require.Equal(t, colThroughputPerGPU, classify("tok/s per GPU").kind)
}

// A notebook's print sets the level with "=" and names the result with
// ":" after it ("Batch_size=4, throughput: 56.40 tok/s").
func TestNotebookLevelThenColonResult(t *testing.T) {
	require.Equal(t, [][2]string{{"Batch_size", "4"}, {"throughput", "56.40tok/s"}}, inlinePairs("Batch_size=4, throughput: 56.40 tok/s"))
	require.Nil(t, inlinePairs("Batch_size=4, see the chart: 3 lines"))
	txt := "Batch_size=1, time: 16.58s\nBatch_size=2, time: 17.67s\nBatch_size=4, time: 18.16s\n\n" +
		"Batch_size=1, throughput: 15.44 tok/s\nBatch_size=2, throughput: 28.97 tok/s\nBatch_size=4, throughput: 56.40 tok/s\n"
	s, err := Read("t.txt", []byte(txt), BenchText, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4.0, s.Points[2].Concurrency)
	require.Equal(t, 56.40, s.Points[2].ThroughputTokS)
}

// Two load candidates: the one whose levels times one stream's rate make
// the node's is the load ("--parallel"), whatever the other's words
// ("--threads", a load word) and however it runs.
func TestStreamsTimesLoadPicksTheLoad(t *testing.T) {
	md := "| --parallel | --threads | per-stream t/s | aggregate t/s |\n|---:|---:|---:|---:|\n" +
		"| 1 | 32 | 13.22 | 13.22 |\n| 1 | 16 | 14.09 | 14.09 |\n| 1 | 8 | 14.25 | 14.25 |\n" +
		"| 2 | 32 | 10.23 | 20.46 |\n| 2 | 16 | 11.05 | 22.10 |\n" +
		"| 4 | 32 | 7.67 | 30.46 |\n| 4 | 16 | 7.73 | 30.88 |\n| 4 | 8 | 7.38 | 29.37 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "16"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, []float64{1, 2, 4}, []float64{s.Points[0].Concurrency, s.Points[1].Concurrency, s.Points[2].Concurrency})
	require.Equal(t, 30.88, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `"--threads" is not read as the load: on every row the node's rate is one stream's times "--parallel"`)
}

// A load column knee has no word for ("K", "par", "Mode" of "B=4") is read
// as the load when the node's rate is one stream's times its levels on
// every row.
func TestLoadNamedByStreamsPhysics(t *testing.T) {
	md := "| K | Wall (s) | Aggregate t/s | Per-request t/s |\n|---|---|---|---|\n" +
		"| 1 (first) | 6.18 | 32.38 | 34.89 |\n| 2 | 9.33 | 42.85 | 22.65 |\n| 4 | 14.32 | 55.88 | 14.87 |\n| 8 | 22.27 | 71.84 | 9.40 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 8.0, s.Points[3].Concurrency)
	require.Equal(t, 71.84, s.Points[3].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md:1: "K" read as the concurrency: on every row "Aggregate t/s" is "Per-request t/s" times it`)

	md = "| Mode | tok/s total | tok/s/user |\n|---|---:|---:|\n| B=1 | 26.1 | 26.1 |\n| B=4 | 61.5 | 15.4 |\n| B=8 | 71.7 | 9.0 |\n| B=16 | 70.7 | 4.4 |\n"
	s, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 16.0, s.Points[3].Concurrency)

	// A column of counts that do not multiply out is no load.
	md = "| Run | Aggregate t/s | Per-request t/s |\n|---|---|---|\n| 1 | 32.38 | 34.89 |\n| 2 | 42.85 | 22.65 |\n| 3 | 55.88 | 14.87 |\n"
	_, err = Read("t.md", []byte(md), Markdown, Meta{})
	require.Error(t, err)
}

// A column that is another divided among the streams (ctx/slot =
// --ctx-size ÷ --parallel) keys no curve: the curves are the settings it
// divides, and two rows of one level at different --ctx-size stay apart.
func TestShareOfAColumnKeysNoCurve(t *testing.T) {
	md := "| --parallel | --threads | --ctx-size | ctx/slot | per-stream t/s | aggregate t/s |\n|---:|---:|---:|---:|---:|---:|\n" +
		"| 1 | 32 | 65536 | 65536 | 13.22 | 13.22 |\n| 1 | 16 | 65536 | 65536 | 14.09 | 14.09 |\n" +
		"| 2 | 32 | 65536 | 32768 | 10.23 | 20.46 |\n| 2 | 16 | 65536 | 32768 | 11.05 | 22.10 |\n" +
		"| 4 | 32 | 65536 | 16384 | 7.67 | 30.46 |\n| 4 | 16 | 65536 | 16384 | 7.73 | 30.88 |\n" +
		"| 4 | 32 | **131072** | **32768** | 7.66 | 30.52 |\n"
	g := markdownTables("t.md", []byte(md))[0]
	require.True(t, shareOfColumn(g, 3, 0))
	require.False(t, shareOfColumn(g, 2, 0))
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "32 / 65536"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 30.46, s.Points[2].ThroughputTokS)
}

// A console table takes the lines above it as its context, as a markdown
// table does: "median latencies" there names the statistic of a bare
// "TTFT (ms)".
func TestAlignedTableReadsTheProseAbove(t *testing.T) {
	txt := "E2E bench_serving (random, input 8192 / output 1024, median latencies):\n\n" +
		"concurrency  total tok/s  TTFT (ms)\n" +
		"2            938          936\n4            1702         1783\n8            2837         2911\n16           4309         5185\n"
	s, err := Read("t.txt", []byte(txt), Aligned, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.NotNil(t, s.Points[3].TTFT.P50)
	require.Equal(t, 5185.0, *s.Points[3].TTFT.P50)
	require.Nil(t, s.Points[3].TTFT.Mean)
}

// Under a header naming no measure ("shape"), "1k -> 256" is one label (an
// input and an output length), not a value before and after: rows of one
// level with different shapes stay curves apart.
func TestArrowUnderALabelIsOneLabel(t *testing.T) {
	md := "| concurrency | shape | output tok/s |\n|---|---|---|\n" +
		"| 1 | 1k -> 256 | 159 |\n| 8 | 1k -> 256 | 1,185 |\n| 32 | 1k -> 256 | 4,136 |\n| 8 | 32k -> 512 | 593 |\n| 32 | 512 -> 4k | 4,797 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "1k -> 256"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 4136.0, s.Points[2].ThroughputTokS)
	require.True(t, labelHeader(classify("shape")))
	require.False(t, labelHeader(classify("total tok/s")))
}
