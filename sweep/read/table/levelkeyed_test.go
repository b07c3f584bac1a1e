package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated: a summary written as json.dump({c: stats}), an object keyed
// by the level each record states again: read as the list of records.
func TestLevelKeyedRecordsRead(t *testing.T) {
	data := []byte(`{"1": {"concurrency": 1, "throughput_token_per_s": 30.4, "first-time-to-token_mean_in_ms": 158.1},
 "8": {"concurrency": 8, "throughput_token_per_s": 187.3, "first-time-to-token_mean_in_ms": 547.7},
 "32": {"concurrency": 32, "throughput_token_per_s": 310.0, "first-time-to-token_mean_in_ms": 2991.1}}`)
	require.True(t, Looks(Records, "t.json", data))
	s, err := Read("t.json", data, Records, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 8.0, s.Points[1].Concurrency)
	require.Equal(t, 187.3, s.Points[1].ThroughputTokS)
	require.Equal(t, 547.7, *s.Points[1].TTFT.Mean)
}

// Simulated: keys that are not the records' own levels (series names, a
// level the record contradicts) say something the rows would lose: not
// read as records.
func TestLevelKeyedRecordsRefusesOtherKeys(t *testing.T) {
	for _, data := range []string{
		`{"vllm": {"concurrency": 1, "output_throughput": 100}, "sglang": {"concurrency": 1, "output_throughput": 120}}`,
		`{"2": {"concurrency": 1, "output_throughput": 100}, "4": {"concurrency": 4, "output_throughput": 380}}`,
		`{"1": {"concurrency": 1, "output_throughput": 100}}`,
	} {
		require.False(t, Looks(Records, "t.json", []byte(data)), data)
	}
}
