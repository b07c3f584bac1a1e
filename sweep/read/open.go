package read

import (
	"errors"
	"io"
	"os"

	"github.com/kneetool/knee/sweep/boundedio"
)

// maxInput bounds what is read into memory: result files and pod logs are
// megabytes at most; anything larger is not an input knee was meant to read.
// Every reader works on the bytes in memory, so this is also what bounds a
// reader's memory (a small multiple of it at worst, far less for tables:
// see maxTableLines).
const maxInput = 256 << 20

// Stdin is the INPUT that reads standard input (knee find -).
const Stdin = boundedio.Stdin

// stdinName is what messages and point sources call standard input.
const stdinName = boundedio.StdinName

// stdin is read for Stdin; tests replace it.
var stdin io.Reader = os.Stdin

// ReadLimited reads the regular file at path, or standard input when path is
// "-", refusing more than limit bytes (boundedio.ReadPath).
func ReadLimited(path string, limit int64) ([]byte, error) {
	return boundedio.ReadPath(path, limit, stdin)
}

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
