package read

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// One run given twice is not two repeats (issue 27 item 5): `knee diff
// a,a,a b,b,b` read "± 0 (3)" with a Welch interval, and `knee baseline
// run run run` based a floor on "mean of 3 repeats (sd 0)". Load refuses
// an input given twice, by path (the same file or folder, however
// written) or by content (a copy: the same measurements).

// samePath returns the earlier input that is the same file or folder as
// path ("" when none).
func samePath(paths []string, i int) string {
	st, err := os.Stat(paths[i])
	if err != nil {
		return "" // File names the error
	}
	for _, q := range paths[:i] {
		if q == Stdin {
			continue
		}
		if qs, err := os.Stat(q); err == nil && os.SameFile(st, qs) {
			return q
		}
	}
	return ""
}

// fingerprint is a digest of what an input measured: its points without
// their source (which names the file, so a copy would differ there only)
// and without repeat numbers (which Merge assigns). Real measurements of
// two runs never agree in every field.
func fingerprint(s *sweep.Sweep) [sha256.Size]byte {
	pts := make([]sweep.Point, len(s.Points))
	copy(pts, s.Points)
	for i := range pts {
		pts[i].Source, pts[i].Repeat = "", 0
	}
	b, err := json.Marshal(pts)
	if err != nil {
		// A point that cannot be written (it was validated, so this is
		// not expected) is fingerprinted by nothing: never a false match.
		return sha256.Sum256([]byte(fmt.Sprintf("%p", s)))
	}
	return sha256.Sum256(b)
}

// givenTwice is the refusal of input i, which repeats input j.
func givenTwice(paths []string, i, j int, byContent bool) error {
	if byContent {
		return inputerr.Errorf(paths[i], "", 0, "holds the same measurements as %s: one run given twice is not two repeats (give each run once)", paths[j])
	}
	return inputerr.Errorf(paths[i], "", 0, "is given twice (as %s and %s): one run given twice is not two repeats", paths[j], paths[i])
}

func indexOf(paths []string, p string) int {
	for i, q := range paths {
		if q == p {
			return i
		}
	}
	return 0
}
