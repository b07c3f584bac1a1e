package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Simulated tables; the real shape is batch l's T4 table of one
// "Tokens/Second (Average)" column falling from 1 user to 10.
func TestSoleRateFallingFromOneStreamIsAStreams(t *testing.T) {
	md := "| Users | Tokens/Second (Average) |\n|---|---|\n| 1 | ~55.75 tokens/sec |\n| 2 | ~52.94 tokens/sec |\n| 5 | ~41.07 tokens/sec |\n| 10 | ~19.54 tokens/sec |\n"
	_, err := Read("t.md", []byte(md), Markdown, Meta{})
	require.ErrorContains(t, err, `"Tokens/Second (Average)" is a per-stream rate: it falls at every level from one stream on, which the node's rate does not, and the table has no rate of the whole node`)

	// A node rate that dips once and recovers is the node's, and so is one
	// the header says is the aggregate.
	for _, md := range []string{
		"| Users | tok/s |\n|---|---|\n| 1 | 50.8 |\n| 2 | 36.9 |\n| 4 | 54.6 |\n| 8 | 75.2 |\n",
		"| Users | aggregate tok/s |\n|---|---|\n| 1 | 50 |\n| 2 | 45 |\n| 4 | 40 |\n| 8 | 30 |\n",
		// Falling over a load that starts high: a server past its knee.
		"| Users | tok/s |\n|---|---|\n| 64 | 900 |\n| 128 | 850 |\n| 256 | 700 |\n",
	} {
		s, err := Read("t.md", []byte(md), Markdown, Meta{})
		require.NoError(t, err, md)
		require.Greater(t, s.Points[0].ThroughputTokS, 0.0)
	}
}

// Simulated after a real locust summary (batch z): curves stacked one under
// the other, each method's levels climbing from one user, a ratio set per
// run telling two of them apart. The average token rate falls in every
// curve while the served req/s rises: a stream's, and the curves are keyed
// by the method and the ratio, never merged as repeats.
func TestStackedCurvesOfAFallingRateAreStreams(t *testing.T) {
	csv := "method,ratio,concurrency,requests_per_s,ttft_p50_ms,tokens_per_sec_avg\n" +
		"raw,,1,0.593,36,50.98\nraw,,10,5.398,62,48.17\nraw,,50,24.518,75,39.96\n" +
		"lspm,0.3,1,0.521,36,50.81\nlspm,0.3,10,5.185,65,47.48\nlspm,0.3,50,22.628,99,37.64\n" +
		"lspm,0.5,1,0.532,33,50.86\nlspm,0.5,10,5.304,62,47.49\nlspm,0.5,50,23.484,92,38.61\n"
	_, err := Read("t.csv", []byte(csv), CSV, Meta{})
	require.ErrorContains(t, err, `by "method" and "ratio"`)
	_, err = Read("t.csv", []byte(csv), CSV, Meta{Series: "lspm / 0.5"})
	require.ErrorContains(t, err, `"tokens_per_sec_avg" is a per-stream rate`)
}
