package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// Built for the rule, not measured (the real pastes are the g-guidellm-…
// corpus entries, whose join notes now name their tables).

func TestConsoleTablesAreNamedByTheirTitles(t *testing.T) {
	const paste = `ℹ Engine A results
|=============|==============|===============|
| Concurrency | Output tok/s | TTFT p50 (ms) |
|-------------|--------------|---------------|
| 1           | 100          | 20            |
| 2           | 190          | 22            |
| 4           | 350          | 30            |
|=============|==============|===============|

ℹ Engine B results
|=============|==============|===============|
| Concurrency | Output tok/s | TTFT p50 (ms) |
|-------------|--------------|---------------|
| 1           | 90           | 25            |
| 2           | 170          | 27            |
| 4           | 300          | 40            |
|=============|==============|===============|
`
	p := writeTemp(t, "console.txt", paste)
	_, err := File(p, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "--series", ie.Field)
	require.Contains(t, err.Error(), `"Engine A results" (line 3, 3 levels), "Engine B results" (line 12, 3 levels)`)
	require.Contains(t, err.Error(), `--series "Engine A results"`)

	s, err := File(p, Options{Meta: Meta{Series: "Engine B results"}})
	require.NoError(t, err, "the title the refusal names picks the table")
	require.Equal(t, 300.0, s.Points[2].ThroughputTokS)
	require.NotContains(t, strings.Join(s.Notes, "\n"), "line 9\"")
}

func TestARefusalsLineNamePicksTheTable(t *testing.T) {
	const paste = `ℹ Engine A results
| Concurrency | Output tok/s | TTFT p50 (ms) |
|-------------|--------------|---------------|
| 1           | 100          | 20            |
| 2           | 190          | 22            |

ℹ Engine B results
| Concurrency | Output tok/s | TTFT p50 (ms) |
|-------------|--------------|---------------|
| 1           | 90           | 25            |
| 2           | 170          | 27            |
`
	p := writeTemp(t, "two.md", paste)
	_, err := File(p, Options{})
	require.Error(t, err)
	require.Contains(t, err.Error(), `--series "line 2"`)
	s, err := File(p, Options{Meta: Meta{Series: "line 8"}})
	require.NoError(t, err, "the name the refusal gives a table picks it")
	require.Equal(t, 170.0, s.Points[1].ThroughputTokS)
}
