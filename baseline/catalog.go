package baseline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/baseline/overlay"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/boundedio"
)

// LeafRun is one leaf of a catalog re-baseline: its sweep (every run of
// that leaf merged) and the overlay it gates.
type LeafRun struct {
	Sweep   *sweep.Sweep
	Overlay string
}

// Catalog is `knee baseline --overlays`: one recommendation per leaf, in
// leaf order, each compared with (and, with Write, patched into) its own
// overlay.
type Catalog struct {
	Leaves []*Recommendation `json:"leaves"`
	// Refused counts the leaves with no floors: the run exits 3 when any.
	Refused int `json:"refused"`
	// Written lists the overlays --write changed (absent when none was).
	Written []string `json:"written,omitempty"`
	// Write is whether --write was asked: the report then says what was
	// written, or that nothing was. Not in the JSON, which has Written.
	Write bool `json:"-"`
}

// WriteError is a --overlays --write that failed: Written names the files
// already replaced (none unless a rename failed after others succeeded),
// so the message always says what changed on disk.
type WriteError struct {
	Err     error
	Written []string
}

func (e *WriteError) Error() string {
	if len(e.Written) == 0 {
		return fmt.Sprintf("%v; no overlay was written", e.Err)
	}
	return fmt.Sprintf("%v; written before it: %s (the others are untouched)", e.Err, strings.Join(e.Written, ", "))
}

func (e *WriteError) Unwrap() error { return e.Err }

// FindOverlays matches every leaf with its overlay in dir: the file
// <leaf>.yaml (aicr's recipes/overlays layout), else the one YAML file whose
// metadata.name is the leaf. Every leaf is matched before anything is
// written, so a missing overlay is bad input (exit 2) that loses nothing;
// so is a leaf two files claim (two overlays with its metadata.name, or its
// <leaf>.yaml beside another file named for it) and a file two leaves
// would share: --write would otherwise silently patch the last one.
//
// Every *.yaml in dir is read to learn its metadata.name, through the
// bounded reader and at most scanLimit bytes (an overlay is a few KB; a
// large unrelated YAML would cost ~50× its size to parse): a file larger
// than that, a FIFO or a device is not taken for an overlay.
func FindOverlays(dir string, leaves []string) (map[string]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, inputerr.Errorf(dir, "--overlays", 0, "cannot read the overlays folder: %w", err)
	}
	byName := overlaysByName(dir, entries)
	out := map[string]string{}
	owner := map[string]string{} // file → the leaf that took it
	for _, leaf := range leaves {
		p, err := leafOverlay(dir, leaf, byName)
		if err != nil {
			return nil, err
		}
		if other, taken := owner[p]; taken {
			return nil, inputerr.Errorf(p, "metadata.name", 0, "leaves %s and %s both map to this overlay (one by file name, one by metadata.name): one file cannot gate both", other, leaf)
		}
		owner[p] = leaf
		out[leaf] = p
	}
	return out, nil
}

// overlaysByName maps each metadata.name of the YAML files in dir to the
// files that carry it.
func overlaysByName(dir string, entries []os.DirEntry) map[string][]string {
	byName := map[string][]string{}
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !(strings.HasSuffix(name, ".yaml") || strings.HasSuffix(name, ".yml")) {
			continue
		}
		p := filepath.Join(dir, name)
		b, err := boundedio.ReadPath(p, scanLimit, os.Stdin)
		if err != nil {
			continue
		}
		var doc struct {
			Metadata struct {
				Name string `yaml:"name"`
			} `yaml:"metadata"`
		}
		if yaml.Unmarshal(b, &doc) == nil && doc.Metadata.Name != "" {
			byName[doc.Metadata.Name] = append(byName[doc.Metadata.Name], p)
		}
	}
	return byName
}

// leafOverlay is the one file that claims leaf, by its file name or its
// metadata.name, refusing none, two, and a link out of dir.
func leafOverlay(dir, leaf string, byName map[string][]string) (string, error) {
	var claims []string
	for _, ext := range []string{".yaml", ".yml"} {
		if p := filepath.Join(dir, leaf+ext); fileExists(p) {
			claims = append(claims, p)
		}
	}
	for _, p := range byName[leaf] {
		if !slices.Contains(claims, p) {
			claims = append(claims, p)
		}
	}
	switch len(claims) {
	case 0:
		return "", inputerr.Errorf(dir, "--overlays", 0, "no overlay for leaf %s (looked for %s.yaml and for metadata.name: %s)", leaf, leaf, leaf)
	case 1:
	default:
		return "", inputerr.Errorf(dir, "--overlays", 0, "leaf %s has more than one overlay: %s (by file name or metadata.name); keep one, knee will not guess which one gates the leaf",
			leaf, strings.Join(quoteAll(claims), " and "))
	}
	if err := insideDir(dir, claims[0]); err != nil {
		return "", err
	}
	return claims[0], nil
}

