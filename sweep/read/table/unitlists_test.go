package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule (a simulated summary): the real one is batch m's
// inference-bench summary.csv, every latency in seconds, none saying so.

const secondsSummary = "concurrency,throughput,ttft_p50,ttft_p95,tpot_p50\n" +
	"1,17,0.0694,0.0724,0.0583\n4,66,0.123,0.150,0.060\n16,255,0.196,0.240,0.0618\n"

// Every value of the three columns would be impossible in ms and is
// possible in s: there is one reading, so they are read in s, each with a
// note naming the flag that reads it otherwise (magnitudeunits.go).
func TestImplausibleColumnsReadInSeconds(t *testing.T) {
	s, err := Read("s.csv", []byte(secondsSummary), CSV, Meta{})
	require.NoError(t, err)
	require.Equal(t, 69.4, *s.Points[0].TTFT.P50)
	require.Equal(t, 72.4, *s.Points[0].TTFT.P95)
	require.InDelta(t, 58.3, *s.Points[0].ITL.P50, 1e-9)
	require.Contains(t, s.Notes, `s.csv: "ttft_p95" read in s: no header or text states its unit, and in ms most of its values would be under 5 ms, TTFTs no served model measures; --unit "ttft_p95=ms" reads it otherwise`)
	require.Contains(t, s.Notes, `s.csv: "tpot_p50" read in s: no header or text states its unit, and in ms most of its values would be under 0.5 ms, ITLs no served model measures; --unit "tpot_p50=ms" reads it otherwise`)
}

// Synthetic: one implausible value among ms-sized ones (a cache hit of
// 3 ms, then 40 and 900) is no reading in s (900 s and 1,200 s TTFTs at
// 16 streams): both columns are refused at once, naming the flag.
const fewImplausible = "concurrency,throughput,ttft_p50,ttft_p95\n" +
	"1,17,3,4\n4,66,40,60\n16,255,900,1200\n"

func TestImplausibleColumnsRefusedAtOnce(t *testing.T) {
	_, err := Read("s.csv", []byte(fewImplausible), CSV, Meta{})
	require.EqualError(t, err, `s.csv:2: ttft_p50: 3 read as ms (the header states no unit) would be a TTFT of under 5 ms, which no served model measures, and so would the values of "ttft_p95": if these columns are in seconds pass --unit "ttft_p50,ttft_p95=s" (a column of them that really is in ms: --unit COLUMN=ms)`)
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
