package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: an offline run with every request queued at once, swept over
// the engine's cap on sequences in flight. With no other load column the
// cap is the load, whatever the engine calls it.
func TestEngineCapAloneIsTheLoad(t *testing.T) {
	for _, header := range []string{"max_num_seqs", "max-running-requests", "--max-num-seqs", "Max seqs", "max_batch_size", "-np", "--parallel", "batch size"} {
		g := grid{file: "t.md", header: []string{header, "output tok/s", "step ms"},
			rows:  [][]string{{"1", "20.0", "40"}, {"4", "52.0", "61"}, {"8", "70.0", "85"}, {"16", "81.0", "140"}},
			lines: []int{5, 6, 7, 8}}
		s, err := tableToSweep(g, Meta{})
		require.NoError(t, err, header)
		require.Len(t, s.Points, 4, header)
		require.Equal(t, 16.0, s.Points[3].Concurrency, header)
		require.Equal(t, 81.0, s.Points[3].ThroughputTokS, header)
	}
}

// Simulated: beside a client load, the engine cap is the server's setting
// and names the series; a request length ("max seq len") and a token budget
// ("max_num_batched_tokens") are never a cap on sequences.
func TestEngineCapBesideClientLoadIsASetting(t *testing.T) {
	g := grid{file: "t.md", header: []string{"max_num_seqs", "users", "tok/s"},
		rows:  [][]string{{"8", "1", "30"}, {"8", "4", "90"}, {"8", "8", "120"}, {"8", "16", "121"}},
		lines: []int{5, 6, 7, 8}}
	s, err := tableToSweep(g, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 16.0, s.Points[3].Concurrency)
	require.Equal(t, 121.0, s.Points[3].ThroughputTokS)

	for _, h := range []string{"max seq len", "max_num_batched_tokens", "num seqs"} {
		require.False(t, engineCap(wordset(headerTokens(h))), h)
	}
	require.True(t, engineCap(wordset(headerTokens("max_running_requests"))))
}
