package aiperf

import (
	"errors"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

func c128() (sweep.Plan, sweep.Level) {
	p := sweep.Plan{PerGPU: []int{128}, GPUs: 1, Model: "sim-llm", Endpoint: "http://127.0.0.1:18001", API: "chat",
		InputTokens: 128, OutputTokens: 128, MinRequests: 1000, RequestsPerConcurrency: 8}
	return p, p.Levels()[0]
}

// The real AIPerf 0.1.1 export at 128 in flight, and the aicr-style pod log
// built from it, give the same point: output_token_throughput.avg and
// time_to_first_token.p99 as recorded.
func TestParseReadsTheRecordedExportAndSentinelLog(t *testing.T) {
	p, lvl := c128()
	export, err := os.ReadFile(fixtures.Path("aiperf/simserver-v0.1.1-db4f639-chat-c128/profile_export_aiperf.json"))
	require.NoError(t, err)
	pt, err := Parse(export, "profile_export_aiperf.json", p, lvl)
	require.NoError(t, err)
	require.Equal(t, 128.0, pt.Concurrency)
	require.Equal(t, 128.0, *pt.PerGPU)
	require.InDelta(t, 4143.55, pt.ThroughputTokS, 0.01)
	require.InDelta(t, 1764.3386978799995, *pt.TTFT.P99, 1e-9)
	require.Equal(t, 1024, *pt.Requests)
	require.False(t, pt.Cancelled)

	log, err := os.ReadFile(fixtures.Path("aiperf/aicr-sentinel-log-c128/pod.log"))
	require.NoError(t, err)
	fromLog, err := Parse(log, "pod.log", p, lvl)
	require.NoError(t, err)
	require.Equal(t, pt.ThroughputTokS, fromLog.ThroughputTokS)
	require.Equal(t, *pt.TTFT.P99, *fromLog.TTFT.P99)
}

func TestParseRefusesAnExportOfAnotherLevel(t *testing.T) {
	p, _ := c128()
	p.PerGPU = []int{64}
	export, err := os.ReadFile(fixtures.Path("aiperf/simserver-v0.1.1-db4f639-chat-c128/profile_export_aiperf.json"))
	require.NoError(t, err)
	_, err = Parse(export, "e.json", p, p.Levels()[0])
	var in *inputerr.Error
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, "input_config.loadgen.concurrency", in.Field)

	_, err = Parse([]byte("{not json"), "bad.json", p, p.Levels()[0])
	require.True(t, errors.As(err, &in), "%v", err)
	require.Equal(t, "bad.json", in.File)
}

// FuzzParse: any export or log gives the level's point or an InputError.
func FuzzParse(f *testing.F) {
	// Small seeds: the fuzzer minimises every new input, which takes
	// minutes on a 5 KB export; the real exports are covered by the tests above.
	f.Add([]byte("===AIPERF-RESULT===\n{}\n===AIPERF-RESULT===\n"))
	f.Add([]byte(`{"input_config": {"loadgen": {"concurrency": 128}}, "output_token_throughput": {"unit": "tokens/sec", "avg": 1}}`))
	p, lvl := c128()
	f.Fuzz(func(t *testing.T, data []byte) {
		done := make(chan struct{})
		var pt sweep.Point
		var err error
		go func() { pt, err = Parse(data, "fuzz.json", p, lvl); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("Parse hangs on %q", data)
		}
		if err != nil {
			var in *inputerr.Error
			require.True(t, errors.As(err, &in), "%v", err)
			return
		}
		require.Equal(t, 128.0, pt.Concurrency)
	})
}
