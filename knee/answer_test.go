package knee

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/sweep/read"
)

// The answer the reader compares is Find's, cut down: the operating level,
// the knee in Phrase's words, a verdict per level.
func TestAnswererIsFindCutDown(t *testing.T) {
	p := fixtures.Path(filepath.Join("corpus", "b-llamacpp-batched-bench-dgx-spark-gptoss120b", "table.md"))
	s, err := read.Load([]string{p}, read.Options{Meta: read.Meta{Series: "512", Columns: map[string]string{"throughput": "S t/s"}}})
	require.NoError(t, err)
	r, err := Find(s, DefaultOptions())
	require.NoError(t, err)
	a, err := Answerer(DefaultOptions())(s)
	require.NoError(t, err)
	require.Equal(t, *r.RecommendedPerGPU, *a.Operating)
	require.Equal(t, 4.0, *a.Operating)
	require.Equal(t, r.Knee.Phrase(UnitOf(r)), a.Knee)
	require.Len(t, a.Verdicts, len(r.Points))
	require.Equal(t, "1 "+string(r.Points[0].Verdict), a.Verdicts[0])
}
