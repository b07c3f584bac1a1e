package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// within fails the test when f does not return within 20 s: before, a FIFO
// plan.json hung --resume and /dev/zero grew without end.
func within(t *testing.T, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		t.Fatal("the read did not end: it waited on a FIFO or read a device without end")
		return nil
	}
}

// Issue 21 item 3: every file --resume reads back (plan.json, sweep.json,
// each point.json) goes through the bounded reader: a FIFO or /dev/zero in
// its place is refused at once naming the file (exit 2), as is a plan.json
// listing millions of levels, before a record per level is made.
func TestResumeReadsAreBounded(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))

	made := func(t *testing.T) string {
		dir := filepath.Join(t.TempDir(), "out")
		s, err := Create(dir, plan())
		require.NoError(t, err)
		require.NoError(t, s.SaveLevel(okRecord(plan().Levels()[0], 1000), nil))
		s.Close()
		return dir
	}
	for _, target := range []string{"/dev/zero", fifo} {
		for _, file := range []string{PlanFile, SweepFile, filepath.Join(LevelDir(plan().Levels()[0]), PointFile)} {
			t.Run(filepath.Base(target)+"/"+filepath.Base(file), func(t *testing.T) {
				dir := made(t)
				p := filepath.Join(dir, file)
				require.NoError(t, os.Remove(p))
				require.NoError(t, os.Symlink(target, p))
				err := within(t, func() error {
					st, err := Open(dir, sweep.Plan{})
					if err == nil {
						st.Close()
					}
					return err
				})
				var in *inputerr.Error
				require.True(t, errors.As(err, &in), "%v", err)
				require.Equal(t, p, in.File)
				require.ErrorContains(t, err, "not a regular file")
				if file == SweepFile {
					_, err = Load(dir)
					require.ErrorContains(t, err, "not a knee results folder")
				}
			})
		}
	}

	t.Run("plan.json of 10M levels", func(t *testing.T) {
		dir := made(t)
		var b bytes.Buffer
		b.WriteString(`{"id":"x","gpus":1,"per_gpu":[`)
		b.WriteString(strings.Repeat("1,", 10_000_000))
		b.WriteString(`1]}`)
		require.NoError(t, os.WriteFile(filepath.Join(dir, PlanFile), b.Bytes(), 0o644))
		_, err := ReadPlan(dir)
		require.EqualError(t, err, filepath.Join(dir, PlanFile)+": is larger than 4 MB; knee reads result files and logs up to 4 MB")
	})
	t.Run("plan.json listing more levels than a plan holds", func(t *testing.T) {
		dir := made(t)
		p := plan()
		p.PerGPU = make([]int, sweep.MaxPlanLevels+1)
		for i := range p.PerGPU {
			p.PerGPU[i] = 1
		}
		b, err := json.Marshal(p)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, PlanFile), b, 0o644))
		_, err = ReadPlan(dir)
		require.EqualError(t, err, filepath.Join(dir, PlanFile)+": per_gpu: lists 8193 levels; a knee plan holds at most 8192 (ladder and search levels × repeats)")
	})
}
