package read

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// Built for the rule, not measured (the real text is corpus entry
// h-naive-vs-vllm-engines-approx-bold-two-tables).
func TestAnotherRefusedSweepTableIsNamed(t *testing.T) {
	const text = `| Engine | Concurrency | Output tok/s |
|---|---|---|
| Baseline | 1 | 20 |
| vLLM | 1 | 110 |
| vLLM | 2 | 200 |

| GPU | Memory |
|---|---|
| L4 | 24 GB |

| Concurrency | Output tok/s | TTFT p50 |
|---|---|---|
| 1 | 121 | 26 ms |
| 4 | 395 | 43 ms |
`
	s, err := File(writeTemp(t, "two.md", text), Options{})
	require.NoError(t, err)
	require.Equal(t, 395.0, s.Points[1].ThroughputTokS)
	notes := strings.Join(s.Notes, "\n")
	require.Contains(t, notes, `two.md:11: this table read; not read: the table at line 1 (the table holds 2 series by "Engine"`)
	require.Contains(t, notes, `--series "vLLM"`, "the note keeps the flag that reads the other table: its curve of the most levels")
	require.NotContains(t, notes, "line 7", "a table without a throughput and a load is no other sweep")
}

// When no table of a text reads, the refusal shown is the sweep's (a load
// and a throughput), not that of a settings table above it (k-glm53…: an
// "Item | Value" table, then the EvalScope sweep by prefiller).
func TestNoTableReadsShowsTheSweepsRefusal(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "k-glm53-16xh200-pd-evalscope-prefiller-series-pergpu-total", "table.md"))
	_, err := Load([]string{file}, Options{})
	require.ErrorContains(t, err, `pick one with --series "PCP8"`)
	// The curve picked reads per GPU over the 16 GPUs the line above it
	// divides the harness's total by ("`tok/s/GPU` = … / 16.").
	s, err := Load([]string{file}, Options{Meta: Meta{Series: "PCP8"}})
	require.NoError(t, err)
	require.Equal(t, 16, s.GPUs)
	require.Equal(t, 2597.0*16, s.Points[0].ThroughputTokS)
}
