package overlay

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/internal/inputerr"
)

// A file nobody may write (mode 0444) is someone's decision: --write refuses
// it — also as root, whom access(2) would let through — and leaves it
// byte-identical. The error is a runtime error (exit 1), not bad input.
func TestWriteRefusesReadOnlyFile(t *testing.T) {
	path, orig := copyFixture(t, gb300Overlay)
	require.NoError(t, os.Chmod(path, 0o444))
	o, err := Read(path)
	require.NoError(t, err)
	written, err := Write(o, gb300Proposal(t))
	require.False(t, written)
	require.EqualError(t, err, "overlay "+path+" is read-only (mode 0444); knee does not replace a write-protected file, it left it untouched: make it writable (chmod u+w) to let --write patch it")
	var in *inputerr.Error
	require.False(t, errors.As(err, &in), "exit 1, not 2")
	got, _ := os.ReadFile(path)
	require.Equal(t, orig, string(got))
	fi, _ := os.Stat(path)
	require.Equal(t, os.FileMode(0o444), fi.Mode().Perm())
	entries, _ := os.ReadDir(filepath.Dir(path))
	require.Len(t, entries, 1, "no temporary file left")
}

// The rename gives the path a new inode: owner, group and the special bits
// must be copied onto it (as root, the overlay belongs to nobody:nogroup).
func TestWriteKeepsOwnerGroupAndSpecialBits(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give the file another owner")
	}
	path, _ := copyFixture(t, gb300Overlay)
	require.NoError(t, os.Chown(path, 65534, 65534))
	require.NoError(t, os.Chmod(path, 0o664|os.ModeSetgid|os.ModeSticky))
	o, err := Read(path)
	require.NoError(t, err)
	written, err := Write(o, gb300Proposal(t))
	require.NoError(t, err)
	require.True(t, written)
	fi, err := os.Stat(path)
	require.NoError(t, err)
	st := fi.Sys().(*syscall.Stat_t)
	require.Equal(t, uint32(65534), st.Uid)
	require.Equal(t, uint32(65534), st.Gid)
	require.Equal(t, os.FileMode(0o664)|os.ModeSetgid|os.ModeSticky, fi.Mode()&(os.ModePerm|os.ModeSetgid|os.ModeSetuid|os.ModeSticky))
}

// A user who may not write the file is refused even where the folder would
// let the rename through (a world-writable folder): the test runs itself as
// nobody (uid 65534) on a root-owned 0644 overlay in a 0777 folder.
func TestWriteRefusesFileTheUserMayNotWrite(t *testing.T) {
	if p := os.Getenv("KNEE_TEST_OVERLAY_AS_NOBODY"); p != "" {
		o, err := Read(p)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Write(o, gb300Proposal(t))
		os.Stdout.WriteString("ERR: " + errString(err) + "\n")
		return
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root to run a child as another user")
	}
	dir, err := os.MkdirTemp("", "knee-overlay-nobody-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	require.NoError(t, os.Chmod(dir, 0o777))
	bin := filepath.Join(dir, "test.bin")
	copyExec(t, os.Args[0], bin)
	_, orig := copyFixture(t, gb300Overlay)
	target := filepath.Join(dir, "overlay.yaml")
	require.NoError(t, os.WriteFile(target, []byte(orig), 0o644))

	cmd := exec.Command(bin, "-test.run=^TestWriteRefusesFileTheUserMayNotWrite$")
	cmd.Env = append(os.Environ(), "KNEE_TEST_OVERLAY_AS_NOBODY="+target)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Contains(t, string(out), "ERR: overlay "+target+": you may not write it (permission denied); knee left it untouched")
	got, _ := os.ReadFile(target)
	require.Equal(t, orig, string(got))
	fi, _ := os.Stat(target)
	require.Equal(t, uint32(0), fi.Sys().(*syscall.Stat_t).Uid)
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

func copyExec(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	require.NoError(t, err)
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY, 0o755)
	require.NoError(t, err)
	_, err = io.Copy(out, in)
	require.NoError(t, err)
	require.NoError(t, out.Close())
}

// A file edited after its patch was staged is not replaced: Commit reads it
// once more immediately before the rename, and the edit survives.
func TestCommitRefusesAFileEditedAfterStaging(t *testing.T) {
	path, orig := copyFixture(t, gb300Overlay)
	o, err := Read(path)
	require.NoError(t, err)
	st, err := Stage(o, gb300Proposal(t))
	require.NoError(t, err)
	require.NotNil(t, st)
	edit := orig + "# edited by hand while knee wrote\n"
	require.NoError(t, os.WriteFile(path, []byte(edit), 0o640))
	err = st.Commit()
	st.Abort()
	require.EqualError(t, err, "overlay "+path+" changed while knee was working; run again")
	got, _ := os.ReadFile(path)
	require.Equal(t, edit, string(got))
	entries, _ := os.ReadDir(filepath.Dir(path))
	require.Len(t, entries, 1, "no staged or backup file left")
}
