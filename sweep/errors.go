package sweep

import "fmt"

// InputError is bad input: a file that cannot be read as any format, a field
// that is missing or wrong. The CLI maps it to exit code 2. It always names
// the file and, where known, the field or line, so the user can fix it.
type InputError struct {
	File  string // path as the user gave it
	Field string // JSON path, column header or flag name; "" when not applicable
	Line  int    // 1-based line for text formats; 0 when not applicable
	Msg   string
}

func (e *InputError) Error() string {
	loc := e.File
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", loc, e.Line)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %s", loc, e.Field, e.Msg)
	}
	return fmt.Sprintf("%s: %s", loc, e.Msg)
}

// Inputf builds an InputError.
func Inputf(file, field string, line int, format string, args ...any) *InputError {
	return &InputError{File: file, Field: field, Line: line, Msg: fmt.Sprintf(format, args...)}
}
