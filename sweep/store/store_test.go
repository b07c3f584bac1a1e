package store

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

func plan() sweep.Plan {
	return sweep.Plan{ID: "knee-test", PerGPU: []int{64, 128, 256}, GPUs: 4, Accelerator: "gb300", Model: "Qwen/Qwen3-8B",
		Endpoint: "http://127.0.0.1:8000", API: "chat", InputTokens: 128, OutputTokens: 128,
		MinRequests: 1000, RequestsPerConcurrency: 8, Harness: "builtin", Runner: "local"}
}

func okRecord(l sweep.Level, tok float64) LevelRecord {
	return LevelRecord{Level: l, Status: StatusOK, Harness: "builtin", HarnessVersion: "v1",
		Points: []sweep.Point{{Concurrency: float64(l.Concurrency), Requests: sweep.I(l.Requests), Failures: sweep.I(0),
			ThroughputTokS: tok, TTFT: sweep.Dist{P99: sweep.F(100)}, Source: "summary.json"}},
		StartedAt: time.Unix(0, 0).UTC(), FinishedAt: time.Unix(10, 0).UTC()}
}

func TestCreateWritesAnEmptyResultsFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	s, err := Create(dir, plan())
	require.NoError(t, err)
	defer s.Close()
	require.True(t, IsResultsDir(dir))
	sw, err := Load(dir)
	require.NoError(t, err)
	require.Equal(t, 4, sw.GPUs)
	require.Equal(t, "gb300", sw.Accelerator)
	require.Equal(t, "builtin", sw.Harness)
	require.Empty(t, sw.Points)
	p, err := ReadPlan(dir)
	require.NoError(t, err)
	want := plan()
	want.Version = sweep.PlanVersion
	require.Equal(t, want, p)
	ev, err := os.ReadFile(filepath.Join(dir, EventsFile))
	require.NoError(t, err)
	require.Contains(t, string(ev), " created plan knee-test: builtin harness, local runner, 64,128,256 per GPU × 4 GPUs")
	require.False(t, IsResultsDir(t.TempDir()))
}

func TestSaveLevelKeepsRawOutputVerbatimAndUpdatesSweep(t *testing.T) {
	dir := t.TempDir()
	s, err := Create(dir, plan())
	require.NoError(t, err)
	defer s.Close()
	lv := plan().Levels()
	raw := []byte("=== START_STAGE_1 ===\n{\"x\": 1}\r\n\x00binary too")
	require.NoError(t, s.SaveLevel(okRecord(lv[1], 84788), map[string][]byte{"stdout.log": raw, "report/stage_1.json": []byte("{}")}))
	require.NoError(t, s.SaveLevel(okRecord(lv[0], 50000), map[string][]byte{"summary.json": []byte("{}")}))

	got, err := os.ReadFile(filepath.Join(dir, "levels", "001-128", "stdout.log"))
	require.NoError(t, err)
	require.Equal(t, raw, got)
	require.FileExists(t, filepath.Join(dir, "levels", "001-128", "report", "stage_1.json"))

	sw, err := Load(dir)
	require.NoError(t, err)
	require.Len(t, sw.Points, 2)
	require.Equal(t, 256.0, sw.Points[0].Concurrency) // sorted by concurrency
	require.Equal(t, 64.0, *sw.Points[0].PerGPU)
	require.Equal(t, 128.0, *sw.Points[1].PerGPU)
	require.Equal(t, 21197.0, *sw.Points[1].ThroughputPerGPU)
	// sweep.json names files relative to the folder; Load names them from
	// the folder the user gave, so merged runs keep their provenance.
	d := filepath.ToSlash(dir)
	require.Equal(t, d+"/levels/001-128: summary.json", sw.Points[1].Source)
	require.Equal(t, []string{d + "/levels/000-64", d + "/levels/001-128"}, sw.Sources)
	onDisk, err := os.ReadFile(filepath.Join(dir, SweepFile))
	require.NoError(t, err)
	require.Contains(t, string(onDisk), `"source": "levels/001-128: summary.json"`)
	require.Equal(t, "v1", sw.HarnessVersion)

	var rec LevelRecord
	b, err := os.ReadFile(filepath.Join(dir, "levels", "001-128", PointFile))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &rec))
	require.Equal(t, []string{"report/stage_1.json", "stdout.log"}, rec.Raw)
	require.Equal(t, StatusOK, rec.Status)

	// Atomic writes leave no temp files behind.
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		require.NotContains(t, filepath.Base(p), ".tmp-", p)
		return nil
	})
}

func TestSaveLevelRefusesRawNamesOutsideTheLevelFolder(t *testing.T) {
	s, err := Create(t.TempDir(), plan())
	require.NoError(t, err)
	defer s.Close()
	for _, name := range []string{"../escape", "/abs", "point.json", ""} {
		err := s.SaveLevel(okRecord(plan().Levels()[0], 1), map[string][]byte{name: nil})
		require.Error(t, err, name)
	}
}

