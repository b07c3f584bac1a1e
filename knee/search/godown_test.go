package search_test

import (
	"encoding/json"
	"os"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/knee/search"
	"github.com/kneetool/knee/sweep"
)

// firstLevelsOf is a recorded search's first n levels, in the order they ran.
func firstLevelsOf(t *testing.T, run string, n int) *sweep.Sweep {
	b, err := os.ReadFile(fixtures.Path(run + "/sweep.json"))
	require.NoError(t, err)
	var s sweep.Sweep
	require.NoError(t, json.Unmarshal(b, &s))
	sort.SliceStable(s.Points, func(i, j int) bool { return s.Points[i].Source < s.Points[j].Source })
	s.Points = s.Points[:n]
	return &s
}

// Run 5 on the H200 test bed (fixtures/testbed/h200-cbserve-0.6b-budget-
// search): after its cap probe's three levels, 128 → 217/GPU gained +13.3%
// on intervals of ±27.7% and ±7.0% (elasticity 0.24 ± 0.26): unresolved,
// and 217 reads flat, so 128, the lowest level, is the only candidate and
// nothing below it shows it under the knee. The search spent 2m41s
// extending the step, then its budget ran out before it could go down, and
// it recommended nothing. Extending first cannot give an answer, going
// down can: the search goes down to 64 first, the cheapest level (its
// requests the shortest), and extends after. A step out of a lowest level
// that the rule trusts (a gain above e* on its estimates) is extended as
// before.
func TestSearchGoesDownBeforeExtendingWhenTheLowestLevelIsUnverified(t *testing.T) {
	opts := knee.DefaultOptions()
	s := firstLevelsOf(t, "testbed/h200-cbserve-0.6b-budget-search/run-5", 3)
	require.Equal(t, 128.0, *s.Points[0].PerGPU)
	again, why := search.Extend(s, opts)
	assert.Empty(t, again, why)
	d := search.Next(s, []int{128, 217, 352}, search.DefaultSettings(), opts)
	assert.Equal(t, []int{64}, d.Levels, d.Reason)

	// Run 4's first three: 176 → 308/GPU gained +23.2% (elasticity 0.37
	// ± 0.06): the lowest level is trusted, the step is extended.
	s = firstLevelsOf(t, "testbed/h200-cbserve-0.6b-budget-search/run-4", 3)
	again, _ = search.Extend(s, opts)
	assert.Equal(t, []int{176, 308}, again)
}
