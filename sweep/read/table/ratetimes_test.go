package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// batchedBench is a llama-batched-bench table: 128 prompt and 32 generated
// tokens per sequence, B sequences; S_TG is B × TG / T_TG, S is N_KV / T.
func batchedBench(sTG, s [3]string) grid {
	return grid{file: "t.md", header: []string{"PP", "TG", "B", "N_KV", "T_TG s", "S_TG t/s", "T s", "S t/s"},
		rows: [][]string{
			{"128", "32", "1", "160", "0.400", sTG[0], "0.500", s[0]},
			{"128", "32", "2", "320", "0.500", sTG[1], "0.700", s[1]},
			{"128", "32", "4", "640", "0.640", sTG[2], "1.000", s[2]},
		},
		lines: []int{3, 4, 5}}
}

// Synthetic: the rate whose tokens over its time are B × TG is the output
// rate; the one whose tokens are N_KV (prompt included) is a total.
func TestOutputRateByTimeBatchedBench(t *testing.T) {
	g := batchedBench([3]string{"80.00", "128.00", "200.00"}, [3]string{"320.00", "457.14", "640.00"})
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colThroughput, r.cols[5].kind)
	require.Equal(t, colOtherTokRate, r.cols[7].kind)
}

// Synthetic: the same table under other headers ("gen rate", "total
// rate") reads the same way: the physics, not llama.cpp's names, decide.
func TestOutputRateByTimeOtherHeaders(t *testing.T) {
	g := batchedBench([3]string{"80.00", "128.00", "200.00"}, [3]string{"320.00", "457.14", "640.00"})
	g.header = []string{"prompt", "gen", "batch", "kv tokens", "gen time (s)", "gen tok/s", "time (s)", "throughput (tok/s)"}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colThroughput, r.cols[5].kind)
	require.Equal(t, colOtherTokRate, r.cols[7].kind)
}

// Synthetic: when the second rate × its time is no printed count (it
// matches nothing the table holds), nothing is settled: still refused.
func TestOutputRateByTimeNeedsTheCount(t *testing.T) {
	g := batchedBench([3]string{"80.00", "128.00", "200.00"}, [3]string{"300.00", "400.00", "500.00"})
	_, err := resolveColumns(g, nil, 0, Meta{})
	require.ErrorContains(t, err, "both read as throughput")
}

// Synthetic: when neither rate × a time is the load's generated tokens,
// nothing is settled either.
func TestOutputRateByTimeNeedsTheOutput(t *testing.T) {
	g := batchedBench([3]string{"70.00", "100.00", "150.00"}, [3]string{"320.00", "457.14", "640.00"})
	_, err := resolveColumns(g, nil, 0, Meta{})
	require.ErrorContains(t, err, "both read as throughput")
}
