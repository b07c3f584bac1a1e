// Package output is the table of output formats, as prometheus/common's
// expfmt is beside its decoders: every -o value a command accepts maps to
// one encoder here, and JSON is written by one function for every command,
// so that a format is added or changed in one place.
package output

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Format is one -o value.
type Format string

const (
	// Table is aligned text for a terminal.
	Table Format = "table"
	// Markdown is for an issue or a pull request.
	Markdown Format = "markdown"
	// JSON is docs/DESIGN.md's contract for machines.
	JSON Format = "json"
	// YAML is for an overlay or a config file.
	YAML Format = "yaml"
	// Text is a plain line or log, for a command with no table.
	Text Format = "text"
)

// ForMachines reports whether a format is read by programs or kept in a
// file (JSON, YAML) rather than read by a person on the terminal: warnings
// written inside a table or markdown must then also reach stderr.
func (f Format) ForMachines() bool { return f == JSON || f == YAML }

// WriteJSON writes v as every -o json does: indented by two spaces, one
// trailing newline, and ">= 63000" kept readable instead of HTML-escaped
// (\u003e=).
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// Encoder writes v in one format.
type Encoder[T any] struct {
	Format Format
	Encode func(w io.Writer, v T) error
}

// JSONEncoder is the JSON encoder of any value: WriteJSON.
func JSONEncoder[T any]() Encoder[T] {
	return Encoder[T]{JSON, func(w io.Writer, v T) error { return WriteJSON(w, v) }}
}

// Encoders are the formats one kind of value is written in, in the order
// -o's help and errors list them; the first is the default.
type Encoders[T any] struct {
	what string
	list []Encoder[T]
}

// New makes the table of formats for a value that what names in errors
// ("baseline: comparison").
func New[T any](what string, encoders ...Encoder[T]) Encoders[T] {
	return Encoders[T]{what: what, list: encoders}
}

// Default is the format written when -o is not given.
func (e Encoders[T]) Default() Format { return e.list[0].Format }

// Names lists the formats as -o spells them, in order.
func (e Encoders[T]) Names() []string {
	out := make([]string, len(e.list))
	for i, x := range e.list {
		out[i] = string(x.Format)
	}
	return out
}

// Has reports whether f is one of the formats.
func (e Encoders[T]) Has(f Format) bool {
	for _, x := range e.list {
		if x.Format == f {
			return true
		}
	}
	return false
}

// Encode writes v to w in format f.
func (e Encoders[T]) Encode(w io.Writer, f Format, v T) error {
	for _, x := range e.list {
		if x.Format == f {
			return x.Encode(w, v)
		}
	}
	return fmt.Errorf("%s: unknown output format %q (%s)", e.what, f, strings.Join(e.Names(), ", "))
}
