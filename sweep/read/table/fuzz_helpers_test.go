package table

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// seed adds fixture files (paths relative to fixtures/) to a fuzz corpus.
func seed(f *testing.F, rels ...string) {
	for _, r := range rels {
		b, err := os.ReadFile(fixtures.Path(r))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
}

// seedCorpusText adds the table.txt of every corpus entry whose name holds
// one of parts.
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

// checkResult: a fuzzed input is read or refused as bad input, never
// anything else, and a reading that passes Validate holds no NaN.
func checkResult(t *testing.T, s *sweep.Sweep, err error) {
	t.Helper()
	if err != nil {
		var ie *inputerr.Error
		if !errors.As(err, &ie) {
			t.Fatalf("error is not an InputError: %T %v", err, err)
		}
		return
	}
	if s == nil {
		t.Fatal("nil sweep without error")
	}
	if verr := s.Validate("fuzz"); verr != nil {
		return // the reader's own output may still be refused by Validate; File applies it
	}
	for _, p := range s.Points {
		if math.IsNaN(p.Concurrency) || math.IsNaN(p.ThroughputTokS) {
			t.Fatalf("NaN in a validated point: %+v", p)
		}
	}
}
