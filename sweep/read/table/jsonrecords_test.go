package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a script's summary, its levels a list of objects under
// "results" beside a config block: read as a table, numbers as written.
func TestJSONRecordsReadAsTable(t *testing.T) {
	data := []byte(`{"test_info": {"model": "m", "levels": [1, 8]},
 "results": [
  {"concurrency": 1, "system_output_throughput": 221.20318353876516, "p99_ttft": 40.2, "gpu_info": {"count": 1}},
  {"concurrency": 8, "system_output_throughput": 1274.27, "p99_ttft": 60.5},
  {"concurrency": 32, "system_output_throughput": 1981.6, "p99_ttft": 94.6}
 ]}`)
	require.True(t, Looks(Records, "t.json", data))
	s, err := Read("t.json", data, Records, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 221.20318353876516, s.Points[0].ThroughputTokS)
	require.Equal(t, 60.5, *s.Points[1].TTFT.P99)
	require.Contains(t, s.Notes[0], `records of "results"`)
}

// Synthetic: a top-level list of records is read as well.
func TestJSONRecordsTopLevelList(t *testing.T) {
	data := []byte(`[{"concurrency": 1, "output_throughput": 100}, {"concurrency": 4, "output_throughput": 380}]`)
	s, err := Read("t.json", data, Records, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
}

// Two lists that each read as a sweep, a list without a load or a
// throughput key, a single record: none is read.
func TestJSONRecordsRefusesUnclear(t *testing.T) {
	for _, data := range []string{
		// Two lists keyed apart, or lying apart in the tree: which is the
		// sweep is a choice (side by side with one set of keys, they are
		// curves: TestJSONSiblingListsAreCurves).
		`{"a": [{"concurrency": 1, "output_throughput": 100}, {"concurrency": 4, "output_throughput": 380}],
		  "b": [{"concurrency": 1, "total_throughput": 90}, {"concurrency": 4, "total_throughput": 300}]}`,
		`{"a": [{"concurrency": 1, "output_throughput": 100}, {"concurrency": 4, "output_throughput": 380}],
		  "x": {"b": [{"concurrency": 1, "output_throughput": 90}, {"concurrency": 4, "output_throughput": 300}]}}`,
		`{"runs": [{"id": 1, "output_throughput": 100}, {"id": 2, "output_throughput": 380}]}`,
		`{"runs": [{"concurrency": 1, "latency": 100}, {"concurrency": 4, "latency": 380}]}`,
		`{"runs": [{"concurrency": 1, "output_throughput": 100}]}`,
		`{"runs": [{"concurrency": 1, "output_throughput": 100}, 3]}`,
		`not json`,
	} {
		require.False(t, Looks(Records, "t.json", []byte(data)), data)
	}
}

// Lists side by side under one object with the same keys are one sweep
// per setup: each a curve named by its key.
func TestJSONSiblingListsAreCurves(t *testing.T) {
	data := `{"model": "m", "max_tokens": 100,
	  "vllm": [{"concurrency": 1, "throughput_tok_s": 44.3}, {"concurrency": 4, "throughput_tok_s": 133.8}, {"concurrency": 8, "throughput_tok_s": 251.5}],
	  "hf": [{"concurrency": 1, "throughput_tok_s": 10.6}, {"concurrency": 4, "throughput_tok_s": 10.9}, {"concurrency": 8, "throughput_tok_s": 11.0}]}`
	_, err := Read("t.json", []byte(data), Records, Meta{})
	require.Equal(t, []string{"vllm", "hf"}, CurveNames(err))
	s, err := Read("t.json", []byte(data), Records, Meta{Series: "hf"})
	require.NoError(t, err)
	require.Equal(t, []float64{10.6, 10.9, 11.0}, throughputs(s))
}

// A list deeper than a summary keeps its levels is not looked for.
func TestJSONRecordsDepth(t *testing.T) {
	rec := `[{"concurrency": 1, "output_throughput": 100}, {"concurrency": 4, "output_throughput": 380}]`
	require.True(t, Looks(Records, "", []byte(`{"a": {"b": {"c": {"d": {"e": `+rec+`}}}}}`)))
	require.False(t, Looks(Records, "", []byte(`{"a": {"b": {"c": {"d": {"e": {"f": `+rec+`}}}}}}`)))
}
