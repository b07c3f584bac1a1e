package table

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: "threads 8" on every row beside a users sweep is a setting;
// the users column is the load.
func TestConstantColumnIsNoLoad(t *testing.T) {
	g := grid{file: "t.md", header: []string{"threads", "users", "Output tok/s"},
		rows:  [][]string{{"8", "1", "40"}, {"8", "4", "150"}, {"8", "16", "400"}},
		lines: []int{3, 4, 5}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colWorkload, r.cols[0].kind)
	require.Equal(t, "8 on every row: a setting, not the load of a sweep", r.cols[0].why)
	require.Equal(t, colConcurrency, r.cols[1].kind)
	require.Contains(t, r.notes, `t.md: "threads" is not read as the load: it is 8 on every row`)
}

// A configured max_concurrency of 64 on every row beside the levels
// swept is a setting too.
func TestConstantConfiguredBesideLevels(t *testing.T) {
	g := grid{file: "t.md", header: []string{"max_concurrency", "concurrency", "Output tok/s"},
		rows:  [][]string{{"64", "1", "40"}, {"64", "4", "150"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colWorkload, r.cols[0].kind)
	require.Equal(t, colConcurrency, r.cols[1].kind)
}

// Kept: the only load of a table of one level (its rows are curves), and
// a plain concurrency of 1.00 beside the configured levels (measured: the
// server ran one at a time).
func TestConstantLoadKeptWhereItIsTheOnlyOne(t *testing.T) {
	g := grid{file: "t.md", header: []string{"engine", "concurrency", "Output tok/s"},
		rows:  [][]string{{"vllm", "32", "900"}, {"sglang", "32", "950"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, r.cols[1].kind)

	g = grid{file: "t.md", header: []string{"max_concurrency", "Concurrency", "Output tok/s"},
		rows:  [][]string{{"1", "1.00", "16"}, {"4", "1.00", "16"}},
		lines: []int{3, 4}}
	r, err = resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colConcurrency, r.cols[0].kind)
	require.Equal(t, colAchieved, r.cols[1].kind)
}

// Whatever its words, a percentage, a temperature or a memory size is
// never a load: the header's dimension decides before its words.
func TestNoLoadInOtherDimensions(t *testing.T) {
	for _, h := range []string{"Concurrency (%)", "Users temp (°C)", "Batch memory (GB)", "Parallel power (W)"} {
		require.NotEqual(t, colConcurrency, classify(h).kind, h)
	}
	g := grid{file: "t.md", header: []string{"users", "batch", "Output tok/s"},
		rows:  [][]string{{"1", "12%", "40"}, {"4", "48%", "150"}},
		lines: []int{3, 4}}
	r, err := resolveColumns(g, nil, 0, Meta{})
	require.NoError(t, err)
	require.Equal(t, colRatio, r.cols[1].kind)
	require.Equal(t, colConcurrency, r.cols[0].kind)
}
