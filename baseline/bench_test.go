package baseline

import (
	"testing"
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
