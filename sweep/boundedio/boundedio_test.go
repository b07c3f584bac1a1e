package boundedio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// The reader's contract, which every caller relies on: devices and FIFOs
// are refused by their mode (ErrNotRegular), a missing file still reads
// as fs.ErrNotExist (--resume says "not a results folder" on it), and the
// limit is seen, not assumed.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	for _, p := range []string{"/dev/zero", fifo, dir} {
		_, err := ReadFile(p, 1<<20)
		require.ErrorIs(t, err, ErrNotRegular, p)
	}
	_, err := ReadFile(filepath.Join(dir, "gone"), 1)
	require.ErrorIs(t, err, fs.ErrNotExist)
	require.EqualError(t, err, filepath.Join(dir, "gone")+": cannot read: no such file or directory")

	f := filepath.Join(dir, "f")
	require.NoError(t, os.WriteFile(f, []byte(strings.Repeat("x", 2048)), 0o644))
	_, err = ReadFile(f, 1024)
	require.EqualError(t, err, f+": is larger than 1 KB; knee reads result files and logs up to 1 KB")
	b, err := ReadFile(f, 2048)
	require.NoError(t, err)
	require.Len(t, b, 2048)
	_, err = ReadAll("stdin", zeros{}, 1<<20, 0)
	require.False(t, errors.Is(err, ErrNotRegular))
	require.EqualError(t, err, "stdin: is larger than 1 MB; knee reads result files and logs up to 1 MB")
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }
