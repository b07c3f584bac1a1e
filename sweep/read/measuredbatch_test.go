package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A batch size the engine formed, counted during the run, beside the
// configured concurrency is a measurement, not a second load: the
// configured column is the level, the formed batch is noted as measured.
func TestBatchTheEngineFormedIsMeasured(t *testing.T) {
	require.Equal(t, "measured", classify("Batch the engine formed").flavor)
	require.Equal(t, "measured", classify("Running batch").flavor)
	require.Equal(t, "", classify("Batch size").flavor, "a plain batch size is the load")

	body := "| Concurrency | Output tok/s | TTFT p50 | TPOT p50 | Batch the engine formed |\n|---|---|---|---|---|\n" +
		"| 1 | 172.5 | 30.1 ms | 4.22 ms | 1.0 |\n| 32 | 1,992.8 | 113.2 ms | 11.51 ms | 31.47 |\n| 256 | 2,855.9 | 267.2 ms | 61.85 ms | 243.31 |\n"
	s, err := Data("b.md", []byte(body), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 256.0, s.Points[2].Concurrency)
	require.Equal(t, 2855.9, s.Points[2].ThroughputTokS)
	require.Equal(t, 267.2, *s.Points[2].TTFT.P50)
	require.Contains(t, strings.Join(s.Notes, "\n"), "Batch the engine formed")

	// A formed batch alone is no configured level: refused, naming the flag.
	body = "| Batch the engine formed | Output tok/s |\n|---|---|\n| 1.0 | 172.5 |\n| 31.47 | 1992.8 |\n"
	_, err = Data("c.md", []byte(body), Options{})
	require.ErrorContains(t, err, `--column concurrency="Batch the engine formed"`)
}
