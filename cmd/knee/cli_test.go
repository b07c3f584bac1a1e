package main

import (
	"bytes"
	"testing"
)

// runKneeCLI runs knee with args as main does and returns the exit code,
// stdout and stderr: every command's tests go through it.
func runKneeCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = execute(args, &out, &errb)
	return code, out.String(), errb.String()
}
