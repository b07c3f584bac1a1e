package read

import (
	"errors"
	"io"
	"os"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep/boundedio"
)

// maxInput bounds what is read into memory: result files and pod logs are
// megabytes at most; anything larger is not an input knee was meant to read.
// Every reader works on the bytes in memory, so this is also what bounds a
// reader's memory (a small multiple of it at worst, far less for tables:
// see maxTableLines).
const maxInput = 256 << 20

// Stdin is the INPUT that reads standard input (knee find -).
const Stdin = "-"

// stdinName is what messages and point sources call standard input.
const stdinName = "stdin"

// stdin is read for Stdin; tests replace it.
var stdin io.Reader = os.Stdin

// ReadLimited reads the regular file at path, or standard input when path is
// "-", refusing more than limit bytes (boundedio.ReadFile: a device, FIFO
// or socket is refused by its mode, never opened). Errors are
// *inputerr.Error naming path (exit 2); the refusal of a device or FIFO
// says how to read one anyway (as standard input).
func ReadLimited(path string, limit int64) ([]byte, error) {
	if path == Stdin {
		return boundedio.ReadAll(stdinName, stdin, limit, 0)
	}
	b, err := boundedio.ReadFile(path, limit)
	var in *inputerr.Error
	if errors.Is(err, boundedio.ErrNotRegular) && errors.As(err, &in) {
		return nil, inputerr.Errorf(in.File, in.Field, in.Line, "%s; knee reads devices, FIFOs and sockets only as standard input: give - as the INPUT and redirect it (knee import - < FILE)%w", in.Msg, silentErr{in.Err})
	}
	return b, err
}

// silentErr wraps an error without adding to the message.
type silentErr struct{ err error }

func (s silentErr) Error() string { return "" }
func (s silentErr) Unwrap() error { return s.err }

// tooLarge is the refusal of an input past the byte limit.
func tooLarge(name string, limit int64) error { return boundedio.TooLarge(name, limit) }

// sizeText writes a byte limit as people say it: 256 MB, 64 KB.
func sizeText(n int64) string { return boundedio.SizeText(n) }

// cannotRead is the message of a file or folder that cannot be read: the
// system's reason without the path it repeats, "permission denied" said as
// such (never "holds no results").
func cannotRead(path string, err error) error { return boundedio.CannotRead(path, err) }

// readableDir refuses a folder that cannot be listed, before any format
// looks into it and finds nothing it reads.
func readableDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return cannotRead(dir, err)
	}
	defer f.Close()
	if _, err := f.ReadDir(1); err != nil && !errors.Is(err, io.EOF) {
		return cannotRead(dir, err)
	}
	return nil
}
