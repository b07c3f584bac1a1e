package kube

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/kneetool/knee/sweep"
)

// Sweep ids come from the user (and from results folders): whatever they
// are, the Job name and labels knee derives from them must be accepted by
// the API server, or a sweep would fail only once it reaches the cluster.
func FuzzLevelNameAndLabels(f *testing.F) {
	for _, s := range []string{"20261130T0500-gb300", "", "-", "run/1 of:gb300", "ÄÖÜ", "a.b_c", string(make([]byte, 100))} {
		f.Add(s, 3, 256)
	}
	f.Fuzz(func(t *testing.T, id string, idx, perGPU int) {
		if idx < 0 || perGPU <= 0 || idx > 1e6 || perGPU > 1e6 {
			return
		}
		lvl := sweep.Level{Index: idx, PerGPU: perGPU}
		name := levelName(id, lvl)
		if errs := validation.IsDNS1123Label(name); len(errs) > 0 {
			t.Fatalf("levelName(%q) = %q: %v", id, name, errs)
		}
		// The Job controller puts the Job name into a label of its pods.
		if errs := validation.IsValidLabelValue(name); len(errs) > 0 {
			t.Fatalf("levelName(%q) = %q is no label value: %v", id, name, errs)
		}
		for k, v := range levelLabels(id, lvl) {
			if errs := validation.IsValidLabelValue(v); len(errs) > 0 {
				t.Fatalf("label %s=%q from id %q: %v", k, v, id, errs)
			}
		}
	})
}
