package main

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/kneetool/knee/internal/output"
)

// onTerminal reports whether w is a terminal: a person reads it, so raw
// markdown and Mermaid would show as markup. A file or a pipe is not.
func onTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// chooseReadable is chooseFormat for a command whose output is made to be
// pasted (baseline, demo): without -o, a table on a terminal, and the
// table's first format (markdown, charts included) into a file or a pipe.
func chooseReadable[T any](root *rootOptions, formats output.Encoders[T]) (string, error) {
	def := formats.Default()
	if root.Output == "" && formats.Has(output.Table) && onTerminal(root.stdout) {
		def = output.Table
	}
	return root.checkOutput(string(def), formats.Names()...)
}
