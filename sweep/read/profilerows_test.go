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
func TestProfileRowsNameTheirLevel(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Benchmark", "tok/s"},
		rows:  [][]string{{"warmup", "5"}, {"synchronous", "50"}, {"concurrent@4", "180"}, {"concurrent @ 16", "400"}, {"throughput", "420"}},
		lines: []int{3, 4, 5, 6, 7}}
	notes := profileLoads(&g)
	require.Equal(t, []string{"max_concurrency", "tok/s"}, g.header)
	require.Equal(t, [][]string{{"1", "50"}, {"4", "180"}, {"16", "400"}}, g.rows)
	require.Equal(t, []int{4, 5, 6}, g.lines)
	require.Equal(t, []string{
		`t.md:3: "warmup" is a warm-up: no level, set aside`,
		`t.md:7: "throughput" is a max-load probe (as many requests as the server takes): no level, set aside`,
		`t.md: "Benchmark" names each row's profile (concurrent@N: N in flight; synchronous: 1): read as the max_concurrency it names`,
	}, notes)
}

// constant@R and poisson@R offer R requests per second: the offered rate.
func TestProfileRowsNameTheOfferedRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Strategy", "tok/s"},
		rows: [][]string{{"synchronous", "50"}, {"constant@2.5", "120"}, {"poisson@10", "300"}}, lines: []int{3, 4, 5}}
	notes := profileLoads(&g)
	require.Equal(t, "offered request rate (req/s)", g.header[0])
	require.Equal(t, [][]string{{"2.5", "120"}, {"10", "300"}}, g.rows)
	require.Contains(t, notes[0], "is one request at a time, in a sweep of offered rates: no level, set aside")
	require.Equal(t, colRequestRate, classify(g.header[0]).kind)
}

// A column mixing concurrency and rate profiles, or naming no level at
// all, is left as it is.
func TestProfileRowsLeaveOtherColumns(t *testing.T) {
	for _, cells := range [][]string{{"concurrent@4", "constant@2"}, {"synchronous", "throughput"}, {"vLLM", "concurrent@4"}} {
		g := grid{file: "t.md", header: []string{"Benchmark", "tok/s"}, rows: [][]string{{cells[0], "1"}, {cells[1], "2"}}, lines: []int{3, 4}}
		require.Empty(t, profileLoads(&g), "%q", cells)
		require.Equal(t, "Benchmark", g.header[0])
	}
}

// "Request Stats Per Second" is a request rate, not a time; per minute
// stays unread (no unit scales it to per second).
func TestPerSecondIsARate(t *testing.T) {
	require.Equal(t, "request_rate", classify("Request Stats Per Second").key())
	require.Equal(t, "", classify("Requests per Minute (RPM)").key())
}

// guidellm's older console (k-guidellm-ollama…, three models, each under a
// markdown heading): two header lines without outer pipes, rows named
// concurrent@N, "Out Tok/sec" beside "Tot Tok/sec". Before, markdown read
// its last header line only and found no throughput.
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
	require.Contains(t, notes, `"Tot Tok/sec mean" is not "Out Tok/sec mean" times the concurrency, so it is not their sum over streams: read as input + output tokens`)
	require.Contains(t, notes, `"Request Stats Concurrency" as achieved_concurrency`)
}

// guidellm 0.1 (optimum-neuron's tgi-results.csv, corpus entry
// l-optimum-neuron-inf2-tgi-qwen25-7b-guidellm-csv-rate-in-string) names its
// rate mode "asynchronous@R req/sec": R is the offered rate, and the served
// "Requests per Second" beside it is never taken for it. The synchronous row
// (one in flight, no offered rate) and the throughput burst are set aside.
// Before, the column was left unread and the served rate read as offered,
// the synchronous row placed at 0.161 req/s as if that had been offered.
func TestGuidellmAsynchronousRateProfiles(t *testing.T) {
	g := grid{file: "t.csv", header: []string{"Input type", "Requests per Second", "Output Token Throughput (t/s)"},
		rows: [][]string{
			{"synchronous", "0.16124266966166817", "36.57662664430473"},
			{"asynchronous@0.55 req/sec", "0.49461558754572243", "117.7268931509251"},
			{"asynchronous@3.64 req/sec", "2.0780593811446972", "486.5759282406912"},
			{"throughput", "3.6428876172319473", "844.191272561698"},
		},
		lines: []int{2, 3, 10, 12}}
	notes := profileLoads(&g)
	require.Equal(t, "offered request rate (req/s)", g.header[0])
	require.Equal(t, [][]string{{"0.55", "0.49461558754572243", "117.7268931509251"}, {"3.64", "2.0780593811446972", "486.5759282406912"}}, g.rows)
	require.Equal(t, []int{3, 10}, g.lines)
	require.Equal(t, []string{
		`t.csv:2: "synchronous" is one request at a time, in a sweep of offered rates: no level, set aside`,
		`t.csv:12: "throughput" is a max-load probe (as many requests as the server takes): no level, set aside`,
		`t.csv: "Input type" names each row's profile (constant@R, poisson@R, asynchronous@R: R requests per second offered): read as the offered request rate it names`,
	}, notes)

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
