package store

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// measured is a results folder of plan() with its first two levels done.
func measured(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "out")
	s, err := Create(dir, plan())
	require.NoError(t, err)
	lv := plan().Levels()
	require.NoError(t, s.SaveLevel(okRecord(lv[0], 50000), nil))
	require.NoError(t, s.SaveLevel(okRecord(lv[1], 84788), nil))
	s.Close()
	return dir
}

// Issue 27 item 8: --resume trusted a plan.json from another sweep (it ran
// that sweep's plan into the folder and dropped the measured 128/GPU) and
// a point.json holding 1e308 (accepted; the folder became unreadable).
// Every stored level is checked against the plan and the value ranges
// before anything runs, refused naming the file.
func TestResumeRefusesATamperedFolderBeforeRunning(t *testing.T) {
	t.Run("plan.json of another sweep", func(t *testing.T) {
		dir := measured(t)
		other := plan()
		other.ID, other.PerGPU = "knee-other", []int{64, 96}
		b, err := json.Marshal(other)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, PlanFile), b, 0o644))
		_, err = Open(dir, sweep.Plan{})
		var in *inputerr.Error
		require.True(t, errors.As(err, &in), "%v", err)
		require.Equal(t, filepath.Join(dir, PlanFile), in.File)
		require.ErrorContains(t, err, "names no level of levels/001-128, measured in this folder: plan.json is not the plan this folder was measured with")
		// Nothing was rewritten: the measured level is still there.
		require.FileExists(t, filepath.Join(dir, "levels", "001-128", PointFile))
	})
	t.Run("point.json with 1e308", func(t *testing.T) {
		dir := measured(t)
		path := filepath.Join(dir, "levels", "001-128", PointFile)
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		edited := strings.Replace(string(b), `"throughput_tok_s": 84788`, `"throughput_tok_s": 1e308`, 1)
		require.NotEqual(t, string(b), edited)
		require.NoError(t, os.WriteFile(path, []byte(edited), 0o644))
		_, err = Open(dir, sweep.Plan{})
		var in *inputerr.Error
		require.True(t, errors.As(err, &in), "%v", err)
		require.Equal(t, path, in.File)
		require.Equal(t, "points[0].throughput_tok_s", in.Field)
		require.ErrorContains(t, err, "remove the level folder to measure it again")
	})
	t.Run("an untouched folder resumes", func(t *testing.T) {
		s, err := Open(measured(t), sweep.Plan{})
		require.NoError(t, err)
		defer s.Close()
		require.True(t, s.Done(0))
		require.True(t, s.Done(1))
		require.False(t, s.Done(2))
	})
}
