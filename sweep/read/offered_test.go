package read

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// Built for the rule, not measured (the real table is the corpus entry
// h-pagedserve-t4-gpt2-offered-rps-engines-burst).

const offeredBesideRPS = `| Offered | Achieved RPS | Output tok/s | TTFT p50 (ms) | E2E p50 (ms) |
| --- | ---: | ---: | ---: | ---: |
| 1 | 1.0 | 32 | 10 | 100 |
| 4 | 4.0 | 128 | 12 | 110 |
| Burst | 20.0 | 640 | 50 | 300 |
`

func TestOfferedBesideARequestRateIsTheOfferedRate(t *testing.T) {
	s, err := File(writeTemp(t, "offered.md", offeredBesideRPS), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 1.0, *s.Points[0].RequestedRate)
	require.Equal(t, 4.0, *s.Points[1].RequestedRate)
	require.Nil(t, s.Points[2].RequestedRate, "Burst: every request at once, no offered rate")
	require.InDelta(t, 20.0*0.3, s.Points[2].Concurrency, 1e-9, "Little's law: served rate × E2E")
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Offered" read as the offered request rate (req/s): beside it "Achieved RPS" is a request rate`)
}

func TestOfferedWithoutARequestRateIsRefusedNamingBothFlags(t *testing.T) {
	const table = `| Offered | Output tok/s | TTFT p50 (ms) | E2E p50 (ms) |
| --- | ---: | ---: | ---: |
| 1 | 32 | 10 | 100 |
| 4 | 128 | 12 | 110 |
`
	p := writeTemp(t, "offered.md", table)
	_, err := File(p, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "concurrency", ie.Field)
	require.Contains(t, err.Error(), `--column requested_rate="Offered" or --column concurrency="Offered"`)

	s, err := File(p, Options{Meta: Meta{Columns: map[string]string{"concurrency": "Offered"}}})
	require.NoError(t, err, "the flag the refusal names reads the table")
	require.Equal(t, 4.0, s.Points[1].Concurrency)
	s, err = File(p, Options{Meta: Meta{Columns: map[string]string{"requested_rate": "Offered"}}})
	require.NoError(t, err, "so does the other")
	require.Equal(t, 4.0, *s.Points[1].RequestedRate)
}

func TestOfferedBesideAConcurrencyIsNotTheLoad(t *testing.T) {
	const table = `| Concurrency | Offered | Achieved RPS | Output tok/s | TTFT p50 (ms) |
| --- | --- | ---: | ---: | ---: |
| 1 | 1 | 1.0 | 32 | 10 |
| 4 | 4 | 4.0 | 128 | 12 |
`
	s, err := File(writeTemp(t, "offered.md", table), Options{})
	require.NoError(t, err)
	require.Nil(t, s.Points[0].RequestedRate)
	require.NotContains(t, strings.Join(s.Notes, "\n"), "read as the offered request rate")
}
