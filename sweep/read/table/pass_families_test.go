package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The families pass, on a synthetic table: a median and a mean of the
// throughput close together are one family, read by its median, the mean
// named as not read; far apart, they are refused by name, since which one
// is the level's value changes the answer.
func TestFamiliesPass(t *testing.T) {
	header := []string{"Concurrency", "Output tok/s mean", "Output tok/s median", "TTFT p50 (ms)"}
	g := synthetic(header, "",
		[]string{"1", "100.5", "100.1", "20"},
		[]string{"8", "701.0", "700.2", "40"})
	r, err := throughPass(t, g, Meta{}, 1)
	require.NoError(t, err)
	require.Equal(t, colThroughput, colNamed(t, r, "Output tok/s median").kind)
	mean := colNamed(t, r, "Output tok/s mean")
	require.NotEqual(t, colThroughput, mean.kind, "one statistic of the family is read")
	require.Equal(t, `the mean of throughput; "Output tok/s median" is read`, mean.why)
	require.Contains(t, strings.Join(r.notes, "\n"), `throughput read from "Output tok/s median", the median of its family ("Output tok/s mean" not read)`)

	far := synthetic(header, "",
		[]string{"1", "100.5", "50.1", "20"},
		[]string{"8", "701.0", "350.2", "40"})
	_, err = throughPass(t, far, Meta{}, 1)
	require.ErrorContains(t, err, `"Output tok/s median" (50.1) and "Output tok/s mean" (100.5) are the median and the mean of one throughput but differ by more than 25%`)
}
