package read

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
)

// The KubeCon NA 2025 demo report (older schema, rate-based linear sweep):
// every stage's concurrency comes from Little's law, achieved_rate × mean
// request_latency, values computed independently from the JSON files.
func TestInferencePerfKubeconFolderDerivesConcurrency(t *testing.T) {
	s, err := File(fixtures.Path("inference-perf/kubecon-na-2025-vllm"), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 7)
	require.Equal(t, "inference-perf", s.Harness)
	require.Equal(t, "meta-llama/Meta-Llama-3-8B-Instruct", s.Model)
	require.Zero(t, s.GPUs)
	want := []struct {
		conc, rate, tput, ttftP99 float64
		requests                  int
	}{
		{0.49271794779759714, 1.0, 64.23350089997027, 39.696927970508106, 60},
		{17.176062653322166, 31.4, 1943.0109854644684, 43.61342025920749, 1884},
		{41.989350957739916, 61.79, 3820.6559401374307, 56.96494687814266, 3707},
		{94.1859298482751, 92.19, 5693.884076290361, 181.82665726635605, 5531},
		{409.3630323244735, 122.59, 6316.805901394126, 3204.3639390263706, 7355},
		{439.3528675398125, 152.98, 6323.774659230487, 3304.7047029575333, 9178},
		{441.4272061497646, 183.38, 6431.058168023075, 3347.4315829982515, 11002},
	}
	for i, w := range want {
		p := s.Points[i]
		require.True(t, p.Derived, "stage %d", i)
		require.InDelta(t, w.conc, p.Concurrency, 1e-9, "stage %d", i)
		require.NotNil(t, p.RequestedRate)
		require.InDelta(t, w.rate, *p.RequestedRate, 1e-9)
		require.InDelta(t, w.tput, p.ThroughputTokS, 1e-9)
		require.InDelta(t, w.ttftP99, *p.TTFT.P99, 1e-9)
		require.Equal(t, w.requests, *p.Requests)
		require.Equal(t, 0, *p.Failures)
		require.Nil(t, p.PerGPU, "no GPU count: no per-GPU value is guessed")
		require.Nil(t, p.DurationS, "older schema has no benchmark_time_seconds")
		require.InDelta(t, 204.1, *p.InputTokensMean, 0.1, "prompt_len.mean")
	}
	require.Contains(t, s.Points[0].Source, "stage_0_lifecycle_metrics.json")
}

// v0.6.1 (prompt_len) and main (prompt_tokens, output_tokens) reports, as
// folders and as the console log of the same run: same levels, same numbers.
func TestInferencePerfConcurrentSweepEverySchemaAndLog(t *testing.T) {
	type want struct {
		tput, ttftP50, ttftP99, itlP50, inMean, durS, achieved float64
	}
	v061 := []want{
		{375.2795397401702, 23.165177500231948, 30.705238609848497, 10.313221220827465, 260.4375, 10.978482873999837, 3.909554984564474},
		{1323.8344437943354, 25.214579500016043, 55.43635399990307, 11.35943742195679, 254.53125, 9.424894524000138, 15.135688662164142},
		{3740.226275060531, 37.334710500090296, 270.2911802600329, 15.495639754128998, 254.83125, 10.927948469999592, 58.319098527651335},
		{3836.9216856983835, 2030.0062955000158, 2437.95597563017, 15.64264952433686, 254.8671875, 17.06680650899989, 113.03966601705241},
		{3951.525341164605, 5963.571530000081, 6459.485906640101, 15.706853933897778, 254.1689453125, 32.85996894599975, 225.78062780845005},
	}
	main := []want{
		{372.9307406856651, 23.756035999895175, 27.31650902976071, 10.321497795970549, 260.4375, 11.047627751000164, 3.884633172955613},
		{1321.0425659036882, 25.900528999954986, 42.75853620003999, 11.355476537696758, 254.53125, 9.444812999999613, 15.096147781539747},
		{3743.8294109624353, 38.62616500009608, 257.65330402007754, 15.480150966105727, 254.83125, 10.917431195000063, 58.47115850552409},
		{3839.1710251988493, 2029.5337220002239, 2415.6345417299003, 15.654162485119405, 254.8671875, 17.05680720400005, 113.05312899953454},
		{3950.3111789369937, 5961.651078999921, 6482.878374270112, 15.714745028205867, 254.1689453125, 32.87006874100007, 225.73265545024415},
	}
	for _, tc := range []struct {
		input string
		want  []want
		model string
	}{
		{"inference-perf/simserver-v0.6.1-concurrent-sweep", v061, ""},
		{"inference-perf/simserver-v0.6.1-concurrent-sweep/stdout.log", v061, "sim-llm"},
		{"inference-perf/simserver-main-7de5ef2-concurrent-sweep", main, ""},
		{"inference-perf/simserver-main-7de5ef2-concurrent-sweep/stdout.log", main, "sim-llm"},
	} {
		t.Run(tc.input, func(t *testing.T) {
			s, err := File(fixtures.Path(tc.input), Options{Meta: Meta{GPUs: 1}})
			require.NoError(t, err)
			require.Equal(t, "inference-perf", s.Harness)
			require.Equal(t, tc.model, s.Model)
			require.Len(t, s.Points, 5)
			for i, c := range []float64{4, 16, 64, 128, 256} {
				p, w := s.Points[i], tc.want[i]
				require.Equal(t, c, p.Concurrency)
				require.False(t, p.Derived)
				require.Equal(t, c, *p.PerGPU)
				require.InDelta(t, w.tput, p.ThroughputTokS, 1e-9)
				require.InDelta(t, w.tput, *p.ThroughputPerGPU, 1e-9)
				require.InDelta(t, w.ttftP50, *p.TTFT.P50, 1e-9)
				require.InDelta(t, w.ttftP99, *p.TTFT.P99, 1e-9)
				require.InDelta(t, w.itlP50, *p.ITL.P50, 1e-9, "ITL is time_per_output_token in ms")
				require.InDelta(t, w.inMean, *p.InputTokensMean, 1e-9)
				require.InDelta(t, w.durS, *p.DurationS, 1e-9)
				require.InDelta(t, w.achieved, *p.AchievedConcurrency, 1e-9)
				require.Equal(t, 0, *p.Failures)
				require.Empty(t, p.FailureLabels)
			}
		})
	}
}

