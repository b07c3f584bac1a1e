package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// copyDir copies a fixture folder: the same run under another name.
func copyDir(t *testing.T, from string) string {
	t.Helper()
	to := filepath.Join(t.TempDir(), "copy")
	require.NoError(t, os.CopyFS(to, os.DirFS(from)))
	return to
}

// Issue 27 item 5: one run given twice is not two repeats. `knee diff
// a,a,a b` read "± 0 (3)" with a Welch interval and `knee baseline run
// run run` a floor on "mean of 3 repeats (sd 0)". Refused, exit 2 naming
// the input: the same path however written, or a copy of the same run.
// Issue 27 item 11: `knee diff - -` said "stdin: is empty".
func TestAnInputGivenTwiceIsRefused(t *testing.T) {
	run1 := fixtures.Path("testbed/h200-cbserve-0.6b-repeats/run-1")
	run2 := fixtures.Path("testbed/h200-cbserve-0.6b-repeats/run-2")
	copy1 := copyDir(t, run1)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"diff", run1 + "," + run1 + "," + run1, run2}, run1 + ": is given twice"},
		{[]string{"diff", run2, run1 + "," + run1 + "/"}, run1 + "/: is given twice"},
		{[]string{"baseline", run1, run1, run1}, run1 + ": is given twice"},
		{[]string{"baseline", run1, copy1}, copy1 + ": holds the same measurements as " + run1},
		{[]string{"find", run1, run2, copy1}, copy1 + ": holds the same measurements as " + run1},
		{[]string{"diff", "-", "-"}, "knee diff: - (standard input) is given 2 times; it can be read once"},
	} {
		code, out, errs := runKneeCLI(t, c.args...)
		require.Equal(t, exitUsage, code, "%v: %s", c.args, out)
		require.Contains(t, errs, c.want, c.args)
	}
	// Two different runs are repeats, as before.
	code, _, errs := runKneeCLI(t, "find", run1, run2)
	require.Equal(t, exitOK, code, errs)
}
