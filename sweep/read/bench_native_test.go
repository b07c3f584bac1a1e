package read

import "testing"

// BenchmarkNativeReaders reads each native fixture as knee import does
// (File: detection, reading, workload, merge, validation). The target is
// under 50 ms per file.
func BenchmarkNativeReaders(b *testing.B) {
	for _, g := range nativeGoldens {
		b.Run(g.golden, func(b *testing.B) {
			benchFile(b, g.rel, Options{Workload: g.workload})
		})
	}
}
