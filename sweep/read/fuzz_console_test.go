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
