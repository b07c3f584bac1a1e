package read

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// A real table (k-cllm…: a llama.cpp backend's batch_timeout_ms sweep) has a
// column per level (并发8 … 并发32), a row per setting, and a last column
// 平均吞吐量 that is each row's mean. Before, every level header read as a
// concurrency column and the refusal named 并发8 as the load, which read the
// row means as throughput.
func TestSummaryColumnIsSetAsideAndTheLevelsTurn(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "k-cllm-llamacpp-backend-timeout-transposed-emoji-cells-zh", "table.md"))
	_, err := Load([]string{file}, Options{})
	require.ErrorContains(t, err, `the table holds 6 series by "series": timeout=25 (4 rows)`)
	s, err := Load([]string{file}, Options{Meta: Meta{Series: "timeout=100"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	for i, want := range []struct{ n, x float64 }{{8, 227.36}, {16, 188.50}, {24, 206.96}, {32, 187.09}} {
		require.Equal(t, want.n, s.Points[i].Concurrency)
		require.Equal(t, want.x, s.Points[i].ThroughputTokS)
	}
	require.Contains(t, strings.Join(s.Notes, "\n"), `"平均吞吐量" is the mean of each row's level cells, not a level: not read; the level cells are read as "平均吞吐量"`)
}
