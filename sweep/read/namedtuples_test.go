package read

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// A real table (k-diy-k8s-rtx4070…: vLLM on an RTX 4070 laptop) heads its
// load column "Concurrency / output len" and writes "1 / 200": one level and
// its output length. Before, each such row was read as two levels (1 and
// 200, 16 and 200, 32 and 1500), doubling every throughput.
func TestHeaderNamingTheLoadAndASettingSplitsItsCells(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "k-diy-k8s-rtx4070-laptop-qwen25-3b-vllm-conc-slash-outlen-cells", "table.md"))
	s, err := Load([]string{file}, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	for i, want := range []struct{ n, x float64 }{{1, 36}, {16, 512}, {32, 670}} {
		require.Equal(t, want.n, s.Points[i].Concurrency)
		require.Equal(t, want.x, s.Points[i].ThroughputTokS)
	}
	require.Contains(t, strings.Join(s.Notes, "\n"), `"Concurrency / output len" names 2 quantities and each cell holds one value of each: read as "Concurrency", "output len"`)
}

func TestHeaderNamingAMetricTupleOfASeries(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "k-kimi-k3-b300-tp8-vllm-1k-vs-8k-slash-packed-cells-zh", "table.md"))
	s, err := Load([]string{file}, Options{Meta: Meta{Series: "8K/1K"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, 478.0, s.Points[0].ThroughputTokS)
	require.Equal(t, 1390.0, *s.Points[0].TTFT.Mean)
	require.Equal(t, 82.0, s.Points[3].ThroughputTokS)
}
