package table

import (
	"testing"

	"github.com/kneetool/knee/sweep"

	"github.com/stretchr/testify/require"
)

// Columns nothing names are read as the node's tok/s when each grows with
// the load, steeply at first and then ever less (simulated numbers shaped
// as a saturating node's).
func TestUnnamedColumnsReadByHowTheyMove(t *testing.T) {
	md := "| batch size | w4 | w16 |\n|---|---|---|\n| 1 | 240 | 98 |\n| 4 | 900 | 380 |\n| 16 | 2800 | 1375 |\n| 64 | 4760 | 3880 |\n| 128 | 5640 | 4920 |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "w16"})
	require.NoError(t, err)
	require.Len(t, s.Points, 5)
	require.Equal(t, 4920.0, s.Points[4].ThroughputTokS)
	require.Contains(t, s.Notes[0]+s.Notes[1], "by how they move with \"batch size\"")
}

// A load written with its letter ("c1") and a column of signed
// percentages beside the curves do not stop the reading.
func TestUnnamedColumnsBesideAPercentage(t *testing.T) {
	md := "| Concurrency | FP8 | NVFP4 | gain |\n|---|---:|---:|---:|\n| c1 | 47 | 60 | +27 % |\n| c4 | 134 | 161 | +20 % |\n| c8 | 209 | 229 | +10 % |\n| c16 | 256 | 256 | 0 % |\n"
	s, err := Read("t.md", []byte(md), Markdown, Meta{Series: "FP8"})
	require.NoError(t, err)
	require.Equal(t, []float64{47, 134, 209, 256}, throughputs(s))
}

// Numbers shaped otherwise are not read as a rate: a latency climbing
// ever faster, a per-request rate falling, a request rate (a few per
// second at one request), or any of them beside the rates; nor numbers
// under a heading that names a latency.
func TestUnnamedColumnsShapedOtherwiseAreRefused(t *testing.T) {
	for name, md := range map[string]string{
		"latency":                  "| users | vLLM | SGLang |\n|---|---|---|\n| 1 | 50 | 52 |\n| 4 | 60 | 66 |\n| 16 | 140 | 150 |\n| 64 | 900 | 1000 |\n",
		"latency at load":          "| users | vLLM | SGLang |\n|---|---|---|\n| 16 | 500 | 520 |\n| 32 | 1000 | 1050 |\n| 64 | 2000 | 2090 |\n",
		"per request":              "| users | vLLM | SGLang |\n|---|---|---|\n| 1 | 50 | 52 |\n| 4 | 45 | 47 |\n| 16 | 30 | 33 |\n",
		"requests":                 "| users | vLLM | SGLang |\n|---|---|---|\n| 1 | 0.4 | 0.5 |\n| 4 | 1.5 | 1.8 |\n| 16 | 4.1 | 4.4 |\n",
		"mixed":                    "| users | vLLM | SGLang |\n|---|---|---|\n| 1 | 50 | 52 |\n| 4 | 180 | 47 |\n| 16 | 400 | 33 |\n",
		"under a latency":          "### TTFT (ms)\n\n| users | vLLM | SGLang |\n|---|---|---|\n| 1 | 50 | 52 |\n| 4 | 180 | 190 |\n| 16 | 400 | 420 |\n",
		"beside a latency caption": "| users | vLLM | SGLang |\n|---|---|---|\n| 1 | 50 | 52 |\n| 4 | 180 | 190 |\n| 16 | 400 | 420 |\n\n**Median TTFT (ms)**:\n",
	} {
		_, err := Read("t.md", []byte(md), Markdown, Meta{})
		if name == "under a latency" {
			require.ErrorContains(t, err, "(vLLM TTFT (ms))", name) // named by the heading: TTFT
			continue
		}
		require.ErrorContains(t, err, "hold numbers that nothing names", name+": "+err.Error())
	}
}

func throughputs(s *sweep.Sweep) []float64 {
	var out []float64
	for _, p := range s.Points {
		out = append(out, p.ThroughputTokS)
	}
	return out
}
