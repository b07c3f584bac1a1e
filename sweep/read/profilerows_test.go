package read

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// A row named by its profile carries its level: concurrent@N is N in
// flight, synchronous one; a warm-up and a max-load probe are set aside
// with a note saying why.
func TestOlderGuidellmConsoleUnderHeadings(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "k-guidellm-ollama-amd-qwen25-3sizes-concurrent-at-console", "table.md"))
	_, err := Load([]string{file}, Options{})
	require.ErrorContains(t, err, `the paste holds 3 console tables that read as sweeps: "Qwen2.5:1.5B" (line 24, 4 levels), "Qwen2.5:7B" (line 39, 4 levels), "Qwen2.5:14B" (line 54, 4 levels)`)
	s, err := Load([]string{file}, Options{Meta: Meta{Series: "Qwen2.5:14B"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	for i, want := range []struct{ n, x, ttft float64 }{{1, 8.3, 1686.5}, {2, 8.3, 11911.1}, {4, 8.2, 17065.6}, {8, 7.9, 17990.1}} {
		require.Equal(t, want.n, s.Points[i].Concurrency)
		require.Equal(t, want.x, s.Points[i].ThroughputTokS)
		require.Equal(t, want.ttft, *s.Points[i].TTFT.Mean)
	}
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `"Tot Tok/sec mean" is above "Out Tok/sec mean" times the concurrency, more than the streams output: read as input + output tokens`)
	require.Contains(t, notes, `"Request Stats Concurrency" as achieved_concurrency`)
}

func TestGuidellmAsynchronousRateProfiles(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "l-optimum-neuron-inf2-tgi-qwen25-7b-guidellm-csv-rate-in-string", "tgi-results.csv"))
	s, err := Load([]string{file}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 9)
	offered := map[float64]float64{}
	for _, p := range s.Points {
		require.NotNil(t, p.RequestedRate)
		offered[*p.RequestedRate] = p.ThroughputTokS
	}
	require.Equal(t, 117.7268931509251, offered[0.55])
	require.Equal(t, 472.60651633847726, offered[2.87])
	require.Equal(t, 486.5759282406912, offered[3.64])
	require.NotContains(t, offered, 0.16124266966166817)
}
