package read

import (
	"bytes"
	"errors"
	"math"
	"os"
	"testing"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// Every reader must turn any bytes into a sweep or an *inputerr.Error:
// never a panic, never another error type, never a NaN in a point.

func seed(f *testing.F, rels ...string) {
	for _, r := range rels {
		b, err := os.ReadFile(fixtures.Path(r))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

func checkResult(t *testing.T, s *sweep.Sweep, err error) {
	t.Helper()
	if err != nil {
		var ie *inputerr.Error
		if !errors.As(err, &ie) {
			t.Fatalf("error is not an InputError: %T %v", err, err)
		}
		return
	}
	if s == nil {
		t.Fatal("nil sweep without error")
	}
	if verr := s.Validate("fuzz"); verr != nil {
		return // the reader's own output may still be refused by Validate; File applies it
	}
	for _, p := range s.Points {
		if math.IsNaN(p.Concurrency) || math.IsNaN(p.ThroughputTokS) {
			t.Fatalf("NaN in a validated point: %+v", p)
		}
	}
}

func FuzzInferencePerfStage(f *testing.F) {
	seed(f, "inference-perf/kubecon-na-2025-vllm/stage_4_lifecycle_metrics.json",
		"inference-perf/simserver-main-7de5ef2-concurrent-failures-5pct/stage_1_lifecycle_metrics.json",
		"inference-perf/simserver-v0.6.1-concurrent-sweep/stage_0_lifecycle_metrics.json")
	f.Add([]byte(`{"load_summary": {"achieved_rate": NaN}, "successes": {"throughput": {"output_tokens_per_sec": 1}}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readInferencePerfStageFile("stage_0_lifecycle_metrics.json", b)
		checkResult(t, s, err)
	})
}

func FuzzInferencePerfLog(f *testing.F) {
	// One real stage block (not the whole 100 kB log, which slows mutation).
	b, err := os.ReadFile(fixtures.Path("inference-perf/simserver-main-7de5ef2-concurrent-failures-5pct/stdout.log"))
	if err != nil {
		f.Fatal(err)
	}
	start := bytes.Index(b, []byte("=== START_STAGE_0 ==="))
	end := bytes.Index(b, []byte("=== END_STAGE_0 ==="))
	if start < 0 || end < start {
		f.Fatal("fixture log lost its stage block")
	}
	f.Add(b[start : end+len("=== END_STAGE_0 ===\n")])
	f.Add([]byte("x === START_STAGE_0 ===\nx {}\nx === END_STAGE_0 ===\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readInferencePerfLog("pod.log", b)
		checkResult(t, s, err)
	})
}

func FuzzAIPerf(f *testing.F) {
	seed(f, "aiperf/simserver-v0.1.1-db4f639-chat-c128/profile_export_aiperf.json",
		"aiperf/simserver-v0.1.1-db4f639-chat-c64-failures-5pct-cancelled/profile_export_aiperf.json",
		"aiperf/aicr-sentinel-log-c128/pod.log")
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readAIPerfFile("profile_export_aiperf.json", b)
		checkResult(t, s, err)
		s, err = readAIPerfLog("pod.log", b)
		checkResult(t, s, err)
	})
}

func FuzzDetect(f *testing.F) {
	seed(f, "aicr/gb300-eks.csv", "aiperf/aicr-sentinel-log-c128/pod.log",
		"inference-perf/kubecon-na-2025-vllm/stage_0_lifecycle_metrics.json")
	f.Add([]byte(`{"version": 1, "points": [{"concurrency": 4, "throughput_tok_s": 1, "ttft_ms": {"p99": 2}}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		format, err := Detect("input", b)
		if err != nil {
			var ie *inputerr.Error
			if !errors.As(err, &ie) {
				t.Fatalf("error is not an InputError: %T", err)
			}
			return
		}
		// Read with the detected format through the format table, as
		// --format would: every format, present and future.
		s, err := readData("input", b, Options{Format: format})
		checkResult(t, s, err)
		if err == nil {
			if _, merr := Merge([]*sweep.Sweep{s}, Meta{GPUs: 2}); merr != nil {
				var ie *inputerr.Error
				if !errors.As(merr, &ie) {
					t.Fatalf("merge error is not an InputError: %T", merr)
				}
			}
		}
	})
}
