// Package inputerr is bad input as every layer reports it: the file, the
// field or line, and what is wrong. It sits at the bottom so that readers,
// overlay editing, drivers and flags share one error (exit code 2) without
// importing the data model for it.
package inputerr

import (
	"errors"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Error is bad input: a file that cannot be read as any format, a field
// that is missing or wrong. The CLI maps it to exit code 2. It always names
// the file and, where known, the field or line, so the user can fix it.
type Error struct {
	File  string // path as the user gave it
	Field string // JSON path, column header or flag name; "" when not applicable
	Line  int    // 1-based line for text formats; 0 when not applicable
	Msg   string
	// Err is the underlying error when the message wraps one (%w in
	// Inputf): errors.Is(err, fs.ErrPermission) still works through it.
	Err error
}

// Unwrap gives the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) Error() string {
	loc := QuoteName(e.File)
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", loc, e.Line)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", loc, QuoteName(e.Field), e.Msg)
	}
	return fmt.Sprintf("%s: %s", loc, e.Msg)
}

// QuoteName writes a file name (or a field or header taken from a file) as
// it is when it is plain text, and Go-quoted when it holds a control
// character or is not UTF-8: a name with a newline in it must not be able to
// start a line of its own that reads like a message of knee's.
func QuoteName(s string) string {
	if !utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	for _, r := range s {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return strconv.Quote(s)
		}
	}
	return s
}

// Inputf builds an Error. As with fmt.Errorf, a %w verb keeps the
// error it formats as the one Unwrap returns.
func Errorf(file, field string, line int, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	return &Error{File: file, Field: field, Line: line, Msg: err.Error(), Err: errors.Unwrap(err)}
}
