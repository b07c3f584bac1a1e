package read

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a script's JSON summary no native format claims is detected
// as records; Python's bare NaN in a field knee does not read spoils
// nothing; a native vLLM result stays vLLM's.
func TestDetectJSONRecords(t *testing.T) {
	data := []byte(`{"config": {"model": "m"}, "results": [
  {"concurrency": 1, "system_output_throughput": 100.5, "note_value": NaN},
  {"concurrency": 8, "system_output_throughput": 700.25, "note_value": 1}]}`)
	name, err := Detect("summary.json", data)
	require.NoError(t, err)
	require.Equal(t, FormatJSONRecords, name)
	s, err := readData("summary.json", data, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 700.25, s.Points[1].ThroughputTokS)

	name, err = Detect("r.json", []byte(`{"output_throughput": 100, "mean_ttft_ms": 4, "results": [{"concurrency": 1, "output_throughput": 1}, {"concurrency": 2, "output_throughput": 2}]}`))
	require.NoError(t, err)
	require.Equal(t, FormatVLLM, name)
}

// A JSON summary with no list of records says the shape knee would read.
func TestUnknownJSONNamesRecords(t *testing.T) {
	_, err := Detect("x.json", []byte(`{"results": [{"id": 1, "latency": 3}, {"id": 2, "latency": 4}]}`))
	require.ErrorContains(t, err, "a list of level records")
}

// Synthetic: JSON Lines of level records (a script's --save-result
// appended per run) fail to decode as one object and are detected as
// records, not refused as malformed JSON; an input past the records
// reader's bound is not read whole.
func TestDetectJSONLinesRecords(t *testing.T) {
	data := []byte("{\"concurrency\": 1, \"output_throughput\": 100}\n{\"concurrency\": 8, \"output_throughput\": 700}\n")
	name, err := Detect("results.jsonl", data)
	require.NoError(t, err)
	require.Equal(t, FormatJSONRecords, name)
	s, err := readData("results.jsonl", data, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)

	big := append(bytes.Repeat([]byte("{\"concurrency\": 1, \"output_throughput\": 100}\n"), 400000), data...)
	_, err = Detect("results.jsonl", big)
	require.Error(t, err)
}
