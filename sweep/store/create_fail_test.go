package store

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// A Create that fails at any step leaves nothing behind: a new folder is
// removed whole, an existing empty one is emptied again; the same --out then
// works.
func TestCreateFailingPartWayLeavesNothingBehind(t *testing.T) {
	for _, step := range []string{"mkdir", "plan", "sweep", "events"} {
		for _, existing := range []bool{false, true} {
			t.Run(step+map[bool]string{false: "/new", true: "/existing-empty"}[existing], func(t *testing.T) {
				parent := t.TempDir()
				dir := filepath.Join(parent, "new", "out")
				if existing {
					require.NoError(t, os.MkdirAll(dir, 0o755))
				}
				createHook = func(s string) error {
					if s == step {
						return syscall.ENOSPC
					}
					return nil
				}
				t.Cleanup(func() { createHook = func(string) error { return nil } })
				_, err := Create(dir, plan())
				require.ErrorIs(t, err, syscall.ENOSPC)
				require.Equal(t, "results folder "+dir+" could not be created, nothing was left behind: no space left on device", err.Error())
				if existing {
					ents, err := os.ReadDir(dir)
					require.NoError(t, err)
					require.Empty(t, ents)
				} else {
					ents, err := os.ReadDir(parent)
					require.NoError(t, err)
					require.Empty(t, ents, "the folders Create made are gone")
				}
				createHook = func(string) error { return nil }
				s, err := Create(dir, plan())
				require.NoError(t, err, "the same --out works afterwards")
				s.Close()
			})
		}
	}
}

// A real disk full: a 64 KiB tmpfs, filled to the last block, as root.
func TestCreateOnFullDiskLeavesNothingBehind(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("mounting a tmpfs needs root")
	}
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", mnt).CombinedOutput(); err != nil {
		t.Skipf("mount not permitted here: %v: %s", err, out)
	}
	t.Cleanup(func() { _ = exec.Command("umount", mnt).Run() })
	// Fill it: a file of the tmpfs's size, written until ENOSPC.
	filler := filepath.Join(mnt, "filler")
	f, err := os.Create(filler)
	require.NoError(t, err)
	buf := make([]byte, 4096)
	for {
		if _, err := f.Write(buf); err != nil {
			require.True(t, errors.Is(err, syscall.ENOSPC), "%v", err)
			break
		}
	}
	require.NoError(t, f.Close())

	dir := filepath.Join(mnt, "run")
	_, err = Create(dir, plan())
	require.Error(t, err)
	require.True(t, errors.Is(err, syscall.ENOSPC), "%v", err)
	require.True(t, strings.HasPrefix(err.Error(), "results folder "+dir+" could not be created, nothing was left behind: "), err.Error())
	ents, _ := os.ReadDir(mnt)
	require.Len(t, ents, 1, "only the filler: no run/, no .lock, no levels/")

	require.NoError(t, os.Remove(filler))
	s, err := Create(dir, plan())
	require.NoError(t, err, "with room again, the same --out is created (not 'not empty')")
	s.Close()
	require.True(t, IsResultsDir(dir))
}
