package catalog

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep/store"
)

// prepareOut checks and makes the catalog's results folder, and loads what
// an earlier run of the catalog recorded there.
func prepareOut(out string, leaves []Leaf) (*State, error) {
	if st, err := os.Stat(out); err == nil && !st.IsDir() {
		return nil, inputerr.Errorf(out, "--out", 0, "is a file, not a folder")
	}
	if store.IsResultsDir(out) {
		return nil, inputerr.Errorf(out, "--out", 0, "holds a single sweep, not a catalog's leaves; give another folder")
	}
	if err := checkOut(out, leaves); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, fmt.Errorf("--out %s: %w", out, err)
	}
	return LoadState(out)
}

// checkOut refuses, before any leaf runs, an --out folder that is not this
// catalog's: one that holds entries but no catalog.json and something that
// is no leaf of this plan (a home folder, another project), and a
// DIR/<leaf> that is a symbolic link, through which a leaf's results (and a
// later --resume's rewrites) would land wherever it points.
func checkOut(out string, leaves []Leaf) error {
	ents, err := os.ReadDir(out)
	if err != nil {
		return nil // missing: made below; unreadable: said by MkdirAll or the state
	}
	names := map[string]bool{}
	for _, l := range leaves {
		names[l.Name] = true
	}
	if _, err := os.Lstat(filepath.Join(out, StateFile)); err != nil {
		for _, e := range ents {
			if !names[e.Name()] {
				return inputerr.Errorf(out, "--out", 0, "folder is not empty and is not this catalog's (no %s; it holds %s, which is no leaf of the catalog): give a new or empty folder", StateFile, inputerr.QuoteName(e.Name()))
			}
		}
	}
	for _, l := range leaves {
		p := filepath.Join(out, l.Name)
		st, err := os.Lstat(p)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			continue
		}
		to, _ := os.Readlink(p)
		return inputerr.Errorf(p, "--out", 0, "is a symbolic link (to %s), not leaf %s's own folder: knee writes a leaf's results only into a real folder under --out; remove the link", inputerr.QuoteName(to), l.Name)
	}
	return nil
}
