package table

import (
	"testing"
)

// seedCorpusText adds the table.txt of every corpus entry whose name has
// one of the given parts: the real console outputs the new rules read.
func FuzzBoxHeader(f *testing.F) {
	seedCorpusText(f, "rich-box")
	f.Add([]byte("|===|===|\n| A | B ||\n| x | y |\n|---|---|\n| 1 | 2 |\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksAligned(b)
		s, err := readAligned("t.txt", b, Meta{})
		checkResult(t, s, err)
	})
}

func FuzzBenchTextPrefixed(f *testing.F) {
	seedCorpusText(f, "prefix", "commented-blocks")
	f.Add([]byte("(APIServer pid=1) ===== Serving Benchmark Result =====\n(APIServer pid=2) Mean TTFT (ms): 3\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksBenchText(b)
		s, err := readBenchText("t.txt", b, Meta{})
		checkResult(t, s, err)
	})
}
