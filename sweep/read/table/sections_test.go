package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: one section per metric, and in each a
// table per workload whose columns are two GPU editions (one of them named
// with a statistic's word, "Max-Q"). Each workload's throughput and TTFT
// tables are one sweep.
const sectionedMetricTables = `# Compare

## Output tok/s

### Lane A

| C | Max-Q | WS |
| ---: | ---: | ---: |
| 1 | 50.0 | 55.0 |
| 4 | 180.0 | 200.0 |
| 16 | 300.0 | 340.0 |

### Lane B

| C | Max-Q | WS |
| ---: | ---: | ---: |
| 1 | 60.0 | 65.0 |
| 4 | 220.0 | 235.0 |
| 16 | 400.0 | 450.0 |

## TTFT (ms)

### Lane A

| C | Max-Q | WS |
| ---: | ---: | ---: |
| 1 | 110 | 80 |
| 4 | 430 | 310 |
| 16 | 2900 | 2100 |

### Lane B

| C | Max-Q | WS |
| ---: | ---: | ---: |
| 1 | 55 | 54 |
| 4 | 140 | 115 |
| 16 | 900 | 700 |
`

func TestSectionsOfOneMetricEachJoinPerWorkload(t *testing.T) {
	_, err := Read("t.md", []byte(sectionedMetricTables), Markdown, Meta{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `--series "Max-Q"`, "two editions as column names, not a max statistic")
	require.NotContains(t, err.Error(), "no throughput column")
	require.NotContains(t, err.Error(), "both hold", "the workloads are told apart by their headings, not refused as one metric twice")
}

func TestSplitBySectionGroupsByHeadingsThatNameNoMetric(t *testing.T) {
	part := func(title ...string) splitPart {
		g := grid{file: "t.md", header: []string{"C", "vLLM"}, rows: [][]string{{"1", "5"}, {"2", "9"}}, lines: []int{3, 4}, title: title}
		p, ok := prepareSplitPart(g)
		require.True(t, ok)
		return p
	}
	parts := []splitPart{
		part("Output tok/s", "Lane A"), part("Output tok/s", "Lane B"),
		part("TTFT (ms)", "Lane A"), part("TTFT (ms)", "Lane B"),
	}
	require.Error(t, disjointMetrics(parts))
	groups, ok := splitBySection(parts)
	require.True(t, ok)
	require.Len(t, groups, 2)
	require.Equal(t, "Lane A", sectionKey(groups[0][0].g))
	require.Equal(t, []string{"vLLM Output tok/s"}, groups[0][0].headers)
	require.Equal(t, []string{"vLLM TTFT (ms)"}, groups[0][1].headers)

	_, ok = splitBySection(parts[:2])
	require.False(t, ok, "two throughput tables with no TTFT beside them are two curves, not a join")
}

func TestSectionMetricIsTheNearestHeadingNamingOne(t *testing.T) {
	require.Equal(t, "", headingMetric(grid{title: []string{"Report", "TTFT (ms)", "Lane (input=1024, output=128)"}}), "a table read alone keeps its own names")
	require.Equal(t, "TTFT (ms)", sectionMetric(grid{title: []string{"Report", "TTFT (ms)", "Lane (input=1024, output=128)"}}))
	require.Equal(t, "Latency (ms)", sectionMetric(grid{title: []string{"Throughput", "Latency (ms)"}}), "the innermost heading first")
	require.Equal(t, "", sectionMetric(grid{title: []string{"Report", "Lane A"}}))
}

func TestSectionJoinPickedByHeadingThenCurve(t *testing.T) {
	_, err := Read("t.md", []byte(sectionedMetricTables), Markdown, Meta{Series: "WS"})
	require.Error(t, err)
	require.Contains(t, err.Error(), `--series "Lane A WS"`, "the refusal names the table, then the curve")

	s, err := Read("t.md", []byte(sectionedMetricTables), Markdown, Meta{Series: "Lane B WS"})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 450.0, s.Points[2].ThroughputTokS)
	require.Equal(t, 700.0, *s.Points[2].TTFT.Mean, "TTFT from the TTFT section's Lane B table")
}

func TestHeadingThenSeriesTakesTheLongestHeading(t *testing.T) {
	tables := []grid{{title: []string{"Lane"}}, {title: []string{"Lane A"}}, {caption: "Lane A"}}
	named, rest := headingThenSeries(tables, "lane a WS")
	require.Len(t, named, 2)
	require.Equal(t, "WS", rest)
	named, _ = headingThenSeries(tables, "Lane ")
	require.Nil(t, named, "a heading alone is no heading-then-curve")
	named, _ = headingThenSeries(tables, "Other WS")
	require.Nil(t, named)
}
