package read

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/sweep"
)

// A load is a set value (issue 26, batch o's load of 62.7 that no row
// holds as a level): a concurrency is a whole number of requests in
// flight, an offered rate a round number (at most three significant
// digits: 0.5, 2.5, 12, 1.25 req/s). A column that moves like a
// measurement (62.7, 30.1, a rate of 7.5391) is what the server did with
// the load, never the load. So every point the corpus reads (with no flag
// and with the flags its refusal names) has a set value for its load,
// except where knee derives the level itself (Little's law, said in the
// point) and where the user's --column picks a measured column as the
// level (guidellm's mean concurrency, as the refusal offers it).
func checkSetValueLoads(t *testing.T, name string, s *sweep.Sweep, meta Meta) {
	if _, picked := meta.Columns["concurrency"]; picked {
		return
	}
	if _, wrong := corpusKnownWrong[name]; wrong {
		return // its wrong level is what corpusKnownWrong says
	}
	if why, ok := realizedOfferedRates[name]; ok {
		t.Logf("%s: offered rates as realized, not set: %s", name, why)
		return
	}
	for _, p := range s.Points {
		if p.Derived {
			continue
		}
		switch {
		case p.RequestedRate != nil:
			require.True(t, roundRate(*p.RequestedRate) || labelledRate(p.Source, *p.RequestedRate), "%s: %s: offered rate %v is no set value", name, p.Source, *p.RequestedRate)
		case p.PerGPU != nil:
			// A level per GPU is the level over the GPUs: 0.5 per GPU is 4
			// over 8; the level itself is checked.
			require.True(t, p.Concurrency == math.Trunc(p.Concurrency) || *p.PerGPU == math.Trunc(*p.PerGPU), "%s: %s: load %v (%v per GPU) is no set value", name, p.Source, p.Concurrency, *p.PerGPU)
		default:
			require.Equal(t, math.Trunc(p.Concurrency), p.Concurrency, "%s: %s: concurrency %v is no set value: a measured column taken for the level", name, p.Source, p.Concurrency)
		}
	}
}

// realizedOfferedRates are the entries whose table gives only the offered
// rate as the client realized it (Poisson arrivals counted over the stage),
// under a header that names it offered: the load, though no round number.
var realizedOfferedRates = map[string]string{
	"bi-vllm029-kaggle-t4-qwen25-15b-thealonemusk-inferstack-phase04-sweep": `"offered" 0.86/s … 24.08/s: Poisson arrivals over 30 s stages, beside "completed"`,
}

// labelledRate: the source row names v as the rate it was set to
// (guidellm's sweep writes its stages `constant@10.48`: a set value with
// four digits). source is "path:line".
func labelledRate(source string, v float64) bool {
	i := strings.LastIndex(source, ":")
	if i < 0 {
		return false
	}
	n, err := strconv.Atoi(source[i+1:])
	if err != nil {
		return false
	}
	b, err := os.ReadFile(source[:i])
	if err != nil {
		return false
	}
	lines := strings.Split(string(b), "\n")
	return n >= 1 && n <= len(lines) && strings.Contains(lines[n-1], "@"+strconv.FormatFloat(v, 'f', -1, 64))
}

// roundRate: v written with at most three significant digits.
func roundRate(v float64) bool {
	if v == math.Trunc(v) {
		return true // 1024 req/s, set with the concurrency it matches
	}
	digits := strings.TrimLeft(strings.ReplaceAll(strconv.FormatFloat(v, 'f', -1, 64), ".", ""), "0")
	return len(strings.TrimRight(digits, "0")) <= 3
}

// Synthetic: what a set value is.
func TestSetValueRates(t *testing.T) {
	for _, v := range []float64{0.5, 2.5, 12, 1.25, 100, 0.125, 3000, 1024} {
		require.True(t, roundRate(v), "%v", v)
	}
	for _, v := range []float64{7.5391, 62.73, 1.2345} {
		require.False(t, roundRate(v), "%v", v)
	}
}
