package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Built for the rule, not measured: the real packed table is batch m's
// vast.ai BF16/FP8 entry.

func TestSplitPackedCells(t *testing.T) {
	g := grid{file: "t.md",
		header: []string{"concurrency", "BF16 tok/s, TTFT p50, TPOT p50", "FP8", "Notes"},
		rows: [][]string{
			{"1", "65.2, 0.34 s, 14.1 ms", "72.5, 0.53 s, 11.9 ms", "warm"},
			{"8", "1,226.1, 2.62 s, 25.0 ms", "-", "ok"},
		}}
	notes := splitPackedCells(&g)
	require.Equal(t, []string{"concurrency", "BF16 tok/s", "BF16 TTFT p50", "BF16 TPOT p50", "FP8 tok/s", "FP8 TTFT p50", "FP8 TPOT p50", "Notes"}, g.header)
	require.Equal(t, []string{"1", "65.2", "0.34 s", "14.1 ms", "72.5", "0.53 s", "11.9 ms", "warm"}, g.rows[0])
	require.Equal(t, []string{"8", "1,226.1", "2.62 s", "25.0 ms", "", "", "", "ok"}, g.rows[1], "a thousands separator keeps its value whole; a blank cell is blank in each part")
	require.Equal(t, []string{
		`t.md: the cells of "BF16 tok/s, TTFT p50, TPOT p50" hold 3 values each: read as "BF16 tok/s", "BF16 TTFT p50", "BF16 TPOT p50"`,
		`t.md: the cells of "FP8" hold 3 values each: read as "FP8 tok/s", "FP8 TTFT p50", "FP8 TPOT p50"`,
	}, notes)
}

func TestSlashPackedCellsWithUnits(t *testing.T) {
	g := grid{header: []string{"users", "tok/s / TTFT p99"}, rows: [][]string{{"4", "1234 tok/s / 85 ms"}, {"8", "2000 tok/s / 120 ms"}}}
	require.Len(t, splitPackedCells(&g), 1)
	require.Equal(t, []string{"users", "tok/s", "TTFT p99"}, g.header)
	require.Equal(t, []string{"8", "2000 tok/s", "120 ms"}, g.rows[1])
}

func TestPackedCellsLeftWhole(t *testing.T) {
	for name, g := range map[string]grid{
		"the header lists no values knee reads": {header: []string{"concurrency", "p50 TTFT, ms"}, rows: [][]string{{"1", "12, 4"}}},
		"a cell with fewer parts":               {header: []string{"concurrency", "tok/s, TTFT"}, rows: [][]string{{"1", "12, 4"}, {"2", "30"}}},
		"a part that is text":                   {header: []string{"concurrency", "tok/s, TTFT"}, rows: [][]string{{"1", "12, fast"}}},
		"a thousands separator":                 {header: []string{"concurrency", "tok/s"}, rows: [][]string{{"1", "1,234"}}},
		"an unnamed column with no list before": {header: []string{"concurrency", "FP8"}, rows: [][]string{{"1", "12, 4 ms"}}},
	} {
		header := append([]string(nil), g.header...)
		require.Empty(t, splitPackedCells(&g), name)
		require.Equal(t, header, g.header, name)
	}
}
