package table

import (
	"strings"
	"testing"
)

func TestMedianInFlightNote(t *testing.T) {
	rate := column{kind: colRequestedRate, header: "rate"}
	tput := column{kind: colThroughput, header: "tok/s"}
	p50 := column{kind: colLatency, metric: "e2e", stat: "p50", header: "E2E p50"}
	mean := column{kind: colLatency, metric: "e2e", stat: "mean", header: "E2E mean"}
	conc := column{kind: colConcurrency, header: "c"}
	if n := medianInFlightNote("t.md", []column{rate, tput, p50}); !strings.Contains(n, "the median stands for the mean time in flight") {
		t.Errorf("rate sweep with E2E p50 only: note %q", n)
	}
	for name, cols := range map[string][]column{
		"mean printed":   {rate, tput, p50, mean},
		"closed loop":    {conc, tput, p50},
		"no E2E":         {rate, tput},
		"no rate at all": {tput, p50},
	} {
		if n := medianInFlightNote("t.md", cols); n != "" {
			t.Errorf("%s: note %q, want none", name, n)
		}
	}
}

// A p99 E2E is no time in flight: a rate sweep with it and the tokens
// still has its E2E derived (and the offered rate checked as the served
// one), and says so.
func TestTailE2EIsNoCentral(t *testing.T) {
	cols := []column{{kind: colRequestedRate}, {kind: colThroughput},
		{kind: colLatency, metric: "ttft", stat: "mean"}, {kind: colLatency, metric: "itl", stat: "mean"},
		{kind: colLatency, metric: "e2e", stat: "p99"}}
	if centralLatency(cols, "e2e") {
		t.Fatal("a p99 E2E read as central")
	}
	if !offeredStandsForServed(cols) {
		t.Error("offered rate with a p99 E2E: want the law in tokens, with its saturation check")
	}
	notes := readingNotes("t.md", cols)
	if len(notes) == 0 || !strings.Contains(notes[len(notes)-1], "derived as TTFT + TPOT") {
		t.Errorf("notes %q: want the derivation said", notes)
	}
}
