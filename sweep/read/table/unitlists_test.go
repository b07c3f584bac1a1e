package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule (a simulated summary): the real one is batch m's
// inference-bench summary.csv, every latency in seconds, none saying so.

const secondsSummary = "concurrency,throughput,ttft_p50,ttft_p95,tpot_p50\n" +
	"1,17,0.0694,0.0724,0.0583\n4,66,0.123,0.150,0.060\n16,255,0.196,0.240,0.0618\n"

func TestImplausibleColumnsRefusedAtOnce(t *testing.T) {
	_, err := Read("s.csv", []byte(secondsSummary), CSV, Meta{})
	require.EqualError(t, err, `s.csv:2: ttft_p50: 0.0694 read as ms (the header states no unit) would be a TTFT of under 5 ms, which no served model measures, and so would the values of "ttft_p95", "tpot_p50": if these columns are in seconds pass --unit "ttft_p50,ttft_p95,tpot_p50=s" (a column of them that really is in ms: --unit COLUMN=ms)`)
}

func TestUnitFlagTakesAListOfColumns(t *testing.T) {
	units, err := ParseUnitFlags([]string{"ttft_p50,ttft_p95,tpot_p50=s"})
	require.NoError(t, err)
	s, err := Read("s.csv", []byte(secondsSummary), CSV, Meta{Units: units})
	require.NoError(t, err)
	require.Equal(t, 69.4, *s.Points[0].TTFT.P50)
	require.Equal(t, 72.4, *s.Points[0].TTFT.P95)
	require.InDelta(t, 58.3, *s.Points[0].ITL.P50, 1e-9)
}

func TestUnitListMatchesAHeaderWithACommaWhole(t *testing.T) {
	cols := []column{{header: "TTFT (p50, s)"}, {header: "a"}, {header: "b"}}
	require.Equal(t, map[string]string{"ttft (p50, s)": "ms"}, expandUnitLists(cols, map[string]string{"ttft (p50, s)": "ms"}))
	require.Equal(t, map[string]string{"a": "s", "b": "s"}, expandUnitLists(cols, map[string]string{"a, b": "s"}))
}
