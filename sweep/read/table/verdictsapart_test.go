package table

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// Three engines with one knee and one operating level whose verdicts at 64
// differ: the refusal says where they differ, not three equal summaries.
// Synthetic.
func TestDisagreementNamesTheLevelsApart(t *testing.T) {
	op := 16.0
	answers := map[string]sweep.Answer{
		"vLLM": {Operating: &op, Knee: "between 16 and 64", Verdicts: []string{"16 sub_knee", "64 past_knee"}},
		"TGI":  {Operating: &op, Knee: "between 16 and 64", Verdicts: []string{"16 sub_knee", "64 at_knee"}},
	}
	current := ""
	reread := func(m Meta) (*sweep.Sweep, *sweep.Sweep, error) {
		current = m.Series
		return &sweep.Sweep{}, &sweep.Sweep{}, nil
	}
	judge := func(*sweep.Sweep) (sweep.Answer, error) { return answers[current], nil }
	refusal := AmbiguousSeries(errors.New("pick one with --series"), []string{"vLLM", "TGI"})
	_, err := Decide("t.md", refusal, Meta{}, judge, 0, reread)
	require.ErrorContains(t, err, `with "vLLM" the knee is between 16 and 64 (recommended 16; 64 past_knee); with "TGI" the knee is between 16 and 64 (recommended 16; 64 at_knee)`)
}

// Summaries that differ already show how: no levels are added.
func TestVerdictsApartOnlyWhenSummariesAgree(t *testing.T) {
	reads := []candidateReading{
		{answer: sweep.Answer{Knee: "at 8", Verdicts: []string{"8 at_knee"}}},
		{answer: sweep.Answer{Knee: "at 16", Verdicts: []string{"8 sub_knee"}}},
	}
	require.Nil(t, verdictsApart(reads))
	require.Equal(t, "", levelWords(reads[0].answer, nil))
}

// Curves measured at other levels (16 against 8) are not told apart by
// verdict: their levels differ, which no verdict word says.
func TestVerdictsApartNeedTheSameLevels(t *testing.T) {
	reads := []candidateReading{
		{answer: sweep.Answer{Knee: "not reached", Verdicts: []string{"16 sub_knee", "32 sub_knee"}}},
		{answer: sweep.Answer{Knee: "not reached", Verdicts: []string{"8 sub_knee", "32 sub_knee"}}},
	}
	require.Nil(t, verdictsApart(reads))
}
