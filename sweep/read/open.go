package read

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/kneetool/knee/sweep"
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
// "-", refusing more than limit bytes. It never trusts a reported size: a
// device (/dev/zero), a FIFO or a socket reports 0 and never ends, so those
// are refused by their mode before they are opened, and what is read goes
// through a limit of limit+1 bytes so that "larger than" is seen, not assumed.
// Errors are *sweep.InputError naming path (exit 2).
func ReadLimited(path string, limit int64) ([]byte, error) {
	if path == Stdin {
		return readAllLimited(stdinName, stdin, limit, 0)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, cannotRead(path, err)
	}
	if err := regularFile(path, st); err != nil {
		return nil, err
	}
	// O_NONBLOCK (where there is one): should the file be swapped for a FIFO
	// after the check above, opening it does not wait for a writer; the
	// mode is checked again on what was opened.
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, cannotRead(path, err)
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, cannotRead(path, err)
	}
	if err := regularFile(path, st); err != nil {
		return nil, err
	}
	return readAllLimited(path, f, limit, st.Size())
}

// regularFile refuses what is not a regular file (folders are the caller's
// business and never reach here).
func regularFile(path string, st fs.FileInfo) error {
	m := st.Mode()
	if m.IsRegular() {
		return nil
	}
	kind := "not a regular file"
	switch {
	case m.IsDir():
		kind = "a folder"
	case m&fs.ModeNamedPipe != 0:
		kind = "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		kind = "a socket"
	case m&fs.ModeCharDevice != 0:
		kind = "a character device"
	case m&fs.ModeDevice != 0:
		kind = "a block device"
	}
	return sweep.Inputf(path, "", 0, "is %s, not a regular file; knee reads devices, FIFOs and sockets only as standard input: give - as the INPUT and redirect it (knee import - < FILE)", kind)
}

// readAllLimited reads r to the end, at most limit bytes; sizeHint (the
// file's size, 0 when unknown) sizes the buffer once. A stream of unknown
// size is read in chunks and joined once, so that refusing one past the
// limit costs the limit, not the doublings of a growing buffer.
func readAllLimited(name string, r io.Reader, limit, sizeHint int64) ([]byte, error) {
	full := limit + 1 // one byte past the limit is enough to know
	lr := io.LimitReader(r, full)
	if sizeHint > 0 {
		buf := make([]byte, 0, min(sizeHint+1, full))
		for {
			if len(buf) == cap(buf) {
				// The file grew since it was measured.
				buf = append(buf, 0)[:len(buf)]
			}
			m, err := lr.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+m]
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return nil, cannotRead(name, err)
			}
		}
		if int64(len(buf)) > limit {
			return nil, tooLarge(name, limit)
		}
		return buf, nil
	}
	const chunk = 1 << 20
	var chunks [][]byte
	total := 0
	for {
		c := make([]byte, chunk)
		m, err := io.ReadFull(lr, c)
		if m > 0 {
			chunks, total = append(chunks, c[:m]), total+m
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return nil, cannotRead(name, err)
		}
	}
	if int64(total) > limit {
		return nil, tooLarge(name, limit)
	}
	buf := make([]byte, 0, total)
	for _, c := range chunks {
		buf = append(buf, c...)
	}
	return buf, nil
}

// tooLarge is the refusal of an input past the byte limit.
func tooLarge(name string, limit int64) error {
	return sweep.Inputf(name, "", 0, "is larger than %s; knee reads result files and logs up to %s", sizeText(limit), sizeText(limit))
}

// sizeText writes a byte limit as people say it: 256 MB, 64 KB.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// cannotRead is the message of a file or folder that cannot be read: the
// system's reason without the path it repeats, "permission denied" said as
// such (never "holds no results").
func cannotRead(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return sweep.Inputf(path, "", 0, "cannot read: permission denied")
	}
	return sweep.Inputf(path, "", 0, "cannot read: %v", unwrapPathErr(err))
}

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
