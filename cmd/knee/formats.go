package main

import "github.com/kneetool/knee/internal/output"

// chooseFormat checks -o against a command's table of formats
// (internal/output) and returns the chosen one, the table's first when -o
// is not given.
func chooseFormat[T any](root *rootOptions, formats output.Encoders[T]) (string, error) {
	return root.checkOutput(string(formats.Default()), formats.Names()...)
}
