package read

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// Built for the rule, not measured: two deployments × two concurrencies
// in benchmark_serving.py's --append-result shape (the real file is
// /tmp/holdout-h/09, from nerdalert/vllm-bench-automation).
const vllmLines = `{"date": "20250530-194738", "backend": "vllm", "model_id": "m", "deployment": "base", "request_rate": "inf", "max_concurrency": 8, "num_prompts": 80, "completed": 80, "request_throughput": 2.0, "output_throughput": 1000.0, "mean_ttft_ms": 50.0, "mean_e2el_ms": 4000.0}
{"date": "20250530-194848", "backend": "vllm", "model_id": "m", "deployment": "base", "request_rate": "inf", "max_concurrency": 16, "num_prompts": 160, "completed": 160, "request_throughput": 3.6, "output_throughput": 1800.0, "mean_ttft_ms": 70.0, "mean_e2el_ms": 4400.0}
{"date": "20250530-195000", "backend": "vllm", "model_id": "m", "deployment": "kvcache", "request_rate": "inf", "max_concurrency": 8, "num_prompts": 80, "completed": 80, "request_throughput": 2.1, "output_throughput": 1050.0, "mean_ttft_ms": 45.0, "mean_e2el_ms": 3800.0}
{"date": "20250530-195100", "backend": "vllm", "model_id": "m", "deployment": "kvcache", "request_rate": "inf", "max_concurrency": 16, "num_prompts": 160, "completed": 160, "request_throughput": 3.9, "output_throughput": 1950.0, "mean_ttft_ms": 60.0, "mean_e2el_ms": 4100.0}
`

func TestVLLMResultLinesAreSeriesByTheirMetadata(t *testing.T) {
	p := writeTemp(t, "results.json", vllmLines)
	format, err := Detect(p, []byte(vllmLines))
	require.NoError(t, err)
	require.Equal(t, FormatVLLM, format)
	_, err = File(p, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie, "two deployments at the same levels are two curves, never repeats")
	require.Equal(t, "--series", ie.Field)
	require.Contains(t, err.Error(), `by deployment: base (2 lines), kvcache (2 lines)`)

	s, err := File(p, Options{Meta: Meta{Series: "kvcache"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 16.0, s.Points[1].Concurrency)
	require.Equal(t, 1950.0, s.Points[1].ThroughputTokS)
	require.Equal(t, 60.0, *s.Points[1].TTFT.Mean)
}

func TestVLLMResultLinesOfOneCurve(t *testing.T) {
	lines := strings.SplitAfter(vllmLines, "\n")
	one := lines[0] + lines[1]
	s, err := File(writeTemp(t, "results.json", one), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 1800.0, s.Points[1].ThroughputTokS)
}

func TestVLLMFolderOfTwoDeploymentsIsRefusedBySeries(t *testing.T) {
	dir := t.TempDir()
	for i, l := range strings.SplitAfter(strings.TrimSpace(vllmLines), "\n") {
		writeFileIn(t, dir, "r"+string(rune('0'+i))+".json", l)
	}
	_, err := Load([]string{dir}, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie, "a folder of two deployments' results is two curves, never repeats")
	require.Contains(t, err.Error(), `the folder holds 2 series by deployment: base (2 files), kvcache (2 files)`)
	s, err := Load([]string{dir}, Options{Meta: Meta{Series: "base"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, 1800.0, s.Points[1].ThroughputTokS)
}

func TestAMetadataFieldRepeatingTheLevelIsNoSeries(t *testing.T) {
	tags := vllmTags(map[string]json.RawMessage{"max_concurrency": json.RawMessage("16"), "concurrency": json.RawMessage(`"16"`), "deployment": json.RawMessage(`"base"`)})
	require.Equal(t, map[string]string{"deployment": "base"}, tags)
}

func writeFileIn(t *testing.T, dir, name, body string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
}

// Result lines of one level whose token counts say different request
// lengths (1024/1024 beside 4096/4096 tokens per request) ran different
// workloads: series, never repeats, though no string field tells them
// apart; lines of alike lengths (outputs stopping a little early) stay
// one curve. Built for the rule (issue 26, batch o's merged curves).
func TestVLLMResultLinesAreSeriesByTheirRequestLengths(t *testing.T) {
	line := func(c, n, in, out int, tokS float64) string {
		return fmt.Sprintf(`{"backend": "vllm", "model_id": "m", "request_rate": "inf", "max_concurrency": %d, "num_prompts": %d, "completed": %d, "total_input_tokens": %d, "total_output_tokens": %d, "output_throughput": %g, "mean_ttft_ms": 50.0}`+"\n", c, n, n, n*in, n*out, tokS)
	}
	two := line(8, 80, 1024, 1024, 900) + line(8, 80, 4096, 4096, 700) + line(16, 160, 1024, 1000, 1500) + line(16, 160, 4096, 4090, 1100)
	p := writeTemp(t, "results.json", two)
	_, err := File(p, Options{})
	var ie *inputerr.Error
	require.ErrorAs(t, err, &ie)
	require.Equal(t, "--series", ie.Field)
	require.Contains(t, err.Error(), `by tokens per request: 1024/1024 (2 lines), 4096/4096 (2 lines)`)
	s, err := File(p, Options{Meta: Meta{Series: "4096/4096"}})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
	require.Equal(t, []float64{700, 1100}, []float64{s.Points[0].ThroughputTokS, s.Points[1].ThroughputTokS})

	one := line(8, 80, 1024, 1024, 900) + line(16, 160, 1024, 900, 1500)
	s, err = File(writeTemp(t, "one.json", one), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 2)
}
