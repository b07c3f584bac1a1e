package plot_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/report/plot"
)

// A result with a physical bound draws it and names it in the legend.
func TestWriteMarksThePhysicalBound(t *testing.T) {
	s, r := gb300(t)
	r.Bound = &knee.PhysicalBound{PerGPU: 355, Total: 1420, From: "kv_cache"}
	path := filepath.Join(t.TempDir(), "bound.svg")
	require.NoError(t, plot.Write(path, s, r, plot.Options{}))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Contains(t, string(b), "physical bound 355 (KV cache capacity ÷ tokens per request)")
}
