package table

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// workloadBlock is a synthetic vLLM result block of n requests of about
// in/out tokens each, with no level of its own.
func workloadBlock(n, in, out int, tokS, ttft string) string {
	return "============ Serving Benchmark Result ============\n" +
		fmt.Sprintf("Successful requests:                     %d\n", n) +
		fmt.Sprintf("Total input tokens:                      %d\n", n*in-1) +
		fmt.Sprintf("Total generated tokens:                  %d\n", n*out) +
		"Output token throughput (tok/s):         " + tokS + "\n" +
		"Mean TTFT (ms):                          " + ttft + "\n" +
		"==================================================\n\n"
}

func lengthsCommand(n, in, out int) string {
	return fmt.Sprintf("python benchmark_serving.py --backend vllm --dataset-name random \\\n--num-prompts %d \\\n--random-input-len %d \\\n--random-output-len %d\n\n", n, in, out)
}

// Blocks of one level whose command lines set different request lengths
// ran different workloads: series, named by the command's workload, never
// repeats averaged into one curve (issue 26, batch o's merged curves).
// Synthetic blocks, ordered by level then workload as the page was.
func TestCommandWorkloadsSplitBlocksOfOneLevel(t *testing.T) {
	var data strings.Builder
	for _, n := range []int{10, 50, 100} {
		data.WriteString(lengthsCommand(n, 1024, 1024) + workloadBlock(n, 1024, 1024, fmt.Sprint(20*n+100), "100"))
		data.WriteString(lengthsCommand(n, 4096, 4096) + workloadBlock(n, 4096, 4096, fmt.Sprint(15*n+100), "400"))
	}
	_, err := readBenchText("t.txt", []byte(data.String()), Meta{})
	require.Error(t, err)
	var amb *ambiguous
	require.True(t, errors.As(err, &amb), "a refusal naming the series: %v", err)
	require.Contains(t, err.Error(), `2 series by "Input/output length": random 1024/1024 (3 rows), random 4096/4096 (3 rows)`)

	s, err := readBenchText("t.txt", []byte(data.String()), Meta{Series: "random 4096/4096"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range []float64{10, 50, 100} {
		require.Equal(t, want, s.Points[i].Concurrency)
		require.Equal(t, 15*want+100, s.Points[i].ThroughputTokS)
		require.Zero(t, s.Points[i].Repeat)
	}
	require.Contains(t, strings.Join(s.Notes, "\n"), "t.txt: the blocks ran 2 workloads (random 1024/1024, random 4096/4096)")
}

// With no command line the blocks' own counts tell the workload: total
// input and generated tokens over the successful requests are its mean
// request lengths. Blocks 4× apart are two workloads; blocks of alike
// lengths (output varies a little with early stops) are one. Synthetic.
func TestRequestLengthsSplitBlocksWithoutCommands(t *testing.T) {
	level := func(c int) string { return fmt.Sprintf("Maximum request concurrency: %d\n", c) }
	data := level(10) + workloadBlock(10, 1024, 1024, "200", "100") + level(10) + workloadBlock(10, 4096, 4096, "180", "300") +
		level(50) + workloadBlock(50, 1024, 980, "600", "150") + level(50) + workloadBlock(50, 4096, 4000, "500", "900")
	_, err := readBenchText("t.txt", []byte(data), Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `1024/1024 tokens per request (2 rows), 4096/4096 tokens per request (2 rows)`)

	s, err := readBenchText("t.txt", []byte(data), Meta{Series: "1024/1024 tokens per request"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, []float64{200, 600}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS})
}

// One command pasted above a script's blocks names them all when their
// lengths agree with it; blocks of one workload at distinct levels get no
// workload column at all; a block whose workload cannot be told beside
// blocks whose workloads differ is a series of its own. Synthetic.
func TestWorkloadsOnlyWhereTheyDiffer(t *testing.T) {
	once := lengthsCommand(10, 512, 128) + workloadBlock(10, 512, 128, "200", "50") + workloadBlock(20, 512, 130, "380", "60")
	g, ok := benchBlocks("t.txt", []byte(once))
	require.True(t, ok)
	require.NotContains(t, g.header, benchWorkloadKey)

	same := lengthsCommand(10, 512, 128) + workloadBlock(10, 512, 128, "200", "50") + lengthsCommand(10, 512, 128) + workloadBlock(10, 512, 128, "210", "52")
	g, ok = benchBlocks("t.txt", []byte(same))
	require.True(t, ok)
	require.NotContains(t, g.header, benchWorkloadKey, "true repeats of one workload stay repeats")

	untold := "Maximum request concurrency: 8\n" + strings.Replace(workloadBlock(8, 1, 1, "100", "10"), "Total input tokens", "Input tokens", 1)
	mixed := lengthsCommand(8, 1024, 1024) + workloadBlock(8, 1024, 1024, "200", "50") + lengthsCommand(8, 4096, 4096) + workloadBlock(8, 4096, 4096, "150", "90") + untold
	g, ok = benchBlocks("t.txt", []byte(mixed))
	require.True(t, ok)
	j := indexOfHeader(g.header, benchWorkloadKey)
	require.GreaterOrEqual(t, j, 0)
	require.Equal(t, []string{"random 1024/1024", "random 4096/4096", workloadNotStated}, []string{g.rows[0][j], g.rows[1][j], g.rows[2][j]})
}

func indexOfHeader(header []string, h string) int {
	for i, x := range header {
		if x == h {
			return i
		}
	}
	return -1
}

// Blocks under different headings are told apart by them when no command
// line says their workload: one level under "### 1024/1024" and under
// "### 4096/4096" is two series. Blocks under one heading take none.
// Synthetic.
func TestHeadingsNameTheBlocksUnderThem(t *testing.T) {
	level := func(c int) string { return fmt.Sprintf("Maximum request concurrency: %d\n", c) }
	block := func(c int, tokS string) string {
		return level(c) + strings.Replace(benchBlock("inf", tokS, "50.0"), "Maximum request concurrency: None\n", "", 1)
	}
	fence := func(s string) string { return "```\n" + s + "```\n\n" }
	data := "### 1024/1024\n\n" + fence(block(8, "500.0")) + fence(block(16, "900.0")) + "### 4096/4096\n\n" + fence(block(8, "300.0")+block(16, "500.0"))
	_, err := readBenchText("t.md", []byte(data), Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `2 series by "Result title": 1024/1024 (2 rows), 4096/4096 (2 rows)`)
	s, err := readBenchText("t.md", []byte(data), Meta{Series: "4096/4096"})
	require.NoError(t, err)
	require.Equal(t, []float64{300, 500}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS})

	one := "## Results\n\n" + fence(block(8, "500.0")+block(16, "900.0"))
	g, ok := benchBlocks("t.md", []byte(one))
	require.True(t, ok)
	require.NotContains(t, g.header, benchTitleKey)

	comments := "```\n# run 1\n" + block(8, "500.0") + "# run 2\n" + block(8, "510.0") + "```\n"
	g, ok = benchBlocks("t.md", []byte(comments))
	require.True(t, ok)
	require.NotContains(t, g.header, benchTitleKey, "a # line inside a fence is a comment, not a heading")
}
