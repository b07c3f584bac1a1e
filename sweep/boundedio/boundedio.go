// Package boundedio reads files whole with a byte limit, whatever the file
// is: a device (/dev/zero), a FIFO or a socket is refused by its mode before
// it is opened, and what is read goes through a limit, so that no input
// knee reads can grow without end or wait for a writer. It sits below every
// package that reads files (sweep/read, sweep/store, sweep/catalog,
// baseline, cmd/knee): the data flows one way, and each of them reads
// through this one reader.
package boundedio

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/kneetool/knee/internal/inputerr"
)

// ErrNotRegular is what a refusal of a device, FIFO, socket or folder
// wraps: errors.Is(err, ErrNotRegular) tells it from a read error.
var ErrNotRegular = errors.New("not a regular file")

// Stdin is the path that names standard input (knee find -, --overlay -).
const Stdin = "-"

// StdinName is what messages call standard input.
const StdinName = "stdin"

// ReadPath reads the regular file at path, or stdin when path is Stdin,
// refusing more than limit bytes (ReadFile: a device, FIFO or socket is
// refused by its mode, never opened). Errors are *inputerr.Error naming
// path (exit 2); the refusal of a device or FIFO says how to read one
// anyway (as standard input).
func ReadPath(path string, limit int64, stdin io.Reader) ([]byte, error) {
	if path == Stdin {
		return ReadAll(StdinName, stdin, limit, 0)
	}
	b, err := ReadFile(path, limit)
	var in *inputerr.Error
	if errors.Is(err, ErrNotRegular) && errors.As(err, &in) {
		return nil, inputerr.Errorf(in.File, in.Field, in.Line, "%s; knee reads devices, FIFOs and sockets only as standard input: give - as the INPUT and redirect it (knee import - < FILE)%w", in.Msg, silentErr{in.Err})
	}
	return b, err
}

// silentErr wraps an error without adding to the message.
type silentErr struct{ err error }

func (s silentErr) Error() string { return "" }
func (s silentErr) Unwrap() error { return s.err }

// ReadFile reads the regular file at path, refusing more than limit bytes.
// It never trusts a reported size: a device (/dev/zero), a FIFO or a socket
// reports 0 and never ends, so those are refused by their mode before they
// are opened, and what is read goes through a limit of limit+1 bytes so
// that "larger than" is seen, not assumed. Errors are *inputerr.Error
// naming path (exit 2); a missing file still satisfies
// errors.Is(err, fs.ErrNotExist).
func ReadFile(path string, limit int64) ([]byte, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, CannotRead(path, err)
	}
	if err := Regular(path, st); err != nil {
		return nil, err
	}
	if st.Size() > limit {
		// A regular file's size is known before a byte is read: a 2 GB
		// sparse file is refused at once, not after reading the limit
		// (issue 27 item 10: 8–14 s and 640 MB before).
		return nil, TooLarge(path, limit)
	}
	// O_NONBLOCK (where there is one): should the file be swapped for a FIFO
	// after the check above, opening it does not wait for a writer; the
	// mode is checked again on what was opened.
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, CannotRead(path, err)
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, CannotRead(path, err)
	}
	if err := Regular(path, st); err != nil {
		return nil, err
	}
	return ReadAll(path, f, limit, st.Size())
}

// Check refuses what ReadFile would refuse without keeping what it read:
// for a file another library reads to its end (client-go's kubeconfig).
func Check(path string, limit int64) error {
	_, err := ReadFile(path, limit)
	return err
}

// Regular refuses what is not a regular file, saying what it is.
func Regular(path string, st fs.FileInfo) error {
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
	return inputerr.Errorf(path, "", 0, "is %s, %w", kind, ErrNotRegular)
}

// ReadAll reads r to the end, at most limit bytes; sizeHint (the file's
// size, 0 when unknown) sizes the buffer once. A stream of unknown size is
// read in chunks and joined once, so that refusing one past the limit costs
// the limit, not the doublings of a growing buffer. name is what errors
// call r.
func ReadAll(name string, r io.Reader, limit, sizeHint int64) ([]byte, error) {
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
				return nil, CannotRead(name, err)
			}
		}
		if int64(len(buf)) > limit {
			return nil, TooLarge(name, limit)
		}
		return buf, nil
	}
	const chunk = 1 << 20
	var chunks [][]byte
	total := 0
	for {
		c := make([]byte, min(chunk, full))
		m, err := io.ReadFull(lr, c)
		if m > 0 {
			chunks, total = append(chunks, c[:m]), total+m
		}
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		if err != nil {
			return nil, CannotRead(name, err)
		}
	}
	if int64(total) > limit {
		return nil, TooLarge(name, limit)
	}
	buf := make([]byte, 0, total)
	for _, c := range chunks {
		buf = append(buf, c...)
	}
	return buf, nil
}

// TooLarge is the refusal of an input past the byte limit.
func TooLarge(name string, limit int64) error {
	return inputerr.Errorf(name, "", 0, "is larger than %s; knee reads result files and logs up to %s", SizeText(limit), SizeText(limit))
}

// SizeText writes a byte limit as people say it: 256 MB, 64 KB.
func SizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// CannotRead is the message of a file or folder that cannot be read: the
// system's reason without the path it repeats, "permission denied" said as
// such. The system's error stays wrapped (errors.Is(err, fs.ErrNotExist)).
func CannotRead(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrPermission):
		return inputerr.Errorf(path, "", 0, "cannot read: permission denied%w", silent{err})
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return inputerr.Errorf(path, "", 0, "cannot read: %w", err)
}

// silent wraps an error without adding to the message.
type silent struct{ err error }

func (s silent) Error() string { return "" }
func (s silent) Unwrap() error { return s.err }

// OpenRegular opens the regular file at path for a reader that streams it
// (a line at a time), with ReadFile's checks: the mode before opening (a
// FIFO would make open(2) wait for a writer), O_NONBLOCK, and the mode
// again on what was opened. A missing file satisfies
// errors.Is(err, fs.ErrNotExist).
func OpenRegular(path string) (*os.File, fs.FileInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, nil, CannotRead(path, err)
	}
	if err := Regular(path, st); err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNonBlock, 0)
	if err != nil {
		return nil, nil, CannotRead(path, err)
	}
	if st, err = f.Stat(); err != nil {
		f.Close()
		return nil, nil, CannotRead(path, err)
	}
	if err := Regular(path, st); err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, st, nil
}
