package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// slotsByUsers is the slots × users table of the corpus entry
// l-m2-llamacpp-smollm2-slots-x-users-closed-loop (llama-server -np on an
// Apple M2, closed-loop users), its rows as published.
func slotsByUsers() grid {
	return grid{file: "t.md", header: []string{"slots", "users", "tokens/s", "TTFT p50"},
		rows: [][]string{
			{"1", "1", "127", "31 ms"}, {"1", "4", "128", "1,880 ms"}, {"2", "2", "189", "31 ms"},
			{"4", "4", "249", "46 ms"}, {"4", "8", "255", "1,178 ms"}, {"8", "8", "275", "68 ms"}, {"8", "16", "274", "2,173 ms"},
		},
		lines: []int{7, 8, 9, 10, 11, 12, 13}}
}

// Server slots beside client users: users are the load, slots a setting
// that names the series. The old reader named --column concurrency="slots"
// first, which reads users 4 at 4 slots and users 4 at 1 slot as one level.
func TestServerSlotsBesideUsersNameTheSeries(t *testing.T) {
	_, err := tableToSweep(slotsByUsers(), Meta{})
	require.ErrorContains(t, err, `the table holds 4 series by "slots": 1 (2 rows), 4 (2 rows), 8 (2 rows), 2 (1 rows)`)
	require.ErrorContains(t, err, `pick one with --series "1"`)
	require.NotContains(t, err.Error(), "both read as concurrency")

	s, err := tableToSweep(slotsByUsers(), Meta{Series: "4"})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 4.0, s.Points[0].Concurrency)
	require.Equal(t, 249.0, s.Points[0].ThroughputTokS)
	require.Equal(t, 46.0, *s.Points[0].TTFT.P50)
	require.Equal(t, 8.0, s.Points[1].Concurrency)
	require.Equal(t, 255.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 1178.0, *s.Points[1].TTFT.P50)
}

// Alone, a slots column is the load (llama.cpp -np sweeps: one user per
// slot), and --column concurrency=slots still picks it beside users.
func TestServerSlotsAloneAreTheLoad(t *testing.T) {
	g := slotsByUsers()
	g.header = []string{"slots", "req/s", "tokens/s", "TTFT p50"}
	g.rows = [][]string{{"1", "1.6", "127", "31 ms"}, {"2", "2.4", "189", "31 ms"}, {"4", "3.1", "249", "46 ms"}, {"8", "3.4", "275", "68 ms"}}
	g.lines = []int{7, 9, 10, 12}
	s, err := tableToSweep(g, Meta{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 8.0, s.Points[3].Concurrency)
	require.Equal(t, 275.0, s.Points[3].ThroughputTokS)

	r, err := resolveColumns(slotsByUsers(), nil, 0, Meta{Columns: map[string]string{"concurrency": "slots"}})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, r.cols[0].kind)
	require.Equal(t, colIgnore, r.cols[1].kind)
}
