package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Each command's own -o check names exactly the formats that completion
// and its help offer, the default first.
func TestOutputFormatsAgreeWithEachCommand(t *testing.T) {
	for name, want := range outputFormats {
		t.Run(name, func(t *testing.T) {
			args := []string{name, "-o", "bogus"}
			if name == "import" || name == "find" || name == "baseline" || name == "compare" {
				args = append(args, "x.csv")
			}
			code, _, errs := runKneeCLI(t, args...)
			require.Equal(t, exitUsage, code, errs)
			require.Contains(t, errs, "-o bogus is not supported here; use one of: "+strings.Join(want, ", ")+"\n")

			code, out, _ := runKneeCLI(t, name, "--help")
			require.Equal(t, 0, code)
			require.Contains(t, out, "Output (-o): "+strings.Join(want, ", ")+" (default "+want[0]+").")
		})
	}
}

// The shell completes flag values: -o per command, --runner, --harness,
// --api and --format.
func TestCompletionOfFlagValues(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"baseline", "-o", ""}, "markdown\ntable\nyaml\njson\n"},
		{[]string{"find", "-o", ""}, "table\nmarkdown\njson\n"},
		{[]string{"sweep", "--runner", ""}, "local\nkube\n"},
		{[]string{"sweep", "--harness", ""}, "builtin\ninference-perf\naiperf\n"},
		{[]string{"sweep", "--api", ""}, "chat\ncompletion\n"},
	}
	for _, c := range cases {
		code, out, _ := runKneeCLI(t, append([]string{"__complete"}, c.args...)...)
		require.Equal(t, 0, code)
		require.Equal(t, c.want+":4\n", out, c.args)
	}
	_, out, _ := runKneeCLI(t, "__complete", "find", "--format", "")
	require.True(t, strings.HasPrefix(out, "sweep\ngenai-perf\n"), out)
	require.Contains(t, out, "\nllmperf\n")
}
