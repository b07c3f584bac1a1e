// Package store is knee's results folder: everything a sweep measured,
// written as soon as it is measured, so that Ctrl-C, a crash or a failing
// level never loses a finished level and `--resume` can continue.
//
//	DIR/plan.json                 the Plan (what --resume must match)
//	DIR/sweep.json                the normalised sweep (same JSON as `knee import -o json`)
//	DIR/events.log                append-only: created/started/finished/failed/stopped lines
//	DIR/levels/NNN-PERGPU/        one folder per level: the harness's raw output kept
//	                              verbatim, and point.json (written last: its presence
//	                              with status "ok" is what marks the level done)
//
// Every file is replaced atomically (temp file, fsync, rename).
package store

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	slashpath "path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/boundedio"
)

// Bounds of what a resume reads back, far above what knee writes (a plan is
// kilobytes, a level's record one or a few points, sweep.json up to
// read's 100,000 measurements): a file swapped for /dev/zero, a FIFO or a
// huge file is refused naming it, never read without end or waited on.
const (
	maxPlanBytes  = 4 << 20
	maxPointBytes = 64 << 20
	maxSweepBytes = 256 << 20
)

// File and folder names of a results folder.
const (
	PlanFile   = "plan.json"
	SweepFile  = "sweep.json"
	EventsFile = "events.log"
	LevelsDir  = "levels"
	PointFile  = "point.json"
	lockFile   = ".lock"
)

// Level statuses in point.json. Only StatusOK marks a level done.
const (
	StatusOK          = "ok"
	StatusFailed      = "failed"
	StatusInterrupted = "interrupted"
)

// LevelRecord is point.json: what one attempt at a level produced.
type LevelRecord struct {
	Level          sweep.Level   `json:"level"`
	Status         string        `json:"status"`
	Error          string        `json:"error,omitempty"`
	Harness        string        `json:"harness,omitempty"`
	HarnessVersion string        `json:"harness_version,omitempty"`
	Points         []sweep.Point `json:"points"`
	// RanOn names where the level ran when a sweep runs levels in parallel
	// (an endpoint, redacted, or a Kubernetes node); empty for one target.
	RanOn string `json:"ran_on,omitempty"`
	// Raw lists the files kept verbatim beside point.json.
	Raw        []string  `json:"raw,omitempty"`
	StartedAt  time.Time `json:"started_at"`
	FinishedAt time.Time `json:"finished_at"`
}

// Store is an open results folder. One process writes it at a time (an
// advisory lock, released by the kernel if the process dies).
type Store struct {
	dir    string
	plan   sweep.Plan
	lock   *os.File
	done   map[int]*LevelRecord // levels with status ok, by index
	failed map[int]*LevelRecord // latest non-ok attempt, by index
}

