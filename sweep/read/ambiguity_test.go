package read

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// llama.cpp's batched-bench prints the generation rate (S_TG t/s) beside the
// whole run's rate, prompt included (S t/s): two token rates of one run.
var batchedBenchFile = fixtures.Path(filepath.Join("corpus", "b-llamacpp-batched-bench-dgx-spark-gptoss120b", "table.md"))

// batchedBench is that table without its time columns (T_PP s, T_TG s, T s):
// then rate × time cannot tell the generation rate from the total
// (ratetimes.go), and the two rates stay a choice.
func batchedBench(t *testing.T) string {
	data, err := os.ReadFile(batchedBenchFile)
	require.NoError(t, err)
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) == 12 { // a table row: 10 cells between the outer pipes
			cells = append(cells[:9], cells[10:]...) // T s
			cells = append(cells[:7], cells[8:]...)  // T_TG s
			cells = append(cells[:5], cells[6:]...)  // T_PP s
		}
		out = append(out, strings.Join(cells, "|"))
	}
	path := filepath.Join(t.TempDir(), "table.md")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(out, "\n")), 0o600))
	return path
}

// With its time columns the physics settles it: S_TG t/s × T_TG s is B ×
// TG, S t/s × T s is N_KV (prompt included): no judge is needed.
func TestBatchedBenchReadsTheGenerationRate(t *testing.T) {
	s, err := Load([]string{batchedBenchFile}, Options{Meta: Meta{Series: "512"}})
	require.NoError(t, err)
	require.Equal(t, 57.28, s.Points[0].ThroughputTokS, "S_TG t/s at B=1")
	require.Contains(t, strings.Join(s.Notes, "\n"), `"S_TG t/s" read as the output throughput`)
}

func TestAmbiguityRefusesWhenTheAnswersDiffer(t *testing.T) {
	_, err := Load([]string{batchedBench(t)}, Options{Meta: Meta{Series: "512"}, Judge: corpusJudge})
	var ie *inputerr.Error
	require.True(t, errors.As(err, &ie), "%v", err)
	require.Equal(t, "S t/s", ie.Field)
	require.Equal(t, 10, ie.Line)
	require.Contains(t, ie.Msg, `columns "S_TG t/s" and "S t/s" both read as throughput, and the choice changes knee's answer`)
	require.Contains(t, ie.Msg, `with "S_TG t/s" the knee is not reached by 32 in flight (recommended 32)`)
	require.Contains(t, ie.Msg, `with "S t/s" the knee is located at ≈5.03 in flight, interval 4.23–5.98 in flight (recommended 4)`)
	require.True(t, strings.HasSuffix(ie.Msg, `pick one with --column throughput="S_TG t/s"`), ie.Msg)
}

func sameAnswer(*sweep.Sweep) (sweep.Answer, error) {
	v := 8.0
	return sweep.Answer{Operating: &v, Knee: "between 8 and 16 in flight", Verdicts: []string{"8 sub_knee"}}, nil
}

func TestAmbiguityReadsWhenTheAnswersAgree(t *testing.T) {
	s, err := Load([]string{batchedBench(t)}, Options{Meta: Meta{Series: "512"}, Judge: sameAnswer})
	require.NoError(t, err)
	require.Len(t, s.Points, 6)
	require.Equal(t, 1.0, s.Points[0].Concurrency)
	require.Equal(t, 57.28, s.Points[0].ThroughputTokS, "S_TG t/s at B=1")
	require.Equal(t, 312.56, s.Points[5].ThroughputTokS, "S_TG t/s at B=32")
	require.Contains(t, strings.Join(s.Notes, "\n"), `columns "S_TG t/s" and "S t/s" could each be the throughput and give one answer (the knee is between 8 and 16 in flight, recommended 8, the same verdict at every level): read "S_TG t/s"; --column throughput="S t/s" reads the other`)
}

func TestAmbiguityWithoutJudgeRefuses(t *testing.T) {
	_, err := Load([]string{batchedBench(t)}, Options{Meta: Meta{Series: "512"}})
	var ie *inputerr.Error
	require.True(t, errors.As(err, &ie), "%v", err)
	require.Equal(t, `columns "S_TG t/s" and "S t/s" both read as throughput; knee does not guess which: pick one with --column throughput="S_TG t/s"`, ie.Msg)
}

func TestAmbiguityKeepsTheRefusalWhenACandidateFails(t *testing.T) {
	calls := 0
	judge := func(s *sweep.Sweep) (sweep.Answer, error) {
		calls++
		if calls == 2 {
			return sweep.Answer{}, errors.New("analysis failed")
		}
		return sameAnswer(s)
	}
	_, err := Load([]string{batchedBench(t)}, Options{Meta: Meta{Series: "512"}, Judge: judge})
	require.Error(t, err)
	require.Contains(t, err.Error(), `both read as throughput; knee does not guess which: pick one with --column throughput="S_TG t/s"`)
	require.Equal(t, 2, calls)
}

func TestAmbiguityOverSeries(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "b-llamacpp-strixhalo-turboquant-32k-vs-64k", "table.md"))
	s, err := Load([]string{file}, Options{Judge: corpusJudge})
	require.NoError(t, err)
	require.Contains(t, strings.Join(s.Notes, "\n"), `the curves "32k" and "64k" give one answer (the knee is between 8 and 16 in flight, estimate ≈11, recommended 8, the same verdict at every level): read "32k"; --series "64k" reads another`)

	file = fixtures.Path(filepath.Join("corpus", "a-sglang-pr31044-mi300x-minimax-m27-strategies", "table.md"))
	_, err = Load([]string{file}, Options{Judge: corpusJudge})
	require.ErrorContains(t, err, `the table holds the curves "Low-latency", "Balanced" and "High-throughput", and the choice changes knee's answer: with "Low-latency" the knee is not reached by 16 in flight (recommended 16); with "Balanced" the knee is not reached by 256 in flight (recommended 256)`)
	require.ErrorContains(t, err, `pick one with --series "Low-latency"`)
}

// Real (guidellm console, three constant@R stages): the only concurrency
// is the measured mean requests in flight, what Little's law gives a rate
// stage, so it is the level, with a note; the served req/s beside it is
// no load and no offered rate is read.
func TestServedRateBesideMeasuredConcurrencyIsNoLoad(t *testing.T) {
	file := fixtures.Path(filepath.Join("corpus", "g-guidellm-llmd-guide-qwen3-06b-3rates-console", "table.txt"))
	s, err := Load([]string{file}, Options{Judge: corpusJudge})
	require.NoError(t, err)
	require.Contains(t, strings.Join(s.Notes, "\n"), `no configured level: "Requests Concurrency Mean", the mean requests in flight each stage measured (what Little's law gives a rate sweep's stage), read as the level`)
	var levels []float64
	for _, p := range s.Points {
		require.Nil(t, p.RequestedRate, "no offered rate is read")
		levels = append(levels, p.Concurrency)
	}
	require.Equal(t, []float64{0.1, 0.6, 2.5}, levels)
}
