package baseline

import (
	"os"
	"testing"

	"github.com/kneetool/knee/fixtures"
)

func BenchmarkProposeH100Repeats(b *testing.B) {
	s, r := h100RepeatsSweep(), h100RepeatsResult()
	p := DefaultPolicy()
	p.At, p.AcceptUnverified = 256, true
	for b.Loop() {
		if _, err := Propose(s, r, p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOverlayPatchGB300 is one --write without the file system:
// parse, plan the splice, and verify the result against the original.
func BenchmarkOverlayPatchGB300(b *testing.B) {
	src, err := os.ReadFile(fixtures.Path(gb300Overlay))
	if err != nil {
		b.Fatal(err)
	}
	rec, err := Propose(gb300Sweep(true), gb300Result(true), DefaultPolicy())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		o, err := ParseOverlay("overlay.yaml", src)
		if err != nil {
			b.Fatal(err)
		}
		out, err := o.Patch(rec)
		if err != nil {
			b.Fatal(err)
		}
		if err := o.verify(out, rec); err != nil {
			b.Fatal(err)
		}
	}
}
