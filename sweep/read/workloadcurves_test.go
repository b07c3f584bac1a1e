package read

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// A real SGLang results file of the corpus (DataCrunch, 8×H200) holds two
// datasets: each is a curve, which find answers in turn and --series picks
// as --workload does.
func TestWorkloadsOfOneInputAreCurves(t *testing.T) {
	p := filepath.Join("..", "..", "fixtures", "corpus", "c-datacrunch-sglang-llama31-405b-8xh200-rate", "results.jsonl")
	_, err := File(p, Options{})
	require.ErrorContains(t, err, "holds 2 workloads")
	require.Equal(t, []string{"dataset_name=random", "dataset_name=sharegpt"}, CurveNames(err))

	s, err := File(p, Options{Meta: Meta{Series: "dataset_name=sharegpt"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	for _, pt := range s.Points {
		require.Equal(t, "sharegpt", pt.Workload["dataset_name"])
	}
	s, err = File(p, Options{Workload: "random"})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
}
