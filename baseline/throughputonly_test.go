package baseline

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/read"
)

// A throughput-only sweep (the real llama.cpp slot sweep on an MI210,
// fixtures/corpus) gets a concurrency and a throughput floor, and no TTFT
// ceiling: nothing was measured to check one against, and the proposal
// says so instead of writing the catalog value.
func TestProposeThroughputOnlySweepHasNoTTFTCeiling(t *testing.T) {
	s, err := read.Load([]string{fixtures.Path("corpus/b-llamacpp-mi210-dflash-np-sweep/table.md")}, read.Options{Meta: read.Meta{GPUs: 1}})
	require.NoError(t, err)
	r, err := knee.Find(s, knee.DefaultOptions())
	require.NoError(t, err)
	rec, err := Propose(s, r, DefaultPolicy())
	require.NoError(t, err)
	require.Equal(t, StatusProposed, rec.Status)
	require.Equal(t, []Constraint{{Name: ConstraintConcurrency, Value: "4"}, {Name: ConstraintThroughput, Value: ">= 120"}}, rec.Constraints)
	require.Zero(t, rec.Floors.TTFTP99Ms)
	last := rec.Derivation[len(rec.Derivation)-1]
	require.Equal(t, ConstraintTTFTP99, last.Name)
	require.Equal(t, "none", last.Value)
	require.Contains(t, last.How, "no level of the inputs measured TTFT")
	require.Contains(t, rec.Warnings, "no TTFT ceiling proposed: the inputs measured no TTFT at any level")
}