func TestInferencePerfFailuresCountedByLabel(t *testing.T) {
	for _, dir := range []string{
		"inference-perf/simserver-v0.6.1-concurrent-failures-5pct",
		"inference-perf/simserver-main-7de5ef2-concurrent-failures-5pct",
		"inference-perf/simserver-main-7de5ef2-concurrent-failures-5pct/stdout.log",
	} {
		t.Run(dir, func(t *testing.T) {
			s, err := File(fixtures.Path(dir), Options{})
			require.NoError(t, err)
			require.Len(t, s.Points, 3)
			for i, w := range []struct {
				conc               float64
				requests, failures int
			}{{8, 61, 3}, {32, 182, 10}, {128, 485, 27}} {
				p := s.Points[i]
				require.Equal(t, w.conc, p.Concurrency)
				require.Equal(t, w.requests, *p.Requests)
				require.Equal(t, w.failures, *p.Failures)
				require.Equal(t, map[string]int{"503 - Service Unavailable": w.failures}, p.FailureLabels)
			}
		})
	}
}

func TestInferencePerfSingleStageFile(t *testing.T) {
	s, err := File(fixtures.Path("inference-perf/simserver-v0.6.1-concurrent-failures-5pct/stage_2_lifecycle_metrics.json"), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	require.Equal(t, 128.0, s.Points[0].Concurrency)
	require.InDelta(t, 3890.1919774348075, s.Points[0].ThroughputTokS, 1e-9)
	require.InDelta(t, 2381.073846960025, *s.Points[0].TTFT.P99, 1e-9)
}

func TestInferencePerfSummaryAndPrometheusFilesAreNotPoints(t *testing.T) {
	for _, f := range []string{
		"inference-perf/kubecon-na-2025-vllm/summary_lifecycle_metrics.json",
		"inference-perf/kubecon-na-2025-vllm/stage_0_prometheus_metrics.json",
	} {
		_, err := File(fixtures.Path(f), Options{})
		var ie *inputerr.Error
		require.ErrorAs(t, err, &ie, f)
		require.Contains(t, err.Error(), filepath.Base(f))
	}
}

// A pod log read with `kubectl logs --timestamps`: every line carries a
// timestamp prefix, which the reader drops.
func TestInferencePerfLogWithTimestampPrefix(t *testing.T) {
	b, err := os.ReadFile(fixtures.Path("inference-perf/simserver-main-7de5ef2-concurrent-sweep/stdout.log"))
	require.NoError(t, err)
	var out []byte
	for _, l := range splitLines(b) {
		out = append(out, "2026-11-30T04:20:01.5Z "...)
		out = append(out, l...)
		out = append(out, '\n')
	}
	p := filepath.Join(t.TempDir(), "pod.log")
	require.NoError(t, os.WriteFile(p, out, 0o644))
	s, err := File(p, Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 5)
	require.Equal(t, 256.0, s.Points[4].Concurrency)
	require.InDelta(t, 3950.3111789369937, s.Points[4].ThroughputTokS, 1e-9)
}

func splitLines(b []byte) [][]byte {
	var out [][]byte
	start := 0
	for i, c := range b {
		if c == '\n' {
			out = append(out, b[start:i])
			start = i + 1
		}
	}
	if start < len(b) {
		out = append(out, b[start:])
	}
	return out
}
