package read

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
)

func TestAIPerfExports(t *testing.T) {
	for _, tc := range []struct {
		dir                               string
		conc, tput, p50, p99, itl, rps, d float64
		requests                          int
		cancelled                         bool
	}{
		{"simserver-v0.1.1-db4f639-chat-c32", 32, 2490.678080451926, 23.966670999999998, 101.67973281, 12.420120562097, 25.986791874837504, 38.481087039, 1000, false},
		{"simserver-v0.1.1-db4f639-chat-c128", 128, 4143.551813511814, 1443.1951725, 1764.3386978799995, 14.942471454736841, 43.22795868773659, 23.688372782000002, 1024, false},
		{"simserver-v0.1.1-db4f639-chat-c256", 256, 4207.208347956968, 4303.9870855, 4515.00603088, 14.952414686033576, 43.83512002063395, 46.720529088000006, 2048, false},
		{"simserver-v0.1.1-db4f639-chat-c64-failures-5pct-cancelled", 64, 4058.9047303598477, 28.918149999999997, 162.85767859999999, 14.849747820754715, 42.37050362201949, 22.16164359, 939, true},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			for _, in := range []string{"aiperf/" + tc.dir + "/profile_export_aiperf.json", "aiperf/" + tc.dir} {
				s, err := File(fixtures.Path(in), Options{Meta: Meta{GPUs: 4}})
				require.NoError(t, err)
				require.Equal(t, "aiperf", s.Harness)
				require.Equal(t, "sim-llm", s.Model)
				require.Len(t, s.Points, 1)
				p := s.Points[0]
				require.Equal(t, tc.conc, p.Concurrency)
				require.Equal(t, tc.conc/4, *p.PerGPU)
				require.InDelta(t, tc.tput, p.ThroughputTokS, 1e-9)
				require.InDelta(t, tc.tput/4, *p.ThroughputPerGPU, 1e-9)
				require.InDelta(t, tc.p50, *p.TTFT.P50, 1e-9)
				require.InDelta(t, tc.p99, *p.TTFT.P99, 1e-9)
				require.InDelta(t, tc.itl, *p.ITL.P50, 1e-9)
				require.InDelta(t, tc.rps, *p.RequestRate, 1e-9)
				require.InDelta(t, tc.d, *p.DurationS, 1e-9, "benchmark_duration is in sec")
				require.Equal(t, tc.requests, *p.Requests)
				require.Nil(t, p.Failures, "error_request_count is null in these exports: unknown, not zero")
				require.Equal(t, tc.cancelled, p.Cancelled)
				if tc.cancelled {
					require.Len(t, s.Notes, 1)
					require.Contains(t, s.Notes[0], "cancelled")
				} else {
					require.Empty(t, s.Notes)
				}
			}
		})
	}
}

func TestAIPerfFolderOfExportsIsOneSweep(t *testing.T) {
	s, err := File(fixtures.Path("aiperf"), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 4)
	var conc []float64
	for _, p := range s.Points {
		conc = append(conc, p.Concurrency)
	}
	require.Equal(t, []float64{32, 64, 128, 256}, conc)
	require.True(t, s.Points[1].Cancelled)
}

func TestAIPerfSentinelLogMatchesTheExport(t *testing.T) {
	s, err := File(fixtures.Path("aiperf/aicr-sentinel-log-c128/pod.log"), Options{})
	require.NoError(t, err)
	require.Len(t, s.Points, 1)
	p := s.Points[0]
	require.Equal(t, 128.0, p.Concurrency)
	require.InDelta(t, 4143.551813511814, p.ThroughputTokS, 1e-9)
	require.InDelta(t, 1764.3386978799995, *p.TTFT.P99, 1e-9)
	require.Contains(t, p.Source, "pod.log:197")
}

// aicr's example blob (FORMATS.md §2) carries no input_config: the
// concurrency comes from the aiperf command line in the same log. Units are
// honoured: this hand-written input gives TTFT in seconds and ITL in µs.
func TestAIPerfLogUnitsAndConcurrencyFromCommandLine(t *testing.T) {
	log := `aiperf profile --model Qwen/Qwen3-8B --concurrency 512 --streaming
===AIPERF-RESULT===
{"output_token_throughput": {"unit": "tokens/sec", "avg": 5667.5},
 "time_to_first_token": {"unit": "s", "avg": 0.0452, "p99": 0.0841, "min": 0.020, "max": 0.0953},
 "inter_token_latency": {"unit": "us", "avg": 14800, "p50": 14900}}
===AIPERF-RESULT===
`
	p := filepath.Join(t.TempDir(), "job.log")
	require.NoError(t, os.WriteFile(p, []byte(log), 0o644))
	s, err := File(p, Options{})
	require.NoError(t, err)
	pt := s.Points[0]
	require.Equal(t, 512.0, pt.Concurrency)
	require.InDelta(t, 5667.5, pt.ThroughputTokS, 1e-9)
	require.InDelta(t, 84.1, *pt.TTFT.P99, 1e-9)
	require.InDelta(t, 45.2, *pt.TTFT.Mean, 1e-9)
	require.InDelta(t, 14.9, *pt.ITL.P50, 1e-9)
}

func TestAIPerfBadInputs(t *testing.T) {
	for _, tc := range []struct {
		name, body, field string
	}{
		{"no concurrency", `{"output_token_throughput": {"unit": "tokens/sec", "avg": 1}, "time_to_first_token": {"unit": "ms", "p99": 1}}`, "input_config.loadgen.concurrency"},
		{"unknown unit", `{"input_config": {"loadgen": {"concurrency": 8}}, "output_token_throughput": {"unit": "tokens/sec", "avg": 1}, "time_to_first_token": {"unit": "fortnights", "p99": 1}}`, "time_to_first_token.unit"},
		{"no throughput", `{"input_config": {"loadgen": {"concurrency": 8}}, "time_to_first_token": {"unit": "ms", "p99": 1}}`, "output_token_throughput.avg"},
		{"string number", `{"input_config": {"loadgen": {"concurrency": 8}}, "output_token_throughput": {"unit": "tokens/sec", "avg": "fast"}}`, "output_token_throughput.avg"},
		{"NaN", `{"input_config": {"loadgen": {"concurrency": 8}}, "output_token_throughput": {"unit": "tokens/sec", "avg": 10}, "time_to_first_token": {"unit": "ms", "p99": NaN}}`, "time_to_first_token.p99"},
		{"p99 below p50", `{"input_config": {"loadgen": {"concurrency": 8}}, "output_token_throughput": {"unit": "tokens/sec", "avg": 10}, "time_to_first_token": {"unit": "ms", "p50": 30, "p99": 20}}`, "ttft_ms"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "profile_export_aiperf.json")
			require.NoError(t, os.WriteFile(p, []byte(tc.body), 0o644))
			_, err := File(p, Options{})
			var ie *inputerr.Error
			require.ErrorAs(t, err, &ie)
			require.Equal(t, tc.field, ie.Field, err.Error())
			require.Contains(t, err.Error(), p)
		})
	}
}
