package table

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// Simulated: a table of one workload swept at four concurrencies and two
// others spot-checked at two and one. The spot checks place no knee, so the
// sweep is read whatever each answers, with a note naming them.
func TestOnlyCurveAmongSpotChecksIsRead(t *testing.T) {
	levels := map[string][]float64{"1k / 1k": {1, 2, 4, 6}, "8k / 1k": {1, 4}, "64k / 512": {1}}
	reread := func(m Meta) (*sweep.Sweep, *sweep.Sweep, error) {
		s := &sweep.Sweep{}
		for _, c := range levels[m.Series] {
			s.Points = append(s.Points, sweep.Point{Concurrency: c, ThroughputTokS: 10 * c})
		}
		return s, s, nil
	}
	judge := func(s *sweep.Sweep) (sweep.Answer, error) {
		op := s.Points[len(s.Points)-1].Concurrency
		return sweep.Answer{Knee: fmt.Sprintf("at %d points", len(s.Points)), Operating: &op}, nil
	}
	refusal := AmbiguousSeries(errors.New("pick one with --series"), []string{"8k / 1k", "1k / 1k", "64k / 512"})
	s, err := Decide("t.md", refusal, Meta{}, judge, 0, reread)
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	require.Equal(t, `t.md: the series "1k / 1k" is the table's only curve (4 levels); "8k / 1k" (2 levels), "64k / 512" (1 levels) are spot checks too few to place a knee on: read "1k / 1k"; --series "8k / 1k" reads another`, s.Notes[0])

	// Two curves that disagree stay refused.
	levels["8k / 1k"] = []float64{1, 4, 8}
	_, err = Decide("t.md", refusal, Meta{}, judge, 0, reread)
	require.ErrorContains(t, err, "the choice changes knee's answer")

	// Two models are two subjects: one with two levels is still a choice.
	require.True(t, lengthLabel("8k in / 1k out"))
	require.True(t, lengthLabel("**64k / 512**"))
	require.False(t, lengthLabel("Qwen3-Coder-30B-A3B-Instruct-4bit"))
	require.False(t, lengthLabel("agg-gb200-agentic"))
}

// Simulated: a workload spelt in full on its first row ("1k in / 1k out")
// and short below is one workload; a label with no bare twin stays.
func TestLengthLabelsWithDirectionWordsJoinTheirTwin(t *testing.T) {
	g := grid{file: "t.md", header: []string{"scenario", "conc", "tok/s"},
		rows: [][]string{{"1k in / 1k out", "1", "30"}, {"1k / 1k", "2", "50"}, {"8k in / 1k out", "1", "20"}, {"prefill in", "1", "5"}}}
	notes := sameLengthLabels(&g, 0)
	require.Equal(t, "1k / 1k", g.rows[0][0])
	require.Equal(t, "8k in / 1k out", g.rows[2][0], "no bare twin")
	require.Equal(t, "prefill in", g.rows[3][0], "a direction word beside no length")
	require.Equal(t, []string{`t.md: "1k in / 1k out" read as the workload "1k / 1k" written below it without the direction words`}, notes)
	require.Equal(t, "128 / 2048", bareLengths("input: 128 / output: 2048"))
}
