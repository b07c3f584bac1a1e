package read

import (
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
