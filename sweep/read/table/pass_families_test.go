package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The families pass, on a synthetic table: a median and a mean of the
// throughput close together are one family, read by its mean (the runs'
// tokens over their time), the median named as not read; far apart, they are refused by name, since which one
// is the level's value changes the answer.
func TestFamiliesPass(t *testing.T) {
	header := []string{"Concurrency", "Output tok/s mean", "Output tok/s median", "TTFT p50 (ms)"}
	g := synthetic(header, "",
		[]string{"1", "100.5", "100.1", "20"},
		[]string{"8", "701.0", "700.2", "40"})
	r, err := throughPass(t, g, Meta{}, 1)
	require.NoError(t, err)
	require.Equal(t, colThroughput, colNamed(t, r, "Output tok/s mean").kind)
	median := colNamed(t, r, "Output tok/s median")
	require.NotEqual(t, colThroughput, median.kind, "one statistic of the family is read")
	require.Equal(t, `the median of throughput; "Output tok/s mean" is read`, median.why)
	require.Contains(t, strings.Join(r.notes, "\n"), `throughput read from "Output tok/s mean", the mean of its family ("Output tok/s median" not read)`)

	far := synthetic(header, "",
		[]string{"1", "100.5", "50.1", "20"},
		[]string{"8", "701.0", "350.2", "40"})
	r, err = throughPass(t, far, Meta{}, 1)
	require.NoError(t, err, "a median far below the mean is one over time of a per-second rate: the mean is the run's rate")
	require.Equal(t, colThroughput, colNamed(t, r, "Output tok/s mean").kind)
	require.Equal(t, colIgnore, colNamed(t, r, "Output tok/s median").kind)
	require.Contains(t, strings.Join(r.notes, "\n"), `"Output tok/s mean" read as the throughput: a run's tokens over its duration is a mean rate`)

	// Synthetic: a median far above the mean (repeats, one of them low) is
	// no such thing, and stays refused.
	above := synthetic(header, "",
		[]string{"1", "50.1", "100.5", "20"},
		[]string{"8", "350.2", "701.0", "40"})
	_, err = throughPass(t, above, Meta{}, 1)
	require.ErrorContains(t, err, `"Output tok/s median" (100.5) and "Output tok/s mean" (50.1) are the median and the mean of one throughput but differ by more than 25%`)
}

// "Overall tok/s" beside a generation rate is input + output; alone it is
// the node's output throughput.
func TestOverallRateByWhatStandsBeside(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Workers", "Generation t/s", "Overall t/s"},
		rows: [][]string{{"1", "85", "88"}, {"2", "96", "99"}}, lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colThroughput, r.cols[1].kind)
	require.Equal(t, colOtherTokRate, r.cols[2].kind)

	g = grid{file: "t.md", header: []string{"Workers", "Overall throughput (tok/s)"},
		rows: [][]string{{"1", "85"}, {"2", "96"}}, lines: []int{3, 4}}
	r, err = resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colThroughput, r.cols[1].kind)
	require.Contains(t, r.notes, `t.md: "Overall throughput (tok/s)" read as the node's output tok/s: the table has no other token rate`)
}
