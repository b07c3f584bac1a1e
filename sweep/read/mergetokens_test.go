package read

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Issue 27 item 3: knee import / baseline merged runs of other workloads
// as repeats. Run 3 of the real H200 repeats with twice the input tokens
// per request (simulated, as another --input-tokens would send) is
// refused, naming the field; the real runs still merge.
func TestMergeRefusesARunOfOtherTokensPerRequest(t *testing.T) {
	dir := fixtures.Path("testbed/h200-cbserve-0.6b-repeats/")
	var parts []*sweep.Sweep
	for _, r := range []string{"run-1", "run-2", "run-3"} {
		s, err := File(filepath.Join(dir, r), Options{})
		require.NoError(t, err)
		parts = append(parts, s)
	}
	_, err := Merge(parts, Meta{})
	require.NoError(t, err)

	for i := range parts[2].Points {
		v := *parts[2].Points[i].InputTokensMean * 2
		parts[2].Points[i].InputTokensMean = &v
	}
	_, err = Merge(parts, Meta{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "input_tokens_mean", ie.Field)
	require.Contains(t, ie.Msg, "sent another workload than")
}