func TestOpenResumesFinishedLevelsAndRetriesFailedOnes(t *testing.T) {
	dir := t.TempDir()
	s, err := Create(dir, plan())
	require.NoError(t, err)
	lv := plan().Levels()
	require.NoError(t, s.SaveLevel(okRecord(lv[0], 50000), nil))
	failed := LevelRecord{Level: lv[1], Status: StatusFailed, Error: "every request failed: http_503×1024",
		Points: []sweep.Point{{Concurrency: 512, Requests: sweep.I(0), Failures: sweep.I(1024)}}}
	require.NoError(t, s.SaveLevel(failed, map[string][]byte{"stdout.log": []byte("503")}))
	s.Close()

	// A resume may restate nothing but the folder: zero fields are not compared.
	r, err := Open(dir, sweep.Plan{Harness: "builtin"})
	require.NoError(t, err)
	defer r.Close()
	require.Equal(t, "knee-test", r.Plan().ID)
	require.True(t, r.Done(0))
	require.False(t, r.Done(1))
	require.NotNil(t, r.Failed(1))
	require.False(t, r.Done(2))
	sw := r.Sweep()
	require.Len(t, sw.Points, 1)
	require.Equal(t, []string{"level 1 (128/GPU) failed without a usable measurement: every request failed: http_503×1024 (see levels/001-128)"}, sw.Notes)

	// The retry keeps the failed attempt's folder, renamed.
	require.NoError(t, r.SaveLevel(okRecord(lv[1], 84788), nil))
	require.FileExists(t, filepath.Join(dir, "levels", "001-128.attempt-1", "stdout.log"))
	require.True(t, r.Done(1))
	require.Empty(t, r.Sweep().Notes)
	loaded, err := Load(dir)
	require.NoError(t, err)
	require.Len(t, loaded.Points, 2)
}

func TestOpenRefusesAFolderFromAnotherPlan(t *testing.T) {
	dir := t.TempDir()
	s, err := Create(dir, plan())
	require.NoError(t, err)
	s.Close()
	for field, mutate := range map[string]func(*sweep.Plan){
		"per_gpu":       func(p *sweep.Plan) { p.PerGPU = []int{64, 128, 512} },
		"gpus":          func(p *sweep.Plan) { p.GPUs = 8 },
		"endpoint":      func(p *sweep.Plan) { p.Endpoint = "http://127.0.0.1:9000" },
		"model":         func(p *sweep.Plan) { p.Model = "other" },
		"input_tokens":  func(p *sweep.Plan) { p.InputTokens = 256 },
		"output_tokens": func(p *sweep.Plan) { p.OutputTokens = 256 },
		"harness":       func(p *sweep.Plan) { p.Harness = "aiperf" },
		"api":           func(p *sweep.Plan) { p.API = "completion" },
	} {
		p := plan()
		mutate(&p)
		_, err := Open(dir, p)
		var in *inputerr.Error
		require.True(t, errors.As(err, &in), field)
		require.Equal(t, field, in.Field)
		require.True(t, strings.HasSuffix(in.File, PlanFile))
		require.Contains(t, err.Error(), "made by another plan")
	}
	_, err = Open(t.TempDir(), plan())
	var in *inputerr.Error
	require.True(t, errors.As(err, &in))
}

func TestCreateRefusesAnExistingSweepAndOneWriterAtATime(t *testing.T) {
	dir := t.TempDir()
	s, err := Create(dir, plan())
	require.NoError(t, err)
	_, err = Create(dir, plan())
	require.ErrorContains(t, err, "--resume")
	_, err = Open(dir, plan())
	require.ErrorContains(t, err, "another knee sweep is writing this folder")
	s.Close()
	r, err := Open(dir, plan())
	require.NoError(t, err)
	r.Close()

	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, "notes.txt"), []byte("x"), 0o644))
	_, err = Create(other, plan())
	require.ErrorContains(t, err, "not empty")
	_, err = Create(filepath.Join(other, "notes.txt"), plan())
	var in *inputerr.Error
	require.ErrorAs(t, err, &in)
	require.Equal(t, "--out", in.Field)
}

func TestLoadRejectsABrokenSweepJSON(t *testing.T) {
	dir := t.TempDir()
	s, err := Create(dir, plan())
	require.NoError(t, err)
	s.Close()
	require.NoError(t, os.WriteFile(filepath.Join(dir, SweepFile), []byte("{\"version\": 9}"), 0o644))
	_, err = Load(dir)
	var in *inputerr.Error
	require.True(t, errors.As(err, &in))
	require.Equal(t, "version", in.Field)
}

// A folder whose plan says --search chose its levels loads as Searched
// (knee diff then does not count a level the search did not choose as
// lost), whether or not its sweep.json, written before the field, says so.
func TestLoadSaysWhenASearchChoseTheLevels(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	p := plan()
	p.Settings = map[string]string{"search": "true"}
	s, err := Create(dir, p)
	require.NoError(t, err)
	require.True(t, s.Sweep().Searched)
	s.Close()
	b, err := os.ReadFile(filepath.Join(dir, SweepFile))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, SweepFile), []byte(strings.Replace(string(b), `"searched": true,`, "", 1)), 0o644))
	sw, err := Load(dir)
	require.NoError(t, err)
	require.True(t, sw.Searched)

	// A search that lost a level is no search's choice there: a level
	// another run measured stays lost to the gate.
	lossy := filepath.Join(t.TempDir(), "lossy")
	s, err = Create(lossy, p)
	require.NoError(t, err)
	lv := p.Levels()
	require.NoError(t, s.SaveLevel(okRecord(lv[0], 50000), nil))
	failed := LevelRecord{Level: lv[1], Status: StatusFailed, Error: "every request failed: http_503×1024",
		Points: []sweep.Point{{Concurrency: 512, Requests: sweep.I(0), Failures: sweep.I(1024)}}}
	require.NoError(t, s.SaveLevel(failed, nil))
	require.False(t, s.Sweep().Searched)
	s.Close()
	sw, err = Load(lossy)
	require.NoError(t, err)
	require.False(t, sw.Searched)

	ladder := filepath.Join(t.TempDir(), "ladder")
	s, err = Create(ladder, plan())
	require.NoError(t, err)
	s.Close()
	sw, err = Load(ladder)
	require.NoError(t, err)
	require.False(t, sw.Searched)
}
