package table

import (
	"testing"

	"github.com/stretchr/testify/require"
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

func TestProfileRowsNameTheOfferedRate(t *testing.T) {
	g := grid{file: "t.md", header: []string{"Strategy", "tok/s"},
		rows: [][]string{{"synchronous", "50"}, {"constant@2.5", "120"}, {"poisson@10", "300"}}, lines: []int{3, 4, 5}}
	notes := profileLoads(&g)
	require.Equal(t, "offered request rate (req/s)", g.header[0])
	require.Equal(t, [][]string{{"2.5", "120"}, {"10", "300"}}, g.rows)
	require.Contains(t, notes[0], "is one request at a time, in a sweep of offered rates: no level, set aside")
	require.Equal(t, colRequestRate, classify(g.header[0]).kind)
}

func TestProfileRowsLeaveOtherColumns(t *testing.T) {
	for _, cells := range [][]string{{"concurrent@4", "constant@2"}, {"synchronous", "throughput"}, {"vLLM", "concurrent@4"}} {
		g := grid{file: "t.md", header: []string{"Benchmark", "tok/s"}, rows: [][]string{{cells[0], "1"}, {cells[1], "2"}}, lines: []int{3, 4}}
		require.Empty(t, profileLoads(&g), "%q", cells)
		require.Equal(t, "Benchmark", g.header[0])
	}
}

func TestPerSecondIsARate(t *testing.T) {
	require.Equal(t, "request_rate", classify("Request Stats Per Second").key())
	require.Equal(t, "", classify("Requests per Minute (RPM)").key())
}

func TestGuidellmAsynchronousRateProfileRows(t *testing.T) {
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

}
