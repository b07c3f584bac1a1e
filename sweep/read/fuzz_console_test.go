package read

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kneetool/knee/fixtures"
)

// seedCorpusText adds the table.txt of every corpus entry whose name has
// one of the given parts: the real console outputs the new rules read.
func seedCorpusText(f *testing.F, parts ...string) {
	dirs, err := os.ReadDir(fixtures.Path("corpus"))
	if err != nil {
		f.Fatal(err)
	}
	for _, d := range dirs {
		for _, p := range parts {
			if !strings.Contains(d.Name(), p) {
				continue
			}
			if b, err := os.ReadFile(fixtures.Path(filepath.Join("corpus", d.Name(), "table.txt"))); err == nil {
				f.Add(b)
			}
		}
	}
}

// FuzzBoxHeader: box tables with headers over several lines (evalscope's
// rich summary) never panic and read to a sweep or an input error.
func FuzzBoxHeader(f *testing.F) {
	seedCorpusText(f, "rich-box")
	f.Add([]byte("|===|===|\n| A | B ||\n| x | y |\n|---|---|\n| 1 | 2 |\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = looksAligned(b)
		s, err := readAligned("t.txt", b, Meta{})
		checkResult(t, s, err)
	})
}

// FuzzBenchTextPrefixed: result blocks behind any line prefix never panic.
func FuzzBenchTextPrefixed(f *testing.F) {
	seedCorpusText(f, "prefix", "commented-blocks")
	f.Add([]byte("(APIServer pid=1) ===== Serving Benchmark Result =====\n(APIServer pid=2) Mean TTFT (ms): 3\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_ = sniffBenchText("t.txt", b, nil)
		s, err := readBenchTextOpts("t.txt", b, Options{})
		checkResult(t, s, err)
	})
}
