package fit_test

import (
	"context"
	"fmt"

	"github.com/kneetool/knee/knee/fit"
)

// A SIMULATED Amdahl sweep, X = 50·N/(1 + 0.04·N), whose elasticity
// 1/(1 + 0.04·N) falls to 1/3 at N = 50.
func Example() {
	d := fit.Data{}
	for _, n := range []float64{1, 2, 4, 8, 16, 32, 64, 128, 256} {
		d.N = append(d.N, n)
		d.X = append(d.X, 50*n/(1+0.04*n))
	}
	curves, err := fit.AllContext(context.Background(), d)
	if err != nil {
		panic(err)
	}
	best, _ := fit.Best(curves)
	knee := best.Knee(1.0/3, 4*256)
	fmt.Printf("%s: knee %.1f, elasticity there %.3f, X there %.0f of %.0f\n",
		best.Model.Name, knee, best.Elasticity(knee), best.Throughput(knee), best.Describe()["x_max"])
	// Output: amdahl: knee 50.0, elasticity there 0.333, X there 833 of 1250
}
