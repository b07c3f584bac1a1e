package builtin

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// At knee's --input-tokens bound the distinct prompts of a level stay
// within their byte budget (256 million-token prompts were over 1 GB);
// ordinary lengths keep all 256.
func TestDistinctBodiesStayWithinTheirBudget(t *testing.T) {
	require.Equal(t, 256, distinctBodies(128))
	require.Equal(t, 256, distinctBodies(128<<10))
	require.Equal(t, 32, distinctBodies(sweep.MaxTokens))
	require.Equal(t, 1, distinctBodies(1<<30))
	require.LessOrEqual(t, distinctBodies(sweep.MaxTokens)*sweep.MaxTokens*8, 256<<20)
}
