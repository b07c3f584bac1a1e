package read

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/kneetool/knee/fixtures"
)

func benchFile(b *testing.B, rel string, opts Options) {
	p := fixtures.Path(rel)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := File(p, opts); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkInferencePerfFolder(b *testing.B) {
	benchFile(b, "inference-perf/kubecon-na-2025-vllm", Options{})
}

func BenchmarkInferencePerfLog(b *testing.B) {
	benchFile(b, "inference-perf/simserver-main-7de5ef2-concurrent-sweep/stdout.log", Options{})
}

func BenchmarkAIPerfSentinelLog(b *testing.B) {
	benchFile(b, "aiperf/aicr-sentinel-log-c128/pod.log", Options{})
}

func BenchmarkCSV(b *testing.B) {
	benchFile(b, "aicr/h100-eks-repeats-256.csv", Options{})
}

// BenchmarkTableRows is reading a CSV of 1,000 to 100,000 rows (the most an
// input may hold), and refusing the 200,001-line one before any cell is
// made: allocations per row stay flat, so memory is a multiple of the
// points kept, not of the file.
func BenchmarkTableRows(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000, maxTableLines + 1} {
		var buf bytes.Buffer
		buf.WriteString("per_gpu,throughput_tok_s,ttft_p99_ms\n")
		for i := 1; i <= n; i++ {
			c := float64(i) * 4096 / float64(n)
			fmt.Fprintf(&buf, "%g,%.1f,%.1f\n", c, 60000*c/(c+64), 50+2*c)
		}
		data := buf.Bytes()
		b.Run(fmt.Sprintf("rows=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				_, err := Data("bench.csv", data, Options{Meta: Meta{GPUs: 4}})
				if (err != nil) != (n > maxPoints) {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPastedTables is reading tables as people paste them (markdown
// and aligned console text, real corpus entries): the table reader's
// passes classify the same headers many times over.
func BenchmarkPastedTables(b *testing.B) {
	for _, tc := range []struct{ name, rel, series string }{
		{"markdown-curve-cells", "corpus/bc-vllm-dgx-station-gb300-mimo-v26-flash-qwen38-fizban007-readme-single-gpu-serving/table.md", "MiMo-V2.6-Flash (lane)"},
		{"notebook-pandas-frame", "corpus/ad-vllm-rocm-8xmi300x-hotaisle-llama31-405b-augmxnt-mi300-testing-notebook/table.txt", ""},
		{"markdown-report", "corpus/be-vllm-radiance-r9700-qwen38-27b-betterbench-060-report-concurrency-sweep/table.md", ""},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p := fixtures.Path(tc.rel)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := File(p, Options{Meta: Meta{Series: tc.series}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
