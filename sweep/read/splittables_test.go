package read

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// The tables here are built for the rule, not measured: each pins one
// branch of the join. Real split tables are in the corpus (g-… entries).

const splitByMetric = `### Throughput (tokens/sec)

| Batch Size | EngineA | EngineB | Difference |
|---|---|---|---|
| 1 | 70 | 68 | A +3% |
| 2 | 140 | 130 | A +8% |
| 4 | 280 | 250 | A +11% |

### Time to First Token (TTFT) in ms

| Batch Size | EngineA | EngineB | Difference |
|---|---|---|---|
| 1 | 17 | 208 | A +91% |
| 2 | 21 | 343 | A +93% |
| 4 | 23 | 269 | A +91% |
`

func TestSplitTablesJoinOnTheLoadColumn(t *testing.T) {
	p := writeTemp(t, "split.md", splitByMetric)
	_, err := File(p, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "--series", ie.Field)
	require.Contains(t, err.Error(), `"EngineA" (EngineA Throughput (tokens/sec), EngineA Time to First Token (TTFT) in ms)`)

	s, err := File(p, Options{Meta: Meta{Series: "EngineB"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range [][2]float64{{1, 68}, {2, 130}, {4, 250}} {
		require.Equal(t, want[0], s.Points[i].Concurrency)
		require.Equal(t, want[1], s.Points[i].ThroughputTokS)
	}
	require.Equal(t, []float64{208, 343, 269}, []float64{*s.Points[0].TTFT.Mean, *s.Points[1].TTFT.Mean, *s.Points[2].TTFT.Mean})
	require.Contains(t, s.Notes[0], `2 tables read as one sweep, joined on "Batch Size" (the same 3 levels in the same order)`)
	require.Contains(t, s.Notes[0], `columns "EngineA", "EngineB" hold the metric their table's title (heading or caption) names`)
	require.Contains(t, s.Notes[0], `columns "Difference" hold text, not numbers, and are not read`)
}

func TestSplitTablesOfOtherLevelsAreNotJoined(t *testing.T) {
	body := splitByMetric[:len(splitByMetric)-len("| 4 | 23 | 269 | A +91% |\n")] + "| 8 | 41 | 390 | B +89% |\n"
	_, err := File(writeTemp(t, "split.md", body), Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	// Levels 1,2,4 and 1,2,8 are not one sweep: the throughput table is read
	// alone (its engine columns named by its heading), its two curves refused
	// by name, and the TTFT table is not joined to it.
	require.Equal(t, "--series", ie.Field)
	require.Contains(t, err.Error(), `"EngineA" (EngineA Throughput (tokens/sec))`)
	require.NotContains(t, err.Error(), "Time to First Token")
}

func TestSplitTablesHoldingOneMetricTwiceAreRefusedByName(t *testing.T) {
	body := `### H100 throughput (tok/s)

| Concurrency | vLLM |
|---|---|
| 1 | 70 |
| 8 | 500 |

### A100 throughput (tok/s)

| Concurrency | vLLM |
|---|---|
| 1 | 40 |
| 8 | 300 |
`
	_, err := File(writeTemp(t, "two.md", body), Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "--series", ie.Field)
	// Each table reads alone (its heading names its column's metric): two
	// sweeps, refused by their headings, never merged.
	require.Contains(t, err.Error(), `the text holds 2 tables that read as sweeps: "H100 throughput (tok/s)" (line 3, 2 levels), "A100 throughput (tok/s)" (line 10, 2 levels)`)
}

func TestSplitTablesOneLevelPerHeading(t *testing.T) {
	body := `## Results

### Concurrency 1

| Engine | vLLM | TGI |
|---|---|---|
| TTFT (ms) | 137 | 139 |
| Throughput (token/sec) | 31.9 | 32.8 |

### Concurrency 16

| Engine | vLLM | TGI |
|---|---|---|
| TTFT (ms) | 302 | 475 |
| Throughput (token/sec) | 289.9 | 277.9 |
`
	p := writeTemp(t, "levels.md", body)
	_, err := File(p, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "--series", ie.Field, "the engines are series: refused by name, never merged")
	require.Contains(t, err.Error(), `"TGI" (TGI TTFT (ms), TGI Throughput (token/sec))`)

	s, err := File(p, Options{Meta: Meta{Series: "TGI"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 1.0, s.Points[0].Concurrency)
	require.Equal(t, 32.8, s.Points[0].ThroughputTokS)
	require.Equal(t, 139.0, *s.Points[0].TTFT.Mean)
	require.Equal(t, 16.0, s.Points[1].Concurrency)
	require.Equal(t, 277.9, s.Points[1].ThroughputTokS)
	require.Contains(t, s.Notes[0], `2 tables read as one sweep, one level each from its heading ("Concurrency" 1, 16)`)
}

func TestATableThatReadsAloneTakesItsSplitTTFT(t *testing.T) {
	// The throughput table reads alone (its headers say tok/s); the TTFT
	// table beside it, of the same levels, is the same sweep's.
	body := "### Throughput\n\n| Concurrency | vLLM tok/s | SGLang tok/s |\n|---|---|---|\n| 1 | 10 | 11 |\n| 4 | 40 | 42 |\n\n### TTFT\n\n| Concurrency | vLLM TTFT(s) | SGLang TTFT(s) |\n|---|---|---|\n| 1 | 0.1 | 0.2 |\n| 4 | 0.3 | 0.4 |\n"
	s, err := Data("alone.md", []byte(body), Options{Meta: Meta{Series: "SGLang"}})
	require.NoError(t, err)
	require.Equal(t, []float64{11, 42}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS})
	require.Equal(t, []float64{200, 400}, []float64{*s.Points[0].TTFT.Mean, *s.Points[1].TTFT.Mean})
	require.Contains(t, s.Notes[0], "2 tables read as one sweep")
}
