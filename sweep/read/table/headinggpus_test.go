package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated tables of per-GPU throughput whose GPU count is stated only
// above them.
func TestGPUCountFromTheHeading(t *testing.T) {
	rows := "| concurrency | tok/s/GPU | TTFT p50 (ms) |\n|---|---|---|\n| 8 | 100 | 50 |\n| 32 | 350 | 80 |\n| 64 | 500 | 200 |\n"
	for _, c := range []struct{ above, phrase string }{
		{"## Results on 8×H100\n\n", "8×H100"},
		{"## Results\n\nServed with vLLM on 8 GPUs (one node).\n\n", "8 GPUs"},
		{"### DeepSeek, TP=8\n\n", "TP=8"},
	} {
		s, err := Read("t.md", []byte(c.above+rows), Markdown, Meta{})
		require.NoError(t, err, c.above)
		require.Equal(t, 8, s.GPUs)
		require.Equal(t, 4000.0, s.Points[2].ThroughputTokS)
		require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: --gpus 8 from the text above the table ("`+c.phrase+`"): its figures are per GPU`)
	}

	// Two different counts: --gpus decides, as with none.
	_, err := Read("t.md", []byte("## 8×H100 vs 4×H100\n\n"+rows), Markdown, Meta{})
	require.ErrorContains(t, err, "pass --gpus N")
	_, err = Read("t.md", []byte("## Results\n\n"+rows), Markdown, Meta{})
	require.ErrorContains(t, err, "pass --gpus N")

	// --gpus wins over the heading, and a table with node throughput
	// needs no count.
	s, err := Read("t.md", []byte("## Results on 8×H100\n\n"+rows), Markdown, Meta{GPUs: 4})
	require.NoError(t, err)
	require.Equal(t, 2000.0, s.Points[2].ThroughputTokS)
	node := "## Results on 8×H100\n\n| concurrency | tok/s | TTFT p50 (ms) |\n|---|---|---|\n| 8 | 100 | 50 |\n| 32 | 350 | 80 |\n"
	s, err = Read("t.md", []byte(node), Markdown, Meta{})
	require.NoError(t, err)
	require.NotContains(t, strings.Join(s.Notes, "\n"), "--gpus 8")
}

// Simulated: a transposed table (one row per metric, one column per level)
// keeps the text above it once turned, so its per-GPU figures take the
// count its heading states.
func TestGPUCountAboveATransposedTable(t *testing.T) {
	doc := "### Sweep (1k/1k, TP8)\n\n| Metric | conc=8 | conc=16 | conc=32 |\n|---|---|---|---|\n" +
		"| Output tput/GPU (tok/s) | 50.0 | 90.0 | 120.0 |\n| Mean TTFT (ms) | 200 | 250 | 400 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 8, s.GPUs)
	require.Equal(t, []float64{400, 720, 960}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Contains(t, strings.Join(s.Notes, "\n"), `--gpus 8 from the text above the table ("TP8")`)
}

// Simulated: a per-GPU column defined as a total over the count, on a line
// that names GPUs, states the count.
func TestGPUCountFromADivision(t *testing.T) {
	rows := "| concurrency | tok/s/GPU | TTFT p50 (ms) |\n|---|---|---|\n| 1 | 100 | 50 |\n| 2 | 180 | 60 |\n| 4 | 300 | 90 |\n"
	for _, c := range []struct{ above, phrase string }{
		{"`tok/s/GPU` = the harness's `Total Throughput (tok/s)` / 16.\n\n", "/ 16"},
		{"Per-GPU figures: we divide the total by 16 for tok/s/GPU.\n\n", "divide the total by 16"},
		{"tok/s per GPU is the node's rate divided by 16.\n\n", "divided by 16"},
	} {
		s, err := Read("t.md", []byte(c.above+rows), Markdown, Meta{})
		require.NoError(t, err, c.above)
		require.Equal(t, 16, s.GPUs, c.above)
		require.Equal(t, 4800.0, s.Points[2].ThroughputTokS)
		require.Contains(t, strings.Join(s.Notes, "\n"), `("`+c.phrase+`")`)
	}
	// A slash on a line that names no per-GPU figure is no count (ISL/OSL
	// 1024 / 128), nor one followed by a unit.
	for _, above := range []string{"Input 1024 / 128 output tokens.\n\n", "tok/s/GPU at GPU memory 70 / 80 GB used.\n\n"} {
		_, err := Read("t.md", []byte(above+rows), Markdown, Meta{})
		require.ErrorContains(t, err, "pass --gpus N", above)
	}
}

// Simulated: every line since the table before this one describes it, and
// two different counts there are a choice for --gpus; a count above an
// earlier table describes that table only.
func TestGPUCountSinceThePreviousTable(t *testing.T) {
	rows := "| concurrency | tok/s/GPU | TTFT p50 (ms) |\n|---|---|---|\n| 8 | 100 | 50 |\n| 32 | 350 | 80 |\n| 64 | 500 | 200 |\n"
	conflict := "**Config:** TP=8, H200\n\n---\n\n### Results\n\nsome prose\n\nmore prose\n\nstill more\n\n### Results (2× A100)\n\n"
	_, err := Read("t.md", []byte(conflict+rows), Markdown, Meta{})
	require.ErrorContains(t, err, "pass --gpus N")

	two := "## A on 4 GPUs\n\n" + rows + "\n## B\n\nServed on 8×H100.\n\n" + rows
	s, err := Read("t.md", []byte(two), Markdown, Meta{Series: "B"})
	require.NoError(t, err)
	require.Equal(t, 8, s.GPUs)
}

// Simulated: a total printed beside the per-GPU rate that is, row for row,
// one whole multiple of it is the count the table divided by; a count the
// text states otherwise is not taken. The total, the same rate over the
// node, is its throughput (totalovergpus.go), and the GPU count stays
// unknown.
func TestGPUCountTheTableContradicts(t *testing.T) {
	doc := "| Concurrency | Total TPS | TPS/GPU | TTFT (avg) |\n|---|---|---|---|\n" +
		"| 10 | 3,045 | 1,522 | 250 ms |\n| 50 | 12,890 | 6,445 | 270 ms |\n| 100 | 22,521 | 11,261 | 347 ms |\n" +
		"\n**Hardware**: 8 replicas on 8 GPUs (so we divide Total TPS by 8 for TPS/GPU)\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 0, s.GPUs)
	require.Equal(t, []float64{3045, 12890, 22521}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS, s.Points[2].ThroughputTokS})
	require.Equal(t, 1522.0, *s.Points[0].ThroughputPerGPU)
	require.Contains(t, strings.Join(s.Notes, "\n"), `t.md: "Total TPS" is 2 × "TPS/GPU" on every row: the node's total of that rate, read as the throughput, "TPS/GPU" as its share per GPU`)
	_, err = Read("t.md", []byte(doc), Markdown, Meta{GPUs: 8})
	require.ErrorContains(t, err, "the GPU count or one of the two columns is wrong")

	g := grid{header: []string{"c", "total", "per"}, rows: [][]string{{"1", "800", "100"}, {"2", "1,600", "200"}}}
	cols := []column{{kind: colConcurrency}, {kind: colOtherTokRate}, {kind: colThroughputPerGPU}}
	require.Equal(t, 8, wholeMultipleOfPerGPU(g, cols))
	g.rows[1][1] = "1,500"
	require.Equal(t, 0, wholeMultipleOfPerGPU(g, cols))
}

// Simulated: a tensor-parallel column of one value states the count; one
// that varies, or one beside a data-parallel column, states none.
func TestGPUCountFromATPColumn(t *testing.T) {
	doc := "| TP | concurrency | tok/s/GPU | TTFT p50 (ms) |\n|---|---|---|---|\n| 4 | 8 | 100 | 50 |\n| 4 | 32 | 350 | 80 |\n| 4 | 64 | 500 | 200 |\n"
	s, err := Read("t.md", []byte(doc), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 4, s.GPUs)
	require.Equal(t, 2000.0, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `--gpus 4 from the table's tensor-parallel column ("TP = 4 on every row")`)

	_, err = Read("t.md", []byte("## Results on 8×H100\n\n"+doc), Markdown, Meta{})
	require.ErrorContains(t, err, "pass --gpus N")
	dp := "| TP | DP | concurrency | tok/s/GPU |\n|---|---|---|---|\n| 4 | 2 | 8 | 100 |\n| 4 | 2 | 32 | 350 |\n"
	_, err = Read("t.md", []byte(dp), Markdown, Meta{})
	require.ErrorContains(t, err, "pass --gpus N")
	g := grid{header: []string{"tp_size", "c"}, rows: [][]string{{"2", "1"}, {"4", "2"}}}
	n, _ := tpColumnGPUs(g)
	require.Equal(t, 0, n)
}

// Synthetic: more ways the text states the node's count: "2×GPU",
// "Tensor Parallel (TP) - 2 GPUs", "8x MI300X", "TP8" on one node.
func TestGPUCountMorePhrases(t *testing.T) {
	rows := "| concurrency | tok/s/GPU | TTFT p50 (ms) |\n|---|---|---|\n| 1 | 100 | 50 |\n| 2 | 180 | 60 |\n| 4 | 300 | 90 |\n"
	for _, c := range []struct {
		above, phrase string
		n             int
	}{
		{"## Setup: 2×GPU, vLLM\n\n", "2×GPU", 2},
		{"- Tensor Parallel (TP) - 2 GPUs\n\n", "2 GPUs", 2},
		{"## Results, 8x MI300X\n\n", "8x MI300X", 8},
		{"Served with TP8 on one node.\n\n", "TP8", 8},
	} {
		s, err := Read("t.md", []byte(c.above+rows), Markdown, Meta{})
		require.NoError(t, err, c.above)
		require.Equal(t, c.n, s.GPUs, c.above)
		require.Equal(t, 300.0*float64(c.n), s.Points[2].ThroughputTokS)
		require.Contains(t, strings.Join(s.Notes, "\n"), `from the text above the table ("`+c.phrase+`")`)
	}
	// TP8 beside data parallelism or a second node is not the node's count.
	for _, above := range []string{"Served with TP8, DP2.\n\n", "TP=8 across 2 nodes.\n\n"} {
		_, err := Read("t.md", []byte(above+rows), Markdown, Meta{})
		require.ErrorContains(t, err, "pass --gpus N", above)
	}
}

// Synthetic: a PR description whose setup section follows its one table
// ("Hardware: AMD Instinct MI300X (8× 192 GB)") states the count for it
// when nothing above does; a count above wins, and two below refuse.
func TestGPUCountBelowTheLastTable(t *testing.T) {
	rows := "| Concurrency | TTFT (ms) | tok/s/gpu |\n|---|---|---|\n| 1 | 585 | 4 |\n| 16 | 338 | 37 |\n| 64 | 634 | 85 |\n"
	env := "\n**Accuracy**: fine\n\n### Test environment\n- Hardware: AMD Instinct MI300X (8× 192 GB)\n- Docker: `img:rocm720-mi30x`\n"
	s, err := Read("t.md", []byte("### Benchmark results\n\n"+rows+env), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 8, s.GPUs)
	require.Equal(t, 680.0, s.Points[2].ThroughputTokS)
	require.Contains(t, strings.Join(s.Notes, "\n"), `--gpus 8 from the text below the table ("MI300X (8× 192 GB)")`)

	s, err = Read("t.md", []byte("### Results on 4 GPUs\n\n"+rows+env), Markdown, Meta{})
	require.NoError(t, err)
	require.Equal(t, 4, s.GPUs)

	_, err = Read("t.md", []byte(rows+env+"- Also ran on 4×H100\n"), Markdown, Meta{})
	require.ErrorContains(t, err, "pass --gpus N")

	// The text after a table that another table follows describes that one.
	two := "## A\n\n" + rows + "\nprose\n\nmore prose\n\n## B on 8×H100\n\n" + rows
	_, err = Read("t.md", []byte(two), Markdown, Meta{Series: "A"})
	require.ErrorContains(t, err, "pass --gpus N")
}