// IsResultsDir reports whether dir is a knee results folder.
func IsResultsDir(dir string) bool {
	for _, f := range []string{PlanFile, SweepFile} {
		if st, err := os.Stat(filepath.Join(dir, f)); err != nil || !st.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// Load reads the normalised sweep of a results folder.
func Load(dir string) (*sweep.Sweep, error) {
	if !IsResultsDir(dir) {
		return nil, inputerr.Errorf(dir, "", 0, "not a knee results folder (needs %s and %s)", PlanFile, SweepFile)
	}
	path := filepath.Join(dir, SweepFile)
	b, err := boundedio.ReadFile(path, maxSweepBytes)
	if err != nil {
		return nil, err
	}
	var s sweep.Sweep
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, inputerr.Errorf(path, "", 0, "not a knee sweep JSON: %w", err)
	}
	if s.Version != sweep.SchemaVersion {
		return nil, inputerr.Errorf(path, "version", 0, "sweep schema version %d is not supported (want %d)", s.Version, sweep.SchemaVersion)
	}
	if s.Points == nil {
		s.Points = []sweep.Point{}
	}
	// Results written before sweep.json said so: the plan says whether a
	// search chose the levels.
	if p, err := ReadPlan(dir); err == nil && !s.Searched {
		s.Searched = searchedClean(p, s.Notes)
	}
	// sweep.json names its files relative to the folder (so the folder can
	// move); on load they are named from where the user pointed, so that
	// repeats merged from several folders still say which run they came from.
	for i := range s.Points {
		if lv, _, ok := strings.Cut(s.Points[i].Source, ":"); ok && strings.HasPrefix(lv, "levels/") && filepath.IsLocal(lv) {
			pr, note, err := readRequests(filepath.Join(dir, filepath.FromSlash(lv), RequestsFile))
			if err != nil {
				return nil, err
			}
			if note != "" {
				s.Notes = append(s.Notes, note)
			}
			s.Points[i].PerRequest = pr
		}
		s.Points[i].Source = slashpath.Join(filepath.ToSlash(dir), s.Points[i].Source)
	}
	for i := range s.Sources {
		s.Sources[i] = slashpath.Join(filepath.ToSlash(dir), s.Sources[i])
	}
	return &s, nil
}

// RequestsFile is the built-in harness's per-request record in a level's
// folder (knee sweep --requests-jsonl).
const RequestsFile = "requests.jsonl"

// maxRequestsFile bounds a requests.jsonl read back (a level of 100,000
// requests writes about 15 MB).
const maxRequestsFile = 64 << 20

// readRequests reads a level's requests.jsonl: the measured requests that
// succeeded (warm-up and failed ones left out). No file is nil, no error.
func readRequests(path string) ([]sweep.RequestTiming, string, error) {
	// Its type before opening it: open(2) of a FIFO waits for a writer,
	// and find, diff and baseline hung on one (issue 27 item 10).
	f, st, err := boundedio.OpenRegular(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	if st.Size() > maxRequestsFile {
		return nil, "", inputerr.Errorf(path, "", 0, "more than %d MB of requests", maxRequestsFile>>20)
	}
	sc := bufio.NewScanner(io.LimitReader(f, maxRequestsFile+1))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var out []sweep.RequestTiming
	n, read, bad, firstBad := 0, 0, 0, 0
	for sc.Scan() {
		n++
		read += len(sc.Bytes()) + 1
		if read > maxRequestsFile {
			return nil, "", inputerr.Errorf(path, "", n, "more than %d MB of requests", maxRequestsFile>>20)
		}
		var l struct {
			Warmup       bool     `json:"warmup"`
			E2EMS        *float64 `json:"e2e_ms"`
			TTFTMS       *float64 `json:"ttft_ms"`
			OutputTokens int      `json:"output_tokens"`
			Error        string   `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil || !requestSane(l.E2EMS, l.TTFTMS, l.OutputTokens) {
			// The file is optional (goodput per request): one garbage
			// line must not make the whole folder unreadable.
			if bad++; bad == 1 {
				firstBad = n
			}
			continue
		}
		if l.Warmup || l.Error != "" || l.E2EMS == nil {
			continue
		}
		out = append(out, sweep.RequestTiming{TTFTMs: l.TTFTMS, E2EMs: *l.E2EMS, OutputTokens: l.OutputTokens})
	}
	if err := sc.Err(); err != nil {
		return nil, "", inputerr.Errorf(path, "", n, "cannot read: %v", err)
	}
	note := ""
	if bad > 0 {
		note = fmt.Sprintf("%s: %d line(s) not a request line (the first: line %d), skipped", path, bad, firstBad)
	}
	return out, note, nil
}

// requestSane refuses a request line's values no request can have
// (negative or non-finite times, negative tokens).
func requestSane(e2e, ttft *float64, tokens int) bool {
	for _, v := range []*float64{e2e, ttft} {
		if v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0) || *v < 0) {
			return false
		}
	}
	return tokens >= 0
}

// ReadPlan reads the plan a results folder was made with.
func ReadPlan(dir string) (sweep.Plan, error) {
	path := filepath.Join(dir, PlanFile)
	var p sweep.Plan
	b, err := boundedio.ReadFile(path, maxPlanBytes)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return p, inputerr.Errorf(dir, "--resume", 0, "not a knee results folder (no %s)", PlanFile)
		}
		return p, err
	}
	if err := json.Unmarshal(b, &p); err != nil {
		return p, inputerr.Errorf(path, "", 0, "not a knee plan: %w", err)
	}
	// Before Levels() makes one record per rung: a plan.json listing
	// millions of levels is not one knee wrote.
	if len(p.Rates) > sweep.MaxPlanLevels {
		return p, inputerr.Errorf(path, "rates", 0, "lists %d levels; a knee plan holds at most %d", len(p.Rates), sweep.MaxPlanLevels)
	}
	if len(p.PerGPU) > sweep.MaxPlanLevels {
		return p, inputerr.Errorf(path, "per_gpu", 0, "lists %d levels; a knee plan holds at most %d (ladder and search levels × repeats)", len(p.PerGPU), sweep.MaxPlanLevels)
	}
	if p.Version > sweep.PlanWorkloadVersion {
		return p, inputerr.Errorf(path, "version", 0, "plan schema version %d is newer than this knee understands (%d); continue the sweep with a newer knee", p.Version, sweep.PlanWorkloadVersion)
	}
	return p, nil
}

// Create makes a new results folder for plan. The folder may exist but must
// be empty: an existing sweep is continued with Open (--resume), never
// overwritten. When creating it fails part-way (disk full, a read-only
// folder), what Create made is removed again: a half-made folder would be
// "not empty" to the next Create and "no plan.json" to --resume.
func Create(dir string, plan sweep.Plan) (st *Store, err error) {
	if err := checkNewDir(dir); err != nil {
		return nil, err
	}
	plan.Version = plan.SchemaVersion()
	made := firstMissing(dir)
	s := &Store{dir: dir, plan: plan, done: map[int]*LevelRecord{}, failed: map[int]*LevelRecord{}}
	defer func() {
		if err != nil {
			s.Close()
			s.undoCreate(made)
			err = fmt.Errorf("results folder %s could not be created, nothing was left behind: %w", dir, err)
		}
	}()
	// In order; after each step named, createHook may fail it (tests).
	for _, step := range []struct {
		hook string
		do   func() error
	}{
		{"mkdir", func() error { return os.MkdirAll(filepath.Join(dir, LevelsDir), 0o755) }},
		{"", s.acquire},
		{"plan", func() error {
			b, err := json.MarshalIndent(plan, "", "  ")
			if err != nil {
				return err
			}
			return writeAtomic(filepath.Join(dir, PlanFile), append(b, '\n'))
		}},
		{"sweep", s.writeSweep},
		{"events", func() error {
			ladder := sweep.FormatLadder(plan.PerGPU) + " per GPU"
			if plan.IsRate() {
				ladder = fmt.Sprintf("%s req/s (%s arrivals)", sweep.FormatRates(plan.Rates), plan.Arrivals)
			}
			return s.Event("created", "plan %s: %s harness, %s runner, %s × %d GPUs, endpoint %s",
				plan.ID, plan.Harness, plan.Runner, ladder, plan.GPUs, plan.Endpoint)
		}},
	} {
		if err := step.do(); err != nil {
			return nil, err
		}
		if step.hook == "" {
			continue
		}
		if err := createHook(step.hook); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// checkNewDir refuses a folder Create must not write into: a results
// folder (continued with --resume), a file, a folder that is not empty.
func checkNewDir(dir string) error {
	if IsResultsDir(dir) {
		return inputerr.Errorf(dir, "--out", 0, "already holds a knee sweep; continue it with --resume %s, or choose another folder", inputerr.QuoteName(dir))
	}
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return inputerr.Errorf(dir, "--out", 0, "is a file, not a folder")
	}
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return inputerr.Errorf(dir, "--out", 0, "folder is not empty; give a new or empty folder")
	}
	return nil
}

// createHook lets tests fail Create after a given step; nil in knee.
var createHook = func(step string) error { return nil }

// firstMissing is the topmost folder of dir's path that does not exist yet
// (what MkdirAll will make), or "" when dir exists.
func firstMissing(dir string) string {
	made := ""
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			return made
		}
		made = d
		if filepath.Dir(d) == d {
			return made
		}
	}
}

// undoCreate removes what a failed Create made: the folders it created, or
// (when the user gave an existing empty folder) the entries it put in it.
func (s *Store) undoCreate(made string) {
	if made != "" {
		_ = os.RemoveAll(made)
		return
	}
	for _, name := range []string{LevelsDir, PlanFile, SweepFile, EventsFile, lockFile} {
		_ = os.RemoveAll(filepath.Join(s.dir, name))
	}
	// Temporary files of an interrupted atomic write.
	if ents, err := os.ReadDir(s.dir); err == nil {
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".") && strings.Contains(e.Name(), ".tmp-") {
				_ = os.Remove(filepath.Join(s.dir, e.Name()))
			}
		}
	}
}

// Open continues the results folder dir. plan must be the folder's own plan
// (DiffPlan finds none of the fields that change what is measured differing);
// otherwise it is an InputError naming the first field that differs.
func Open(dir string, plan sweep.Plan) (*Store, error) {
	stored, err := ReadPlan(dir)
	if err != nil {
		return nil, err
	}
	if field, was, now := DiffPlan(stored, plan); field != "" {
		return nil, inputerr.Errorf(filepath.Join(dir, PlanFile), field, 0,
			"this folder was made by another plan: %s is %s there but %s now; resume with the same settings or start a new --out folder", field, was, now)
	}
	if err := checkSweepVersion(dir); err != nil {
		return nil, err
	}
	s := &Store{dir: dir, plan: stored, done: map[int]*LevelRecord{}, failed: map[int]*LevelRecord{}}
	if err := s.acquire(); err != nil {
		return nil, err
	}
	if err := s.override(plan.Settings); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.scan(); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.writeSweep(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// DiffPlan returns the first field (by its JSON name) whose value differs
// between two plans, with both values, or "" when they measure the same
// thing. The ID and anything not set in now (zero) are not compared, so a
// resume may omit what it does not restate.
func DiffPlan(stored, now sweep.Plan) (field, was, is string) {
	type f struct {
		name     string
		was, now any
		unset    bool
	}
	for _, c := range []f{
		// As --per-gpu takes it (64,128), not as a Go slice ([64 128]).
		{"per_gpu", sweep.FormatLadder(stored.PerGPU), sweep.FormatLadder(now.PerGPU), len(now.PerGPU) == 0},
		{"rates", sweep.FormatRates(stored.Rates), sweep.FormatRates(now.Rates), len(now.Rates) == 0},
		{"arrivals", stored.Arrivals, now.Arrivals, now.Arrivals == ""},
		{"max_in_flight", stored.MaxInFlight, now.MaxInFlight, now.MaxInFlight == 0},
		{"rate_duration_s", stored.RateDurationS, now.RateDurationS, now.RateDurationS == 0},
		{"gpus", stored.GPUs, now.GPUs, now.GPUs == 0},
		{"endpoint", stored.Endpoint, now.Endpoint, now.Endpoint == ""},
		{"model", stored.Model, now.Model, now.Model == ""},
		{"api", stored.API, now.API, now.API == ""},
		{"input_tokens", stored.InputTokens, now.InputTokens, now.InputTokens == 0},
		{"output_tokens", stored.OutputTokens, now.OutputTokens, now.OutputTokens == 0},
		{"min_requests", stored.MinRequests, now.MinRequests, now.MinRequests == 0},
		{"requests_per_concurrency", stored.RequestsPerConcurrency, now.RequestsPerConcurrency, now.RequestsPerConcurrency == 0},
		{"harness", stored.Harness, now.Harness, now.Harness == ""},
		{"runner", stored.Runner, now.Runner, now.Runner == ""},
		{"accelerator", stored.Accelerator, now.Accelerator, now.Accelerator == ""},
		{"leaf", stored.Leaf, now.Leaf, now.Leaf == ""},
		// The seed picks the prompts: another seed measures other requests.
		{"seed", stored.Settings["seed"], now.Settings["seed"], stored.Settings["seed"] == "" || now.Settings["seed"] == ""},
	} {
		if c.unset {
			continue
		}
		a, b := fmt.Sprint(c.was), fmt.Sprint(c.now)
		if a != b {
			return c.name, a, b
		}
	}
	// The workload picks what each request contains. A resume that gives
	// no workload flag keeps the stored one (the CLI copies it), so both
	// are compared as they are: nil is the default workload.
	return sweep.DiffWorkload(stored.Workload, now.Workload)
}

// checkSweepVersion refuses a sweep.json written by a newer knee: Open
// rewrites sweep.json, and rewriting it as this knee's version would lose
// what the newer one recorded.
func checkSweepVersion(dir string) error {
	path := filepath.Join(dir, SweepFile)
	b, err := boundedio.ReadFile(path, maxSweepBytes)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil // written again from the levels
		}
		return err
	}
	var v struct {
		Version int `json:"version"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return inputerr.Errorf(path, "", 0, "not a knee sweep JSON: %w", err)
	}
	if v.Version > sweep.SchemaVersion {
		return inputerr.Errorf(path, "version", 0, "sweep schema version %d is newer than this knee understands (%d); continue the sweep with a newer knee", v.Version, sweep.SchemaVersion)
	}
	return nil
}

// override applies the settings a resume was given: a flag given again
// with another value than plan.json's replaces it there (so the next
// resume keeps it too), and events.log says so.
func (s *Store) override(now map[string]string) error {
	var changed []string
	merged := map[string]string{}
	for k, v := range s.plan.Settings {
		merged[k] = v
	}
	keys := make([]string, 0, len(now))
	for k := range now {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		was, ok := s.plan.Settings[k]
		if ok && was == now[k] {
			continue
		}
		merged[k] = now[k]
		if ok {
			changed = append(changed, fmt.Sprintf("--%s=%s (plan.json had %s)", k, now[k], was))
		} else {
			changed = append(changed, fmt.Sprintf("--%s=%s (plan.json had none)", k, now[k]))
		}
	}
	if len(changed) == 0 {
		return nil
	}
	s.plan.Settings = merged
	if v := s.plan.SchemaVersion(); s.plan.Version < v {
		s.plan.Version = v
	}
	b, err := json.MarshalIndent(s.plan, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(s.dir, PlanFile), append(b, '\n')); err != nil {
		return err
	}
	return s.Event("settings", "resumed with %s; plan.json now records it", strings.Join(changed, ", "))
}

func (s *Store) acquire() error {
	f, err := os.OpenFile(filepath.Join(s.dir, lockFile), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return fmt.Errorf("results folder: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return inputerr.Errorf(s.dir, "--out", 0, "another knee sweep is writing this folder right now")
	}
	s.lock = f
	return nil
}

// Close releases the folder.
func (s *Store) Close() {
	if s.lock != nil {
		_ = s.lock.Close()
		s.lock = nil
	}
}

// Dir is the folder.
func (s *Store) Dir() string { return s.dir }

// Plan is the folder's plan (on resume: the stored one, with its ID).
func (s *Store) Plan() sweep.Plan { return s.plan }

// Done reports whether level index i has been measured successfully.
func (s *Store) Done(i int) bool { return s.done[i] != nil }

// Failed returns the latest unsuccessful attempt at level i, or nil.
func (s *Store) Failed(i int) *LevelRecord { return s.failed[i] }

// LevelDir is the folder name of a level relative to the results folder.
func LevelDir(l sweep.Level) string {
	if l.Rate > 0 {
		return filepath.Join(LevelsDir, fmt.Sprintf("%03d-%grps", l.Index, l.Rate))
	}
	return filepath.Join(LevelsDir, fmt.Sprintf("%03d-%d", l.Index, l.PerGPU))
}

// scan reads every level folder's point.json back (resume).
func (s *Store) scan() error {
	levels := s.plan.Levels()
	if err := s.checkFolders(levels); err != nil {
		return err
	}
	for _, l := range levels {
		path := filepath.Join(s.dir, LevelDir(l), PointFile)
		b, err := boundedio.ReadFile(path, maxPointBytes)
		if errors.Is(err, os.ErrNotExist) {
			continue // never run, or stopped before it finished: run it again
		}
		if err != nil {
			return err
		}
		var rec LevelRecord
		if err := json.Unmarshal(b, &rec); err != nil {
			return inputerr.Errorf(path, "", 0, "not a knee level record: %w", err)
		}
		if rec.Level != l {
			return inputerr.Errorf(path, "level", 0, "records %v but the plan's level %d is %v", rec.Level, l.Index, l)
		}
		if err := s.checkRecord(path, &rec); err != nil {
			return err
		}
		if rec.Status == StatusOK {
			s.done[l.Index] = &rec
		} else {
			s.failed[l.Index] = &rec
		}
	}
	return nil
}

// SaveLevel stores one attempt at a level: the raw files verbatim, then
// point.json, then the updated sweep.json. A folder left by an earlier
// attempt at the same level is kept, renamed to NNN-PERGPU.attempt-K.
func (s *Store) SaveLevel(rec LevelRecord, raw map[string][]byte) error {
	rel := LevelDir(rec.Level)
	dir := filepath.Join(s.dir, rel)
	if _, err := os.Stat(dir); err == nil {
		if err := moveAside(dir); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	names := make([]string, 0, len(raw))
	for name := range raw {
		names = append(names, name)
	}
	sort.Strings(names)
	rec.Raw = rec.Raw[:0]
	for _, name := range names {
		// Raw names come from the harness; keep them inside the level folder.
		if !filepath.IsLocal(name) || name == PointFile {
			return fmt.Errorf("level %d: raw output name %q is not a plain relative file name", rec.Level.Index, name)
		}
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := writeAtomic(p, raw[name]); err != nil {
			return err
		}
		rec.Raw = append(rec.Raw, filepath.ToSlash(name))
	}
	for i := range rec.Points {
		s.normalise(&rec.Points[i], rec.Level, rel)
	}
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return fmt.Errorf("level %d: %w", rec.Level.Index, err)
	}
	if err := writeAtomic(filepath.Join(dir, PointFile), append(b, '\n')); err != nil {
		return err
	}
	r := rec
	if rec.Status == StatusOK {
		s.done[rec.Level.Index] = &r
		delete(s.failed, rec.Level.Index)
	} else {
		s.failed[rec.Level.Index] = &r
	}
	return s.writeSweep()
}

func moveAside(dir string) error {
	for k := 1; ; k++ {
		to := fmt.Sprintf("%s.attempt-%d", dir, k)
		if _, err := os.Stat(to); errors.Is(err, os.ErrNotExist) {
			return os.Rename(dir, to)
		}
	}
}

// normalise fills what the plan knows and a harness may not (per-GPU values,
// the configured concurrency) and makes the source name the level folder.
func (s *Store) normalise(p *sweep.Point, l sweep.Level, rel string) {
	if p.Concurrency == 0 {
		p.Concurrency = float64(l.Concurrency)
	}
	if s.plan.GPUs > 0 {
		if p.PerGPU == nil {
			p.PerGPU = sweep.F(p.Concurrency / float64(s.plan.GPUs))
		}
		if p.ThroughputPerGPU == nil {
			p.ThroughputPerGPU = sweep.F(p.ThroughputTokS / float64(s.plan.GPUs))
		}
	}
	rel = filepath.ToSlash(rel)
	switch {
	case p.Source == "":
		p.Source = rel
	case !strings.HasPrefix(p.Source, rel):
		p.Source = rel + ": " + p.Source
	}
}

// Sweep is the normalised sweep of every level measured so far.
func (s *Store) Sweep() *sweep.Sweep {
	out := &sweep.Sweep{
		Version: sweep.SchemaVersion, Accelerator: s.plan.Accelerator, GPUs: s.plan.GPUs,
		Leaf: s.plan.Leaf, Model: s.plan.Model, Harness: s.plan.Harness, Points: []sweep.Point{},
		Workload: s.plan.Workload,
	}
	idx := make([]int, 0, len(s.done))
	for i := range s.done {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	simulated := false
	for _, i := range idx {
		rec := s.done[i]
		if rec.HarnessVersion != "" && !slices.Contains(strings.Split(out.HarnessVersion, "+"), rec.HarnessVersion) {
			if out.HarnessVersion != "" {
				out.HarnessVersion += "+"
			}
			out.HarnessVersion += rec.HarnessVersion
		}
		out.Sources = append(out.Sources, filepath.ToSlash(LevelDir(rec.Level)))
		for _, p := range rec.Points {
			simulated = simulated || p.Simulated
			out.Points = append(out.Points, p)
		}
	}
	if simulated {
		out.Notes = append(out.Notes, "points marked simulated were measured against a simulated server, not real hardware")
	}
	fidx := make([]int, 0, len(s.failed))
	for i := range s.failed {
		if s.done[i] == nil {
			fidx = append(fidx, i)
		}
	}
	sort.Ints(fidx)
	for _, i := range fidx {
		rec := s.failed[i]
		out.Notes = append(out.Notes, fmt.Sprintf("level %d (%s) %s"+failedNote+"%s (see %s)",
			i, levelLoad(rec.Level), rec.Status, rec.Error, filepath.ToSlash(LevelDir(rec.Level))))
	}
	out.Searched = searchedClean(s.plan, out.Notes)
	sort.SliceStable(out.Points, func(a, b int) bool { return out.Points[a].Concurrency < out.Points[b].Concurrency })
	seen := map[float64]int{}
	for i := range out.Points {
		c := out.Points[i].Concurrency
		out.Points[i].Repeat = seen[c]
		seen[c]++
	}
	return out
}

func (s *Store) writeSweep() error {
	b, err := json.MarshalIndent(s.Sweep(), "", "  ")
	if err != nil {
		return fmt.Errorf("sweep.json: %w", err)
	}
	return writeAtomic(filepath.Join(s.dir, SweepFile), append(b, '\n'))
}

// Event appends one line to events.log and syncs it, so the log says what
// happened up to the moment the process stopped.
func (s *Store) Event(kind, format string, args ...any) error {
	f, err := os.OpenFile(filepath.Join(s.dir, EventsFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	msg := strings.ReplaceAll(fmt.Sprintf(format, args...), "\n", " ")
	line := fmt.Sprintf("%s %s %s\n", time.Now().UTC().Format(time.RFC3339), kind, msg)
	if _, err := f.WriteString(line); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// failedNote is the part of a sweep's note that says a level failed.
const failedNote = " without a usable measurement: "

// searchedClean says whether a search chose every level of a run and none
// of its levels failed: only then is a level another run measured and this
// one did not the search's choice (knee diff does not count it lost). A
// level the search planned and lost keeps the gate's rule: not comparable.
func searchedClean(p sweep.Plan, notes []string) bool {
	if p.Settings["search"] != "true" {
		return false
	}
	for _, n := range notes {
		if strings.Contains(n, failedNote) {
			return false
		}
	}
	return true
}
