//go:build race

package main

// raceEnabled: the race detector slows every goroutine 5–10×, so tests
// that compare timings with the simulated server's model skip under it
// (they still run without -race; everything else runs under both).
const raceEnabled = true
