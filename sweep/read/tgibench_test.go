package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// Synthetic: text-generation-benchmark's three tables as table.rs prints
// them (throughput table first here: either order reads the same), the
// Step cell written once per step, batch 64 failed (NaN) and 128 never run
// (empty cells), and the Decode (token) row of batch 4 out of order.
const tgiSynthetic = "```bash\n" + `| Parameter       | Value      |
|-----------------|------------|
| Model           | org/model  |
| Sequence Length | 512        |
| Decode Length   | 64         |
| N Runs          | 10         |

| Step    | Batch Size | Average            | Lowest             | Highest            |
|---------|------------|--------------------|--------------------|--------------------|
| Prefill | 1          | 20.00 tokens/secs  | 19.00 tokens/secs  | 21.00 tokens/secs  |
|         | 4          | 40.00 tokens/secs  | 39.00 tokens/secs  | 41.00 tokens/secs  |
|         | 64         | NaN tokens/secs    | NaN tokens/secs    | NaN tokens/secs    |
|         | 128        |                    |                    |                    |
| Decode  | 1          | 50.00 tokens/secs  | 49.00 tokens/secs  | 51.00 tokens/secs  |
|         | 4          | 190.00 tokens/secs | 180.00 tokens/secs | 195.00 tokens/secs |
|         | 64         | NaN tokens/secs    | NaN tokens/secs    | NaN tokens/secs    |
|         | 128        |                    |                    |                    |

| Step           | Batch Size | Average   | Lowest    | Highest   | p50       | p90       | p99       |
|----------------|------------|-----------|-----------|-----------|-----------|-----------|-----------|
| Prefill        | 1          | 50.00 ms  | 49.00 ms  | 52.00 ms  | 50.00 ms  | 52.00 ms  | 52.00 ms  |
|                | 4          | 100.00 ms | 98.00 ms  | 103.00 ms | 99.00 ms  | 103.00 ms | 103.00 ms |
|                | 64         | NaN ms    | NaN ms    | NaN ms    | NaN ms    | NaN ms    | NaN ms    |
|                | 128        |           |           |           |           |           |           |
| Decode (token) | 1          | 20.00 ms  | 19.50 ms  | 20.50 ms  | 20.00 ms  | 20.50 ms  | 20.50 ms  |
|                | 4          | 21.00 ms  | 20.00 ms  | 22.00 ms  | 21.50 ms  | 20.10 ms  | 20.10 ms  |
|                | 64         | NaN ms    | NaN ms    | NaN ms    | NaN ms    | NaN ms    | NaN ms    |
|                | 128        |           |           |           |           |           |           |
| Decode (total) | 1          | 1260.0 ms | 1250.0 ms | 1270.0 ms | 1260.0 ms | 1270.0 ms | 1270.0 ms |
|                | 4          | 1323.0 ms | 1300.0 ms | 1340.0 ms | 1330.0 ms | 1340.0 ms | 1340.0 ms |
|                | 64         | NaN ms    | NaN ms    | NaN ms    | NaN ms    | NaN ms    | NaN ms    |
|                | 128        |           |           |           |           |           |           |
` + "```\n"

func TestTGIBenchTables(t *testing.T) {
	f, err := Detect("README.md", []byte(tgiSynthetic))
	require.NoError(t, err)
	require.Equal(t, FormatTGIBench, f)

	s, err := Data("README.md", []byte(tgiSynthetic), Options{})
	require.NoError(t, err)
	require.Equal(t, "org/model", s.Model)
	require.Len(t, s.Points, 2)
	p1, p4 := s.Points[0], s.Points[1]
	require.Equal(t, 1.0, p1.Concurrency)
	require.Equal(t, 50.0, p1.ThroughputTokS, "Decode tokens/secs, never Prefill's")
	require.Equal(t, 50.0, *p1.TTFT.Mean)
	require.Equal(t, 52.0, *p1.TTFT.P99)
	require.Equal(t, 20.0, *p1.ITL.Mean)
	require.Equal(t, 20.0, *p1.ITL.P50)
	require.Equal(t, 4.0, p4.Concurrency)
	require.Equal(t, 190.0, p4.ThroughputTokS)
	require.Equal(t, 99.0, *p4.TTFT.P50)
	require.Equal(t, 21.0, *p4.ITL.Mean)
	require.Nil(t, p4.ITL.P50, "out-of-order pNN are single runs, not percentiles")
	require.Equal(t, map[string]string{"model": "org/model", "sequence_length": "512", "decode_length": "64"}, p1.Workload)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, "batch sizes 64, 128 left out")
	require.Contains(t, notes, "Decode (token) batch 4")
}

// Synthetic: a sorted run list of under 100 runs ends at its p99, so a
// p99 below the Highest, though in order, is a row of unsorted runs.
func TestTGIBenchP99IsHighestWhenSorted(t *testing.T) {
	bad := strings.Replace(tgiSynthetic, "| 20.00 ms  | 19.50 ms  | 20.50 ms  | 20.00 ms  | 20.50 ms  | 20.50 ms  |",
		"| 20.00 ms  | 19.50 ms  | 22.50 ms  | 20.00 ms  | 20.50 ms  | 20.50 ms  |", 1)
	require.NotEqual(t, tgiSynthetic, bad)
	s, err := Data("README.md", []byte(bad), Options{})
	require.NoError(t, err)
	require.Nil(t, s.Points[0].ITL.P99)
	require.Equal(t, 22.5, *s.Points[0].ITL.Max)
}

// Synthetic: what knee cannot read without guessing is refused by field.
func TestTGIBenchRefusals(t *testing.T) {
	for _, c := range []struct{ name, old, new, field string }{
		{"other unit", "| 50.00 tokens/secs  |", "| 50.00 req/s  |", "Average"},
		{"latency unit", "| 50.00 ms  | 49.00 ms", "| 0.05 s  | 49.00 ms", "Average"},
		{"fractional batch", "|         | 4          | 190.00", "|         | 4.5        | 190.00", "Batch Size"},
		{"batch twice", "|         | 4          | 190.00", "|         | 1          | 190.00", "Batch Size"},
		{"no decode rows", "| Decode  | 1 ", "| Decodes | 1 ", "throughput"},
		{"short row", "|         | 4          | 190.00 tokens/secs | 180.00 tokens/secs | 195.00 tokens/secs |", "|         | 4          | 190.00 tokens/secs |", "Step"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bad := strings.Replace(tgiSynthetic, c.old, c.new, 1)
			require.NotEqual(t, tgiSynthetic, bad)
			_, err := Data("README.md", []byte(bad), Options{})
			var in *inputerr.Error
			require.ErrorAs(t, err, &in)
			require.Equal(t, c.field, in.Field, err.Error())
		})
	}
	// Two runs' tables in one input are two runs: cut to one.
	twice := tgiSynthetic + "\n" + tgiSynthetic
	_, err := Data("README.md", []byte(twice), Options{})
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Contains(t, err.Error(), "one run per input")
}

// Synthetic: half the signature (the latency header edited) is not this
// format: the points would lose their TTFT.
func TestTGIBenchNeedsBothHeaders(t *testing.T) {
	edited := strings.Replace(tgiSynthetic, "| p50       |", "| median    |", 1)
	require.NotEqual(t, tgiSynthetic, edited)
	require.False(t, sniffTGIBench([]byte(edited)))
	require.True(t, sniffTGIBench([]byte(tgiSynthetic)))
}
