package table

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// One offered rate printed twice to other digits (vLLM 0.10: "Traffic
// request rate: 2" above the block, "Request rate configured (RPS): 2.00"
// in it) is read once, not refused as two candidates. Simulated blocks.
func TestOneRateToOtherDigitsIsReadOnce(t *testing.T) {
	block := func(rate, rps, tokS, e2e string) string {
		return "Traffic request rate: " + rate + "\n============ Serving Benchmark Result ============\n" +
			"Request rate configured (RPS):           " + rps + "\n" +
			"Request throughput (req/s):              " + rate + "\n" +
			"Output token throughput (tok/s):         " + tokS + "\n" +
			"Mean E2EL (ms):                          " + e2e + "\n" +
			"==================================================\n"
	}
	data := block("2", "2.00", "500.0", "1500.0") + block("4", "4.00", "900.0", "2000.0") + block("8", "8.00", "1400.0", "3000.0")
	s, err := readBenchText("t.txt", []byte(data), Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.InDelta(t, 24.0, s.Points[2].Concurrency, 1e-9, "8 req/s × 3 s by Little's law")
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Traffic request rate" (the same values as "Request rate configured (RPS)", printed twice)`)
}
