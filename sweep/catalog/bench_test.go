package catalog

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkParseCatalog: a catalog of MaxLeaves leaves, every key set.
//
//	go test -run XXX -bench ParseCatalog -benchmem ./sweep/catalog/
func BenchmarkParseCatalog(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("leaves:\n")
	for i := 0; i < MaxLeaves; i++ {
		fmt.Fprintf(&sb, `  - leaf: leaf-%d
    kubeconfig: ~/.kube/config
    context: ctx-%d
    namespace: dynamo
    service: dynamo-frontend:8000
    gpus: 8
    model: Qwen/Qwen3-8B
    harness: aiperf
    per_gpu: [16, 32, 64, 128, 256, 512]
    flags: ["--min-requests=2000", "--keep"]
`, i, i%5)
	}
	data := []byte(sb.String())
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("p.yaml", data, "/home/me"); err != nil {
			b.Fatal(err)
		}
	}
}
