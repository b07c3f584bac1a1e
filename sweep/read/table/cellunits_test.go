package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured (the real tables are corpus entries
// h-w3d5-…-seconds-cells and h-nim-spark-…).

func TestASequenceLengthIsNoPerUserRate(t *testing.T) {
	require.Equal(t, colWorkload, classify("Input Sequence Length (tokens)").kind)
	require.Equal(t, colPerUser, classify("Output Token Throughput Per User (tokens/sec/user)").kind)
	require.Equal(t, colPerUser, classify("tok/s per sequence").kind)
}

func TestArrowRemarkAndTimePerToken(t *testing.T) {
	require.Equal(t, "32", cleanCell("32 ← optimum"))
	require.Equal(t, "64", cleanCell("**64** <- best"))
	require.Equal(t, "-5", cleanCell("-5"))
	cv, ok, err := parseCell("13.43 ms/tok")
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, 13.43, cv.v)
	require.Equal(t, "ms", cv.unit.name)
	require.Equal(t, dimTime, cv.unit.dim)
}

func TestNearestThroughputIsNoPerUserRate(t *testing.T) {
	c, ok := nearestThroughput(classifyAll([]string{"Prefill tok/s", "Output tok/s per user", "Generated tok/s peak"}))
	require.True(t, ok)
	require.Equal(t, "Generated tok/s peak", c.header, "an output rate before a prefill one; never a per-user one")
}

// Synthetic: an open-ended load ("100+") is refused naming the shape, not
// as a number with an unknown unit "+".
func TestOpenEndedCellIsRefusedByName(t *testing.T) {
	md := "| Concurrency | Output tok/s |\n|---|---|\n| 1 | 33 |\n| 15 | 250 |\n| 100+ | 620 |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `Concurrency: "100+" is open-ended (100 or more), not a number`)
}

// A console line's full stop after the unit ("1.0 RPS.") is no part of the
// unit; two dots are no full stop, and an unknown word stays unknown.
func TestCellUnitBeforeAFullStop(t *testing.T) {
	cv, ok, err := parseCell("1.0 RPS.")
	require.NoError(t, err)
	require.True(t, ok)
	require.NotNil(t, cv.unit)
	require.Equal(t, 1.0, cv.v)
	_, _, err = parseCell("1.0 RPS..")
	require.Error(t, err)
	_, _, err = parseCell("1.0 lanes.")
	require.ErrorContains(t, err, "unknown unit")
}

// Simulated: an offered rate whose cells write their unit ("2.0 RPS.", as
// vLLM's and SGLang's console print "Traffic request rate") is read as the
// offered rate, not refused as a count.
func TestOfferedRateCellsWriteTheirUnit(t *testing.T) {
	md := "| Traffic request rate | Request throughput (req/s) | Output token throughput (tok/s) | Mean E2EL (ms) | Mean TTFT (ms) |\n|---|---|---|---|---|\n" +
		"| 1.0 RPS. | 1.0 | 188.3 | 2000 | 53.9 |\n| 2.0 RPS. | 2.0 | 370.1 | 2100 | 60.2 |\n| 4.0 RPS. | 3.9 | 700.5 | 2600 | 80.4 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.NotNil(t, s.Points[2].RequestedRate)
	require.InDelta(t, 4.0, *s.Points[2].RequestedRate, 1e-9)
}
