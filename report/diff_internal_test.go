package report

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/baseline"
)

// A row's "from" column says in a few words what its interval rests on.
func TestBasisNamesTheWithinRunAndUnjudgedRows(t *testing.T) {
	require.Equal(t, "1 vs 1 run: not judged", basis(baseline.DiffRow{Method: baseline.LatencyUnjudged}))
	require.Equal(t, "within-run interval", basis(baseline.DiffRow{Method: baseline.WithinMethod}))
	require.Equal(t, "Welch t, 3 vs 2", basis(baseline.DiffRow{OldN: 3, NewN: 2}))
	require.Equal(t, "not run in NEW", basis(baseline.DiffRow{Metric: baseline.MeasuredMetric}))
}
