package knee

import (
	"fmt"

	"github.com/kneetool/knee/sweep"
)

// Answerer is the analysis as the table reader's ambiguity pass asks it
// (sweep.Judge): Find with the command's options, cut down to what decides
// a perf engineer's next step.
func Answerer(opts Options) sweep.Judge {
	return func(s *sweep.Sweep) (sweep.Answer, error) {
		r, err := Find(s, opts)
		if err != nil {
			return sweep.Answer{}, err
		}
		return AnswerOf(r), nil
	}
}

// AnswerOf cuts a result down to its sweep.Answer.
func AnswerOf(r *Result) sweep.Answer {
	a := sweep.Answer{Knee: r.Knee.Phrase(UnitOf(r))}
	if r.RecommendedPerGPU != nil {
		v := *r.RecommendedPerGPU
		a.Operating = &v
	}
	for _, p := range r.Points {
		a.Verdicts = append(a.Verdicts, fmt.Sprintf("%s %s", num(p.PerGPU), p.Verdict))
	}
	return a
}
