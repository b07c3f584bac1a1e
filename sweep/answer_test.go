package sweep

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Two answers are the same decision when the operating level and every
// verdict agree; the knee's words may differ.
func TestAnswerSame(t *testing.T) {
	a := Answer{Operating: F(8), Knee: "between 8 and 16 in flight", Verdicts: []string{"4 sub_knee", "8 sub_knee", "16 past_knee"}}
	b := a
	b.Knee = "between 8 and 16 in flight, estimate ≈11"
	require.True(t, a.Same(b))
	b.Operating = F(16)
	require.False(t, a.Same(b), "another operating level")
	b = a
	b.Operating = nil
	require.False(t, a.Same(b), "no level recommended on one side")
	b = a
	b.Verdicts = []string{"4 sub_knee", "8 at_knee", "16 past_knee"}
	require.False(t, a.Same(b), "a verdict differs")
	b.Verdicts = a.Verdicts[:2]
	require.False(t, a.Same(b), "a level missing")
	require.True(t, Answer{}.Same(Answer{}))
}
