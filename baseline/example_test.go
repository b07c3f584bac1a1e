package baseline_test

import (
	"fmt"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/read"
)

// Propose turns an analysis into the floors an aicr overlay gates, each
// with how it was derived — or a refusal with its reasons. The GB300 sweep
// with its SIMULATED 64/GPU level proposes from 128/GPU (a demonstration:
// AllowSimulated; real floors need measured levels). The same sweep
// without the simulated level is refused: nothing measured verifies 128.
func ExamplePropose() {
	for _, files := range [][]string{
		{"aicr/gb300-eks.csv", "aicr/gb300-eks-simulated-64.csv"},
		{"aicr/gb300-eks.csv"},
	} {
		var paths []string
		for _, f := range files {
			paths = append(paths, fixtures.Path(f))
		}
		s, err := read.Load(paths, read.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		r, err := knee.Find(s, knee.DefaultOptions())
		if err != nil {
			fmt.Println(err)
			return
		}
		p := baseline.DefaultPolicy()
		p.AllowSimulated = true
		rec, err := baseline.Propose(s, r, p)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(rec.Status)
		for _, c := range rec.Constraints {
			fmt.Printf("  %s: %s\n", c.Name, c.Value)
		}
		for _, x := range rec.Refusals {
			fmt.Printf("  refused (%s): %s\n", x.Reason, x.NextRun)
		}
	}
	// Output:
	// proposed
	//   inference-concurrency-per-gpu: 128
	//   inference-throughput: >= 63000
	//   inference-ttft-p99: <= 2000
	// refused
	//   refused (unverified): measure 64/GPU (half of 128) so the analysis can see throughput still growing up to 128/GPU (knee sweep --per-gpu 64)
}
