package read

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Synthetic: a sweep script's own number ("NUM_SPEC_TOKENS") beside vLLM's
// result fields, crossing the levels, names curves: results at one level
// that differ in it are no repeats. A count that does not cross the levels
// names nothing.
func TestVLLMLinesScriptSettingCrossingLevelsIsCurves(t *testing.T) {
	var b strings.Builder
	for _, k := range []int{2, 3} {
		for _, c := range []int{1, 4, 16} {
			fmt.Fprintf(&b, `{"date": "d", "backend": "vllm", "model_id": "m", "NUM_SPEC_TOKENS": %d, "num_prompts": 64, "request_rate": "inf", "max_concurrency": %d, "duration": 10, "completed": 64, "total_input_tokens": 6400, "total_output_tokens": 12800, "request_throughput": 1.0, "output_throughput": %d, "mean_ttft_ms": 20, "median_ttft_ms": 19, "p99_ttft_ms": 40}`+"\n", k, c, 100*c+k)
		}
	}
	path := filepath.Join(t.TempDir(), "results.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	s, err := Load([]string{path}, Options{Meta: Meta{Series: "3"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 3)
	require.Equal(t, 1603.0, s.Points[2].ThroughputTokS)
	_, err = Load([]string{path}, Options{})
	require.Error(t, err)
	require.Contains(t, err.Error(), "NUM_SPEC_TOKENS")
}
