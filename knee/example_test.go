package knee_test

import (
	"fmt"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep/read"
)

// Find judges every level of a sweep and locates the knee. aicr's GB300
// sweep with its SIMULATED 64/GPU level: 64 scales into 128, 256 fell off
// a cliff, so the knee lies between 128 and 256/GPU and 128 is the level
// to run at.
func ExampleFind() {
	s, err := read.Load([]string{fixtures.Path("aicr/gb300-eks.csv"), fixtures.Path("aicr/gb300-eks-simulated-64.csv")}, read.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := knee.Find(s, knee.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range r.Points {
		fmt.Printf("%g/GPU: %s %v\n", p.PerGPU, p.Verdict, p.Reasons)
	}
	fmt.Println("knee:", r.Knee.Phrase(knee.UnitOf(r)))
	fmt.Println("recommended:", *r.RecommendedPerGPU)
	// Output:
	// 64/GPU: sub_knee []
	// 128/GPU: sub_knee []
	// 256/GPU: past_knee [past_knee cliff]
	// knee: between 128 and 256/GPU, estimate ≈181
	// recommended: 128
}
