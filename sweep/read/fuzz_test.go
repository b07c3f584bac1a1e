package read

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
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

func FuzzCSV(f *testing.F) {
	seed(f, "aicr/gb300-eks.csv", "aicr/gb300-eks-simulated-64.csv", "aicr/h100-eks-repeats-256.csv")
	f.Add([]byte("metric,64/GPU,128/GPU\ntok/s,\"43,900\",\"84,788\"\nTTFT p99 ms,452,677\n"))
	f.Add([]byte("per_gpu,tok/s/GPU,TTFT p99 (ms)\n128,21197,677\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readCSV("t.csv", b, Meta{})
		checkResult(t, s, err)
		s, err = readCSV("t.csv", b, Meta{GPUs: 4})
		checkResult(t, s, err)
	})
}

func FuzzMarkdown(f *testing.F) {
	f.Add([]byte("| leaf / node | GPUs | per GPU | tok/s | TTFT p99 ms | note |\n|---|---|---|---|---|---|\n| gb300-eks (p6e) | 4 | 256 | **20,769** | 33,320 | past |\n"))
	f.Add([]byte("| metric | conc=4 | conc=16 |\n|:--|--:|--:|\n| output tok/s | 373 | 1,321 |\n| TTFT p99 (ms) | 27.3 | 42.8 |\n"))
	f.Add([]byte("| concurrency | tok/s | TTFT (s) |\n|---|---|---|\n| ~0.49 | 64 | \\| |\n"))
	seed(f, "sweeps/jtchilders-laguna-s21-nvfp4-gb10-vllm.md", "sweeps/dsv4flash-0731-1xdgxspark-maxseqs1-vllm.md",
		"sweeps/yeqcharlotte-router-llmd-pd-llama31-8b-16gpu.md", "sweeps/pallavim1-gemma4-26b-rtxpro6000-g4-1k1k.md")
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readMarkdown("t.md", b, Meta{})
		checkResult(t, s, err)
	})
}

func FuzzAligned(f *testing.F) {
	for _, n := range []string{"tabulate-simple.txt", "tabulate-plain-title.txt", "rich-heavy-head.txt", "column-t.txt"} {
		b, err := os.ReadFile("testdata/aligned/" + n)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(" users | output tok/s | ttft p99 (ms)\n-------+--------------+---------------\n     8 |         2544 |           386\n"))
	f.Add([]byte("Clients   Throughput   TTFT p99\n          tok/s        s\n8         2,544        0.386\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksAligned(b)
		s, err := readAligned("t.txt", b, Meta{})
		checkResult(t, s, err)
		s, err = readAligned("t.txt", b, Meta{GPUs: 4, Units: map[string]string{"ttft p99": "s"}})
		checkResult(t, s, err)
	})
}

// FuzzCell: any cell text parses to a finite non-negative-or-error value and
// never panics, whatever the unit.
func FuzzCell(f *testing.F) {
	for _, c := range []string{"**64**", "5,719 ⚠️", "**128** ⚡", "0.54s", "95 ms", "24.5k", "—", "n/a", "1.05x", "52%", "+66.2%", "~0.49", "12.5 ms†", "900µs", "1,2", "1e400", "NaN", "_x_", "[1]", "3 k tok/s",
		"1 / 16", "64 (current)", "44.5 (peak)", "183.3 tok/s(+120.0%)", "1234 ± 56", "inf", "768k", "1M", "OOM (3.6 GiB short)", "0.20 s"} {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, cell string) {
		cv, ok, err := parseCell(cleanCell(cell))
		if err != nil || !ok {
			return
		}
		if math.IsNaN(cv.v) || math.IsInf(cv.v, 0) || math.IsNaN(cv.half) {
			t.Fatalf("%q gave %v", cell, cv.v)
		}
		for _, c := range []column{classify("TTFT p99"), classify("Output tok/s"), classify("Throughput (k tok/s)"), classify("concurrency"), classify("Req/s")} {
			r, ok, err := readValue(c, cell)
			if err == nil && ok && (math.IsNaN(r.v) || r.v < 0) {
				t.Fatalf("%q in %q gave %v", cell, c.header, r.v)
			}
		}
	})
}

// FuzzHeader: any header classifies, and any --unit value parses or is
// refused, without a panic.
func FuzzHeader(f *testing.F) {
	for _, h := range []string{"TTFT (s)", "ttft_p99_s", "Throughput (k tok/s)", "tok/s per user", "max_concurrency", "Δ vs prev", "Conc.", "P99 TTFT (µs)", "conc=4",
		"并发数", "首字延迟(ms)", "总吞吐 (tok/s)", "aggregate t/s", "J/tok", "Peak temp (°C)", "throughput_median", "N (parallel)", "k8s TTFT mean", "Request throughput (req/s)", "スループット", "Durchsatz (tok/s)"} {
		f.Add(h, "s")
	}
	f.Fuzz(func(t *testing.T, h, u string) {
		c := classify(h)
		_ = c.key()
		_, _ = ParseUnitFlags([]string{h + "=" + u})
		_, _ = ParseColumnFlags([]string{u + "=" + h})
		body := "| c | " + strings.ReplaceAll(h, "\n", " ") + " | TTFT p99 ms |\n|---|---|---|\n| 8 | 10 | 50 |\n"
		s, err := readMarkdown("t.md", []byte(body), Meta{})
		checkResult(t, s, err)
	})
}

// FuzzTableShapes: the corpus' real tables (packed cells, series, several
// languages, transposed) and any mutation of them read or are refused with
// an input error, with and without --series.
func FuzzTableShapes(f *testing.F) {
	dirs, err := os.ReadDir(fixtures.Path("corpus"))
	if err != nil {
		f.Fatal(err)
	}
	for _, d := range dirs {
		if b, err := os.ReadFile(fixtures.Path(filepath.Join("corpus", d.Name(), "table.md"))); err == nil {
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := readMarkdown("t.md", b, Meta{})
		checkResult(t, s, err)
		s, err = readMarkdown("t.md", b, Meta{Series: "vllm", GPUs: 8})
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