// insideDir refuses an overlay that is a symbolic link leading out of the
// overlays folder: --write would patch (and a proposal would name) a file
// elsewhere on disk that the folder only points at.
func insideDir(dir, p string) error {
	st, err := os.Lstat(p)
	if err != nil || st.Mode()&os.ModeSymlink == 0 {
		return nil
	}
	to, err := filepath.EvalSymlinks(p)
	if err != nil {
		return inputerr.Errorf(p, "--overlays", 0, "is a symbolic link that cannot be followed: %v", err)
	}
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return inputerr.Errorf(dir, "--overlays", 0, "cannot resolve the overlays folder: %v", err)
	}
	if rel, err := filepath.Rel(root, to); err == nil && filepath.IsLocal(rel) {
		return nil
	}
	return inputerr.Errorf(p, "--overlays", 0, "is a symbolic link to %s, outside the overlays folder %s: knee reads and patches only overlays inside it (give the folder the file lives in)", inputerr.QuoteName(to), inputerr.QuoteName(dir))
}

// scanLimit bounds each YAML file FindOverlays reads to learn its name.
const scanLimit = 1 << 20

func quoteAll(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = inputerr.QuoteName(p)
	}
	return out
}

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// RunCatalog re-baselines every leaf with the same request settings: each
// leaf proposes or refuses on its own, a refused leaf's overlay is left
// untouched, and with req.Write every proposal is written — all or none.
// Every overlay is read before any is written, every patch is checked and
// staged in a temporary file beside its overlay before any is renamed into
// place, and a failure (a read-only overlay, one changed meanwhile, Ctrl-C)
// before the renames removes the staged files and writes nothing.
func RunCatalog(leaves []LeafRun, req Request) (c *Catalog, err error) {
	sort.SliceStable(leaves, func(i, j int) bool { return leaves[i].Sweep.Leaf < leaves[j].Sweep.Leaf })
	for _, l := range leaves {
		if _, err := overlay.Read(l.Overlay); err != nil {
			return nil, err
		}
	}
	c = &Catalog{Leaves: []*Recommendation{}, Write: req.Write}
	var st staging
	defer func() {
		st.abort()
		if err != nil && req.Write {
			err = &WriteError{Err: err, Written: c.Written}
		}
	}()
	for _, l := range leaves {
		rec, err := st.run(l, req)
		if err != nil {
			return c, fmt.Errorf("leaf %s: %w", l.Sweep.Leaf, err)
		}
		if rec.Status != StatusProposed {
			c.Refused++
		}
		c.Leaves = append(c.Leaves, rec)
	}
	if !req.Write {
		return c, nil
	}
	c.Written = []string{}
	if req.Context != nil {
		if err := context.Cause(req.Context); err != nil {
			return c, err
		}
	}
	return c, st.commit(c)
}

// staging holds a catalog's patches staged beside their overlays, not
// yet renamed into place.
type staging struct {
	staged []stagedLeaf
}

type stagedLeaf struct {
	st  *overlay.Staged
	rec *Recommendation
}

// run re-baselines one leaf, keeping the patch it stages with req.Write.
func (s *staging) run(l LeafRun, req Request) (*Recommendation, error) {
	r := req
	r.Overlay = l.Overlay
	var mine *overlay.Staged
	if req.Write {
		r.stage = func(st *overlay.Staged) { mine = st }
	}
	rec, err := Run(l.Sweep, r)
	if mine != nil {
		s.staged = append(s.staged, stagedLeaf{mine, rec})
	}
	return rec, err
}

// commit renames every staged patch into place, recording each in c, all
// or none: each overlay is checked again immediately before its rename,
// and a change to any (or a failed rename) puts back the ones already
// renamed (issue 27 item 9: an edit after the first rename left two of
// three written).
func (s *staging) commit(c *Catalog) error {
	// Check every file once more before the first rename, so that a file
	// changed meanwhile stops the write before anything is replaced.
	for _, p := range s.staged {
		if err := p.st.Unchanged(); err != nil {
			return err
		}
	}
	for i, p := range s.staged {
		beforeCommit(p.st.Path)
		if err := p.st.Commit(); err != nil {
			return rollback(s.staged[:i], err)
		}
	}
	for _, p := range s.staged {
		p.st.Release()
		p.rec.Overlay.Written = true
		c.Written = append(c.Written, p.st.Path)
	}
	s.staged = nil
	return nil
}

// rollback puts back the overlays already renamed, newest first, and says
// so with the error that stopped the write.
func rollback(done []stagedLeaf, cause error) error {
	var failed []string
	for i := len(done) - 1; i >= 0; i-- {
		if err := done[i].st.Rollback(); err != nil {
			failed = append(failed, err.Error())
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("%w; rolling back: %s", cause, strings.Join(failed, "; "))
	}
	if len(done) > 0 {
		return fmt.Errorf("%w; the %d overlay(s) already replaced were put back", cause, len(done))
	}
	return cause
}

// beforeCommit is a test's hook into the moment between the check of
// every file and one file's commit: a file edited there must stop the
// write and put back the ones already replaced.
var beforeCommit = func(path string) {}

// abort removes the patches still staged.
func (s *staging) abort() {
	for _, p := range s.staged {
		p.st.Abort()
	}
}
