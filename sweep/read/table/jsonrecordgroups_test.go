package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a script's --save-result appended per run, one object a line
// (results.jsonl): read as the list the objects would be in one document,
// each row on its own line.
func TestJSONLinesReadAsList(t *testing.T) {
	data := []byte(`{"concurrency": 1, "output_throughput": 100, "p99_ttft_ms": 20}

{"concurrency": 4, "output_throughput": 380, "p99_ttft_ms": 25}
  {"concurrency": 16, "output_throughput": 900, "p99_ttft_ms": 70}
`)
	require.True(t, Looks(Records, "results.jsonl", data))
	s, err := Read("results.jsonl", data, Records, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 900.0, s.Points[2].ThroughputTokS)
	require.Contains(t, s.Points[2].Source, ":4")
	require.Contains(t, strings.Join(s.Notes, "\n"), "JSON Lines: read its 3 objects")
}

// Synthetic: objects that share a line are no JSON Lines (nor one
// document), and a line that is not an object spoils the file: nothing is
// read.
func TestJSONLinesRefusesOtherShapes(t *testing.T) {
	for _, data := range []string{
		`{"concurrency": 1, "output_throughput": 100} {"concurrency": 4, "output_throughput": 380}`,
		"{\"concurrency\": 1, \"output_throughput\": 100}\n[{\"concurrency\": 4, \"output_throughput\": 380}]",
		"{\"concurrency\": 1, \"output_throughput\": 100}\n{\"concurrency\": 4, \"output_throughput\": 380",
		"{\"concurrency\": 1, \"output_throughput\": 100}\n7",
	} {
		require.False(t, Looks(Records, "r.jsonl", []byte(data)), data)
	}
}

// Synthetic: one object per configuration, its levels nested under
// "decode", beside a prefill probe by prompt length (no load: a decoy) and
// a run time stamp: read as one curve per label, the stamp not carried.
func TestJSONRecordGroupsReadAsCurves(t *testing.T) {
	data := []byte(`{"label": "base", "ts": "2026-01-02T03:04:05", "prefill": [{"target": 4000, "prefill_tok_s": 5200}, {"target": 16000, "prefill_tok_s": 5500}], "decode": [{"conc": 1, "aggregate_tok_s": 100.5, "per_stream_tok_s": [100.5]}, {"conc": 2, "aggregate_tok_s": 180}, {"conc": 4, "aggregate_tok_s": 300}]}
{"label": "spec", "ts": "2026-01-02T05:04:05", "prefill": [{"target": 4000, "prefill_tok_s": 5000}], "decode": [{"conc": 1, "aggregate_tok_s": 150}, {"conc": 2, "aggregate_tok_s": 220}, {"conc": 4, "aggregate_tok_s": 225}]}
`)
	require.True(t, Looks(Records, "bench.jsonl", data))
	s, err := Read("bench.jsonl", data, Records, Meta{Series: "spec"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 225.0, s.Points[2].ThroughputTokS)
	require.Contains(t, s.Points[2].Source, ":2")
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `records of "[].decode"`)
	require.Contains(t, notes, `by "label"`)
	require.NotContains(t, notes, "2026-01-02")
}

// Synthetic: the same records in one document read as they do in lines.
func TestJSONRecordGroupsInOneDocument(t *testing.T) {
	data := []byte(`{"runs": [{"config": "a", "levels": [{"concurrency": 1, "output_throughput": 10}, {"concurrency": 2, "output_throughput": 19}]},
 {"config": "b", "levels": [{"concurrency": 1, "output_throughput": 12}, {"concurrency": 2, "output_throughput": 23}]}]}`)
	s, err := Read("s.json", data, Records, Meta{Series: "b"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 23.0, s.Points[1].ThroughputTokS)
}

// Synthetic: configurations whose levels lie under different keys, or one
// holding two lists of levels, leave the sweep to choose: nothing is read.
func TestJSONRecordGroupsRefuseUnclear(t *testing.T) {
	lv := `[{"concurrency": 1, "output_throughput": 10}, {"concurrency": 2, "output_throughput": 19}]`
	for _, data := range []string{
		"{\"label\": \"a\", \"decode\": " + lv + "}\n{\"label\": \"b\", \"levels\": " + lv + "}",
		"{\"label\": \"a\", \"decode\": " + lv + ", \"again\": " + lv + "}\n{\"label\": \"b\", \"decode\": " + lv + "}",
		"{\"label\": \"a\", \"decode\": " + lv + "}\n{\"label\": \"b\"}",
	} {
		require.False(t, Looks(Records, "r.jsonl", []byte(data)), data)
	}
}
