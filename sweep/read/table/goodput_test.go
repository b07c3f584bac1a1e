package table

import "testing"

func TestGoodputIsNoServedRate(t *testing.T) {
	for _, h := range []string{"goodput_rps", "goodput (req/s)", "Goodput tok/s"} {
		c := classify(h)
		if c.kind != colIgnore || c.why != whyGoodput {
			t.Errorf("%q: kind %v why %q, want unread as %q", h, c.kind, c.why, whyGoodput)
		}
	}
	// The served rate beside it is read as before.
	if c := classify("raw_throughput_rps"); c.kind != colRequestRate || c.flavor != "achieved" {
		t.Errorf("raw_throughput_rps: kind %v flavor %q, want the achieved request rate", c.kind, c.flavor)
	}
	// A share that met the SLO stays a ratio.
	if c := classify("goodput%"); c.kind != colRatio {
		t.Errorf("goodput%%: kind %v, want a ratio", c.kind)
	}
}

func TestAttainmentIsARatio(t *testing.T) {
	for _, h := range []string{"attainment", "SLO attainment", "E2EL attainment", "TTFT attainment (%)"} {
		if c := classify(h); c.kind != colRatio {
			t.Errorf("%q: kind %v, want a ratio", h, c.kind)
		}
	}
	// A header naming several attainments is no tuple of latencies.
	g := grid{file: "t.md", header: []string{"rate", "TTFT / TPOT / E2EL attainment"}, rows: [][]string{{"1", "100 / 100 / 100"}, {"2", "85 / 34 / 52"}}, lines: []int{3, 4}}
	if notes := splitNamedTuples(&g); len(notes) != 0 || len(g.header) != 2 {
		t.Errorf("split into %q (%v), want it left whole", g.header, notes)
	}
}
