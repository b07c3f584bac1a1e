package search

import (
	"encoding/binary"
	"math"
	"sort"
	"testing"

	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
)

// FuzzSearchTerminates drives the planner with arbitrary measurements (a
// throughput for every level it asks for, from the fuzzer's bytes) and
// checks what must hold on any input: it ends within --max-levels, never
// asks for a level twice or outside 1..--max-per-gpu, and every decision
// has a reason.
func FuzzSearchTerminates(f *testing.F) {
	f.Add([]byte{10, 20, 40, 80, 90, 60, 50, 40}, uint8(1), uint8(0))
	f.Add([]byte{200, 100, 50, 25}, uint8(2), uint8(1))
	f.Add([]byte{0, 0, 0, 0}, uint8(3), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, slots, flags uint8) {
		set := DefaultSettings()
		set.Slots = int(slots%4) + 1
		set.Confirm = flags&1 == 0
		set.MaxPerGPU = 64 << (flags % 5)
		opts := knee.DefaultOptions()
		var pts []sweep.Point
		var tried []int
		seen := map[int]bool{}
		for step := 0; ; step++ {
			s := &sweep.Sweep{Version: sweep.SchemaVersion, GPUs: 1, Points: pts}
			d := Next(s, tried, set, opts)
			if d.Reason == "" {
				t.Fatalf("decision without a reason: %+v", d)
			}
			if d.Done() {
				break
			}
			if len(d.Levels) == 0 || len(d.Levels) > set.Slots {
				t.Fatalf("%d levels for %d slots: %+v", len(d.Levels), set.Slots, d)
			}
			for _, l := range d.Levels {
				if l < 1 || l > set.MaxPerGPU || seen[l] {
					t.Fatalf("level %d (max %d, tried %v): %s", l, set.MaxPerGPU, tried, d.Reason)
				}
				seen[l] = true
				tried = append(tried, l)
				// Throughput from the bytes: 0 … ~6e4 tok/s, zero allowed.
				var x float64
				if len(data) >= 2 {
					x = float64(binary.LittleEndian.Uint16(data)) * math.Sqrt(float64(l))
					data = data[2:]
				} else {
					x = 1000 * float64(l)
				}
				n := float64(l)
				pts = append(pts, sweep.Point{PerGPU: sweep.F(n), Concurrency: n, ThroughputTokS: x, Requests: sweep.I(1000), Failures: sweep.I(0), Simulated: true})
			}
			sort.Slice(pts, func(i, j int) bool { return *pts[i].PerGPU < *pts[j].PerGPU })
			if len(seen) > set.MaxLevels {
				t.Fatalf("%d levels past --max-levels %d", len(seen), set.MaxLevels)
			}
		}
	})
}
