package read_test

import (
	"fmt"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/sweep/read"
)

// Load reads any input knee knows — here aicr's published GB300 sweep, a
// CSV of two levels — into one sweep: the metadata the file gives and one
// point per level, per GPU where the GPU count is known.
func ExampleLoad() {
	s, err := read.Load([]string{fixtures.Path("aicr/gb300-eks.csv")}, read.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Accelerator, s.GPUs, s.Model)
	for _, p := range s.Points {
		fmt.Printf("%g in flight (%g/GPU): %.0f tok/s, TTFT p99 %.0f ms\n", p.Concurrency, *p.PerGPU, p.ThroughputTokS, *p.TTFT.P99)
	}
	// Output:
	// gb300 4 Qwen/Qwen3-8B
	// 512 in flight (128/GPU): 84788 tok/s, TTFT p99 677 ms
	// 1024 in flight (256/GPU): 20769 tok/s, TTFT p99 33320 ms
}
