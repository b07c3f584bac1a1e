package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
	"github.com/kneetool/knee/internal/drivers/simserver"
)

// Every Example line of every command runs, as cmd/benchstat's tests do in
// golang.org/x/perf: help that shows a flag knee no longer has, or a file
// layout it no longer reads, fails here. The examples name files a user
// would have (gb300.csv, results/, recipes/overlays/…); the test makes them
// from the real fixtures in a temporary folder, serves the simulated server
// where an example points at http://127.0.0.1:8000, and runs each line in
// order (the sweep, then its --resume, then find on it).
func TestHelpExamplesRun(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.Symlink(fixtures.Path("."), "fixtures"))
	require.NoError(t, os.Symlink(fixtures.Path("testbed/h200-cbserve-0.6b"), "results"))
	gb300, err := os.ReadFile(fixtures.Path("aicr/gb300-eks.csv"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile("gb300.csv", gb300, 0o644))
	rows := strings.Split(strings.TrimSpace(string(gb300)), "\n")
	require.NoError(t, os.WriteFile("run-128.json", importJSON(t, rows[0]+"\n"+rows[1]+"\n"), 0o644))
	require.NoError(t, os.WriteFile("run-256.json", importJSON(t, rows[0]+"\n"+rows[2]+"\n"), 0o644))
	_, md, _ := runKneeCLI(t, "import", "gb300.csv", "-o", "markdown")
	require.NoError(t, os.WriteFile("gb300.md", []byte(md), 0o644))
	require.NoError(t, os.MkdirAll("recipes/overlays", 0o755))
	catalog, err := os.ReadDir(fixtures.Path("overlays/catalog"))
	require.NoError(t, err)
	for _, e := range catalog {
		overlay, err := os.ReadFile(fixtures.Path("overlays/catalog/" + e.Name()))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile("recipes/overlays/"+e.Name(), overlay, 0o644))
	}

	// A fast simulated server stands in for the examples' local endpoint.
	srv := simserver.New(simserver.Config{GPUs: 4, BatchPerGPU: 128, StepBase: time.Millisecond, StepPerSeq: time.Microsecond,
		PrefillPerToken: time.Microsecond, Seed: 1})
	url, err := srv.Start()
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })

	var lines []string
	for _, c := range newRootCmd(nil, nil).Commands() {
		lines = append(lines, exampleLines(c.Example)...)
	}
	ran := 0
	{
		for _, line := range lines {
			if strings.HasPrefix(line, "knee simserver") {
				continue // the server above plays this line
			}
			args := strings.Fields(strings.TrimPrefix(stripComment(line), "knee "))
			var redirect string
			for i, a := range args {
				switch {
				case a == ">" && i+1 < len(args):
					redirect, args = args[i+1], args[:i]
				case a == "http://127.0.0.1:8000":
					args[i] = url
				case a == "/tmp/sim-sweep":
					args[i] = filepath.Join(dir, "sim-sweep")
				}
			}
			if args[0] == "sweep" && !strings.Contains(line, "--resume") {
				// Each sweep example starts afresh.
				for i, a := range args {
					if a == "--out" && i+1 < len(args) {
						require.NoError(t, os.RemoveAll(args[i+1]))
					}
				}
				// Small requests so that each level takes well under a second.
				args = append(args, "--min-requests", "16", "--requests-per-concurrency", "1", "--input-tokens", "8", "--output-tokens", "4", "--model", "sim")
			}
			t.Run(line, func(t *testing.T) {
				code, out, errs := runKneeCLI(t, args...)
				allowed := []int{exitOK}
				if args[0] == "baseline" {
					allowed = append(allowed, exitRefused) // refusing is what some examples show
				}
				if want, ok := documentedExit(line); ok {
					allowed = []int{want}
				}
				require.Contains(t, allowed, code, "%s\nstdout: %s\nstderr: %s", line, out, errs)
				if redirect != "" {
					require.NoError(t, os.WriteFile(redirect, []byte(out), 0o644))
				}
			})
			ran++
		}
	}
	require.GreaterOrEqual(t, ran, 25, "every command's examples (README's are TestReadmeCommandsShowTheirOutput's)")
}

// documentedExit reads "# exit N" after an example or README line.
func documentedExit(line string) (int, bool) {
	_, c, ok := strings.Cut(line, "# exit ")
	if !ok || c == "" {
		return 0, false
	}
	return int(c[0] - '0'), true
}

func stripComment(line string) string {
	if i := strings.Index(line, " #"); i >= 0 {
		return strings.TrimSpace(line[:i])
	}
	return line
}

// exampleLines joins backslash-continued lines and drops the indentation.
func exampleLines(ex string) []string {
	var out []string
	var cur string
	for _, l := range strings.Split(ex, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		cont := strings.HasSuffix(l, "\\")
		cur += strings.TrimSpace(strings.TrimSuffix(l, "\\"))
		if cont {
			cur += " "
			continue
		}
		out = append(out, strings.TrimSuffix(strings.TrimSpace(cur), " &"))
		cur = ""
	}
	return out
}

func importJSON(t *testing.T, csv string) []byte {
	t.Helper()
	p := filepath.Join(t.TempDir(), "row.csv")
	require.NoError(t, os.WriteFile(p, []byte(csv), 0o644))
	code, out, errs := runKneeCLI(t, "import", p, "-o", "json")
	require.Equal(t, 0, code, errs)
	return []byte(out)
}
