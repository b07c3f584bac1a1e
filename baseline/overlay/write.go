package overlay

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"syscall"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep/boundedio"
)

// Write patches the overlay file in place with rec and reports
// whether the file changed. The patched bytes are checked before anything is
// written — they must parse as an overlay, carry exactly the proposed
// values, and differ from the original only in those constraints (and the
// blocks added to hold them) — and then written through a temporary file and
// a rename, so the file is either the old one or the new one, never partial.
func Write(o *Overlay, rec Proposal) (bool, error) {
	st, err := Stage(o, rec)
	if err != nil || st == nil {
		return false, err
	}
	if err := st.Commit(); err != nil {
		st.Abort()
		return false, err
	}
	st.Release()
	return true, nil
}

// Staged is a checked overlay patch waiting in a temporary file beside the
// overlay (owner and mode already the original's): Commit renames it over
// the overlay, Abort removes it. --overlays stages every leaf's patch before
// it commits any, so a problem with one file writes none.
type Staged struct {
	Path string
	tmp  string
	src  []byte // the overlay as it was read
	// bak holds the original, staged like the patch (owner and mode
	// kept), from the rename until Release: Rollback renames it back.
	bak string
}

// Stage does everything Write does short of the rename. It
// returns nil when the patch changes nothing.
func Stage(o *Overlay, rec Proposal) (*Staged, error) {
	patched, err := o.Patch(rec)
	if err != nil {
		return nil, err
	}
	if err := o.verify(patched, rec); err != nil {
		return nil, err
	}
	if bytes.Equal(patched, o.src) {
		return nil, nil
	}
	st := &Staged{Path: o.Path, src: o.src}
	if err := st.Unchanged(); err != nil {
		return nil, err
	}
	if st.tmp, err = stageAtomic(o.Path, patched); err != nil {
		return nil, err
	}
	return st, nil
}

// Unchanged refuses a file someone (an editor, another knee) changed since
// knee read it: writing now would silently drop their change.
func (s *Staged) Unchanged() error {
	now, err := boundedio.ReadPath(s.Path, maxOverlay, os.Stdin)
	if err != nil {
		return fmt.Errorf("overlay %s: %w", s.Path, err)
	}
	if !bytes.Equal(now, s.src) {
		return fmt.Errorf("overlay %s changed while knee was working; run again", s.Path)
	}
	return nil
}

// Commit renames the staged file over the overlay. The original is staged
// first as a backup, then the overlay is checked once more, immediately
// before the rename, to be the one knee read; Rollback puts the original
// back until Release (issue 27 item 9: an edit between knee's last check
// and the rename was overwritten silently).
func (s *Staged) Commit() error {
	if s.bak == "" {
		bak, err := stageAtomic(s.Path, s.src)
		if err != nil {
			return err
		}
		s.bak = bak
	}
	if err := s.Unchanged(); err != nil {
		s.Release()
		return err
	}
	if err := os.Rename(s.tmp, s.target()); err != nil {
		s.Release()
		return fmt.Errorf("overlay %s: %w", s.Path, err)
	}
	s.tmp = ""
	return nil
}

// target is the file a rename replaces: the overlay, or what its symlink
// points to.
func (s *Staged) target() string {
	if real, e := filepath.EvalSymlinks(s.Path); e == nil {
		return real
	}
	return s.Path
}

// Rollback puts the original back over a committed overlay (nothing before
// Commit or after Release).
func (s *Staged) Rollback() error {
	if s.bak == "" || s.tmp != "" {
		return nil
	}
	err := os.Rename(s.bak, s.target())
	s.bak = ""
	if err != nil {
		return fmt.Errorf("overlay %s: could not put the original back: %w", s.Path, err)
	}
	return nil
}

// Release drops the original's backup: the write is final.
func (s *Staged) Release() {
	if s.bak != "" {
		os.Remove(s.bak)
		s.bak = ""
	}
}

// Abort removes the staged file (nothing once committed) and the backup.
func (s *Staged) Abort() {
	if s.tmp != "" {
		os.Remove(s.tmp)
		s.tmp = ""
	}
	s.Release()
}

// verify checks patched against the original: the semantic tree of the
// original with exactly rec's changes applied must equal the patched tree.
func (o *Overlay) verify(patched []byte, rec Proposal) error {
	po, err := Parse(o.Path, patched)
	if err != nil {
		return fmt.Errorf("overlay %s: knee's edit does not parse (%v); file left untouched", o.Path, err)
	}
	for _, c := range rec.Constraints {
		if v, ok := po.Current(c.Name); !ok || v != c.Value {
			return fmt.Errorf("overlay %s: knee's edit did not set %s to %q; file left untouched", o.Path, c.Name, c.Value)
		}
	}
	var before, after any
	if err := yaml.Unmarshal(o.src, &before); err != nil {
		return inputerr.Errorf(o.Path, "", 0, "not YAML: %w", err)
	}
	if err := yaml.Unmarshal(patched, &after); err != nil {
		return fmt.Errorf("overlay %s: knee's edit does not parse (%v); file left untouched", o.Path, err)
	}
	if err := expectChange(before, rec); err != nil {
		return fmt.Errorf("overlay %s: %v; file left untouched", o.Path, err)
	}
	if !reflect.DeepEqual(before, after) {
		return fmt.Errorf("overlay %s: knee's edit would change more than the performance constraints; file left untouched", o.Path)
	}
	return nil
}

// expectChange applies rec to a decoded overlay the way Patch applies it to
// the bytes: the reference the patched file is compared with.
func expectChange(tree any, rec Proposal) error {
	spec, ok := mget(tree, "spec")
	if !ok {
		return fmt.Errorf("no spec")
	}
	validation := mgetOrCreate(spec, "validation")
	performance := mgetOrCreate(validation, "performance")
	if validation == nil || performance == nil {
		return fmt.Errorf("validation or performance is not a mapping")
	}
	checks, _ := mget(performance, "checks")
	cl, _ := checks.([]any)
	has := false
	for _, c := range cl {
		if c == checkInferencePerf {
			has = true
		}
	}
	if !has {
		mset(performance, "checks", append(cl, checkInferencePerf))
	}
	cons, _ := mget(performance, "constraints")
	list, _ := cons.([]any)
	for _, c := range rec.Constraints {
		found := false
		for _, it := range list {
			if n, ok := mget(it, "name"); ok && n == c.Name {
				mset(it, "value", c.Value)
				found = true
			}
		}
		if !found {
			list = append(list, map[string]any{"name": c.Name, "value": c.Value})
		}
	}
	mset(performance, "constraints", list)
	return nil
}

func mget(m any, k string) (any, bool) {
	switch t := m.(type) {
	case map[string]any:
		v, ok := t[k]
		return v, ok
	case map[any]any:
		v, ok := t[k]
		return v, ok
	}
	return nil, false
}

func mset(m any, k string, v any) {
	switch t := m.(type) {
	case map[string]any:
		t[k] = v
	case map[any]any:
		t[k] = v
	}
}

func mgetOrCreate(m any, k string) any {
	if m == nil {
		return nil
	}
	if v, ok := mget(m, k); ok {
		switch v.(type) {
		case map[string]any, map[any]any:
			return v
		}
		return nil
	}
	n := map[string]any{}
	mset(m, k, n)
	return n
}

// stageAtomic writes data to a temporary file in path's folder (beside
// the target of a symlink rather than the link) that can be renamed over
// path, and returns its name. The replacement keeps the file's owner,
// group and whole mode, special bits included: a rename gives the path a
// new inode, so whatever the old one carried must be copied onto the
// temporary file first — and whoever may not give it that owner must not
// replace it.
func stageAtomic(path string, data []byte) (tmp string, err error) {
	if real, e := filepath.EvalSymlinks(path); e == nil {
		path = real
	}
	fi, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("overlay %s: %w", path, err)
	}
	if err := mayReplace(path, fi); err != nil {
		return "", err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".knee-*")
	if err != nil {
		return "", fmt.Errorf("overlay %s: %w", path, err)
	}
	tmp = f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	fail := func(e error) error {
		f.Close()
		return fmt.Errorf("overlay %s: %w", path, e)
	}
	if _, err = f.Write(data); err != nil {
		return "", fail(err)
	}
	// Owner first: chown clears the set-user-ID and set-group-ID bits, so
	// the mode goes on after it.
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		if err = f.Chown(int(st.Uid), int(st.Gid)); err != nil {
			err = fmt.Errorf("cannot give the rewritten file its owner %d:%d (%v); knee would change who owns it, so it left the file untouched: run knee --write as its owner", st.Uid, st.Gid, err)
			return "", fail(err)
		}
	}
	if err = f.Chmod(fi.Mode() & (os.ModePerm | os.ModeSetuid | os.ModeSetgid | os.ModeSticky)); err != nil {
		return "", fail(err)
	}
	if err = f.Sync(); err != nil {
		return "", fail(err)
	}
	if err = f.Close(); err != nil {
		return "", fmt.Errorf("overlay %s: %w", path, err)
	}
	return tmp, nil
}

// mayReplace refuses to replace a file the user may not write. A rename
// needs only the folder's write permission, so without this check knee
// would replace a file its user could not have edited — and root passes
// every access check, so a file nobody may write (no w bit at all, mode
// 0444) is refused by its mode too: someone made it read-only on purpose,
// and a careful tool does not overrule that (chmod u+w first).
func mayReplace(path string, fi os.FileInfo) error {
	if fi.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("overlay %s is read-only (mode %04o); knee does not replace a write-protected file, it left it untouched: make it writable (chmod u+w) to let --write patch it",
			path, fi.Mode().Perm())
	}
	if err := syscall.Access(path, unixW); err != nil {
		return fmt.Errorf("overlay %s: you may not write it (%v); knee left it untouched", path, err)
	}
	dir := filepath.Dir(path)
	if err := syscall.Access(dir, unixW|unixX); err != nil {
		return fmt.Errorf("overlay %s: knee replaces the file through a temporary file in %s, which you may not write (%v); the file is untouched", path, dir, err)
	}
	return nil
}

// access(2) mode bits (syscall has no names for them).
const (
	unixW = 0x2
	unixX = 0x1
)
