package sweep

// Answer is what the analysis tells a perf engineer about one sweep, in the
// few words that decide what they do next: the level to run at, where the
// knee lies, and each level's verdict. The table reader compares the
// answers of its candidate readings (sweep/read's ambiguity pass): a choice
// between two columns that leaves the Answer unchanged is no reason to
// refuse a table.
type Answer struct {
	// Operating is the recommended level (per GPU, or in flight when the GPU
	// count is unknown); nil when no level is recommended.
	Operating *float64
	// Knee is the knee in words ("between 8 and 16 in flight").
	Knee string
	// Verdicts are "LEVEL VERDICT" per level, in level order.
	Verdicts []string
}

// Judge runs the analysis on one reading. sweep knows nothing of the
// analysis (the arrow never points back up the flow), so the reader gets it
// as a function, the way sweep/run gets its planner; cmd/knee passes
// knee.Answerer.
type Judge func(*Sweep) (Answer, error)

// Same reports whether two answers lead to the same decision: the same
// operating level and the same verdict at every level. The knee's words may
// differ (an estimate inside one bracket) without changing either.
func (a Answer) Same(b Answer) bool {
	if (a.Operating == nil) != (b.Operating == nil) || a.Operating != nil && *a.Operating != *b.Operating {
		return false
	}
	if len(a.Verdicts) != len(b.Verdicts) {
		return false
	}
	for i := range a.Verdicts {
		if a.Verdicts[i] != b.Verdicts[i] {
			return false
		}
	}
	return true
}
