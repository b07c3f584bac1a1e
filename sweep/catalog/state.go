package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// StateFile in the catalog's results folder records which leaves finished,
// and with which flags: a finished leaf is skipped by the next run only
// when its flags are unchanged (a longer ladder resumes it).
const StateFile = "catalog.json"

// LeafState is one leaf's entry in catalog.json.
type LeafState struct {
	Status     Status    `json:"status"`
	Flags      string    `json:"flags_sha256"`
	Error      string    `json:"error,omitempty"`
	FinishedAt time.Time `json:"finished_at"`
}

// State is catalog.json. Its methods may be called from the scheduler's
// goroutines.
type State struct {
	mu     sync.Mutex
	path   string
	Leaves map[string]LeafState `json:"leaves"`
}

// maxState bounds catalog.json.
const maxState = 16 << 20

// LoadState reads DIR/catalog.json; a folder without one is a first run.
func LoadState(dir string) (*State, error) {
	s := &State{path: filepath.Join(dir, StateFile), Leaves: map[string]LeafState{}}
	if _, err := os.Lstat(s.path); errors.Is(err, os.ErrNotExist) {
		return s, nil
	}
	// Bounded: catalog.json is a line per leaf; /dev/zero or a FIFO put in
	// its place is refused, not read without end or waited on.
	b, err := read.ReadLimited(s.path, maxState)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, s); err != nil {
		return nil, fmt.Errorf("%s: not a knee catalog state (%w); remove it to run every leaf again", s.path, err)
	}
	if s.Leaves == nil {
		s.Leaves = map[string]LeafState{}
	}
	return s, nil
}

// FlagsDigest identifies a leaf's flags. An endpoint's credentials are
// left out (redacted first), so that not even a hash of them is stored;
// --api-key-env names a variable, never its value.
func FlagsDigest(args []string) string {
	clean := make([]string, len(args))
	for i, a := range args {
		if v, ok := strings.CutPrefix(a, "--endpoint="); ok {
			a = "--endpoint=" + sweep.RedactURL(v)
		}
		clean[i] = a
	}
	h := sha256.Sum256([]byte(strings.Join(clean, "\x00")))
	return hex.EncodeToString(h[:])
}

// Finished reports whether leaf finished in an earlier run with these flags.
func (s *State) Finished(leaf, digest string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	ls, ok := s.Leaves[leaf]
	return ok && ls.Status == Done && ls.Flags == digest
}

// Record stores how a leaf ended, at once and atomically (temp file, fsync,
// rename), so that a killed catalog run knows what finished.
func (s *State) Record(leaf, digest string, st Status, runErr error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	ls := LeafState{Status: st, Flags: digest, FinishedAt: time.Now().UTC()}
	if runErr != nil {
		ls.Error = runErr.Error()
	}
	s.Leaves[leaf] = ls
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), ".catalog-*.json")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), s.path)
}
