package inputerr

import (
	"errors"
	"io/fs"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// An Error made with %w keeps the error it formats: callers can still
// ask errors.Is(err, fs.ErrNotExist) or fs.ErrPermission through it.
func TestInputErrorUnwraps(t *testing.T) {
	_, err := os.Open("/nonexistent/knee")
	in := Errorf("/nonexistent/knee", "", 0, "cannot read: %w", err)
	require.True(t, errors.Is(in, fs.ErrNotExist))
	require.Equal(t, "/nonexistent/knee: cannot read: open /nonexistent/knee: no such file or directory", in.Error())

	plain := Errorf("f.csv", "ttft", 3, "not a number: %v", "x")
	require.Nil(t, plain.Unwrap())
	require.Equal(t, "f.csv:3: ttft: not a number: x", plain.Error())
}
