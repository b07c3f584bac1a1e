package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// TestReadmeCommandsShowTheirOutput runs every command README.md shows and
// checks the output it shows under it, so that README cannot go stale (issue
// 31 item 5: its --rate --search example, the GB300 output and the corpus
// figures had drifted from what knee prints). The rules, which README's
// last section states too:
//
//   - In a ```console block, a line "$ knee …" is a command and the lines
//     under it, up to the next "$ " or the fence, are its output: stdout and
//     stderr together, in the order written, as a terminal shows them
//     (knee prints markdown where a terminal gets tables, so README asks
//     for -o table where it shows one). Trailing spaces are ignored. "…"
//     inside a line stands for any text; a line that is only "…" for any
//     number of lines (what varies run to run: a live sweep's timings).
//   - In a ```sh block every "knee …" line runs and must exit 0, or N where
//     it says "# exit N"; its output is not shown, so not compared.
//   - "make …" and "go …" lines are build steps, not knee commands: CI runs
//     `make test` itself (.ci/run), `make demo` is `knee demo` after
//     `make build` (TestDemo*, TestMakeBuildStripsTheBinary). Any other
//     command in a shown block fails the test: README shows nothing that is
//     not run. Commands that need a GPU or a cluster are not shown as
//     commands in README (docs/sweeps.md has them).
//   - "knee simserver … &" is started in this process on a free port, and
//     its --addr stands for that port in every later command and output.
//     A live sweep's output is not compared when the machine was too busy
//     for the simulation to follow its model (busyMachine, as TestDemo
//     judges it): the subtest is skipped and says why.
//
// The commands run in a temporary folder holding a copy of fixtures/, so a
// command that writes (a sweep's --out, a plot) leaves the repository as it
// was.
func TestReadmeCommandsShowTheirOutput(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(fixtures.Path("."), "..", "README.md"))
	require.NoError(t, err)
	cmds := readmeCommands(t, string(readme))
	require.GreaterOrEqual(t, len(cmds), 10, "README's commands")

	dir := t.TempDir()
	t.Chdir(dir)
	require.NoError(t, os.CopyFS("fixtures", os.DirFS(fixtures.Path("."))))

	shown := 0
	addrs := map[string]string{} // the address README shows → the one serving
	for _, c := range cmds {
		line := c.cmd
		for from, to := range addrs {
			line = strings.ReplaceAll(line, from, to)
		}
		args := strings.Fields(strings.TrimPrefix(stripComment(line), "knee "))
		if args[0] == "simserver" {
			require.True(t, strings.HasSuffix(c.cmd, " &"), "README line %d: the simulated server runs in the background", c.line)
			from, to := startReadmeSimserver(t, args[1:len(args)-1])
			addrs[from] = to
			continue
		}
		t.Run(fmt.Sprintf("line %d", c.line), func(t *testing.T) {
			var out lockedBuffer
			code := execute(args, &out, &out)
			got := out.String()
			for from, to := range addrs {
				got = strings.ReplaceAll(got, to, from)
			}
			want := 0
			if n, ok := documentedExit(c.cmd); ok {
				want = n
			}
			require.Equal(t, want, code, "README line %d: %s\n%s", c.line, c.cmd, got)
			if c.shown == nil {
				return
			}
			shown++
			if !outputMatches(c.shown, outputLines(got)) {
				if why := busyMachine(readmeArg(args, "--out")); args[0] == "sweep" && why != "" {
					// As TestDemo: when other processes hold the cores the
					// simulated server no longer follows its model and the
					// harness marks levels client_bound; that says nothing
					// of README.
					t.Skipf("machine too busy to compare a live sweep (%s); knee printed:\n%s", why, got)
				}
				t.Fatalf("README line %d: %s\nREADME shows:\n%s\nknee printed:\n%s", c.line, c.cmd,
					strings.Join(c.shown, "\n"), strings.Join(outputLines(got), "\n"))
			}
		})
	}
	require.GreaterOrEqual(t, shown, 6, "commands whose output README shows")
}

// readmeArg is the value after flag in args, or "".
func readmeArg(args []string, flag string) string {
	for i, a := range args {
		if a == flag && i+1 < len(args) {
			return args[i+1]
		}
	}
	return ""
}

// readmeCommand is one command README shows.
type readmeCommand struct {
	line  int      // README's line of the command
	cmd   string   // as shown, continuation lines joined, without "$ "
	shown []string // the output shown under it; nil in a sh block
}

// readmeCommands reads README's console and sh blocks (the rules above).
func readmeCommands(t *testing.T, readme string) []readmeCommand {
	t.Helper()
	var out []readmeCommand
	fence := "" // the open block's language; "" outside a block
	cont := false
	for i, l := range strings.Split(readme, "\n") {
		n := i + 1
		if strings.HasPrefix(l, "```") {
			if fence == "" {
				fence = strings.TrimPrefix(l, "```")
				if fence == "" {
					fence = "plain"
				}
			} else {
				fence = ""
			}
			cont = false
			continue
		}
		if fence != "console" && fence != "sh" {
			continue
		}
		if cont {
			last := &out[len(out)-1]
			last.cmd += " " + strings.TrimSpace(strings.TrimSuffix(l, `\`))
			cont = strings.HasSuffix(l, `\`)
			continue
		}
		cmd, isCmd := strings.CutPrefix(l, "$ ")
		if fence == "sh" {
			cmd, isCmd = strings.TrimSpace(l), strings.TrimSpace(l) != "" && !strings.HasPrefix(strings.TrimSpace(l), "#")
		}
		if !isCmd {
			if fence == "console" {
				require.NotEmpty(t, out, "README line %d: output before any command", n)
				out[len(out)-1].shown = append(out[len(out)-1].shown, l)
			}
			continue
		}
		first := strings.Fields(cmd)[0]
		if first == "make" || first == "go" {
			continue
		}
		require.Equal(t, "knee", first, "README line %d shows a command the test does not run: %s", n, cmd)
		require.NotContains(t, stripComment(cmd), `"`, "README line %d: no quoting (the test splits on spaces)", n)
		require.NotRegexp(t, `\s[<>|]`, stripComment(cmd), "README line %d: no redirection or pipe", n)
		c := readmeCommand{line: n, cmd: strings.TrimSpace(strings.TrimSuffix(cmd, `\`))}
		if fence == "console" {
			c.shown = []string{}
		}
		out = append(out, c)
		cont = strings.HasSuffix(cmd, `\`)
	}
	for i := range out {
		out[i].shown = trimTrailingBlank(out[i].shown)
	}
	return out
}

// startReadmeSimserver serves `knee simserver FLAGS` on a free port until
// the test ends, and returns the URL README gives it and the one it has.
func startReadmeSimserver(t *testing.T, flags []string) (shownURL, url string) {
	t.Helper()
	shownAddr := "127.0.0.1:8000"
	for i, f := range flags {
		if f == "--addr" && i+1 < len(flags) {
			shownAddr = flags[i+1]
			flags[i+1] = "127.0.0.1:0"
		}
	}
	var out lockedBuffer
	root := newRootCmd(&out, &out)
	root.SetArgs(append([]string{"simserver", "--addr", "127.0.0.1:0"}, flags...))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- root.ExecuteContext(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	re := regexp.MustCompile(`simulated server at (http://\S+?):? `)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return "http://" + shownAddr, m[1]
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("knee simserver %s did not start: %s", strings.Join(flags, " "), out.String())
	return "", ""
}

// outputMatches matches output lines against the shown ones, where "…" in
// a line is any text and a line of only "…" any number of lines.
func outputMatches(shown, got []string) bool {
	memo := map[[2]int]bool{}
	var match func(i, j int) bool
	match = func(i, j int) bool {
		k := [2]int{i, j}
		if v, ok := memo[k]; ok {
			return v
		}
		var r bool
		switch {
		case i == len(shown):
			r = j == len(got)
		case strings.TrimSpace(shown[i]) == "…":
			r = match(i+1, j) || (j < len(got) && match(i, j+1))
		default:
			r = j < len(got) && lineMatches(shown[i], got[j]) && match(i+1, j+1)
		}
		memo[k] = r
		return r
	}
	return match(0, 0)
}

func lineMatches(shown, got string) bool {
	shown = strings.TrimRight(shown, " ")
	if !strings.Contains(shown, "…") {
		return shown == got
	}
	parts := strings.Split(shown, "…")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	return regexp.MustCompile("^" + strings.Join(parts, ".*") + "$").MatchString(got)
}

// outputLines are the printed lines without trailing spaces or the blank
// lines at the end.
func outputLines(s string) []string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return trimTrailingBlank(lines)
}

func trimTrailingBlank(lines []string) []string {
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// lockedBuffer is stdout and stderr at once: a sweep writes its progress
// from more than one goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

var _ io.Writer = (*lockedBuffer)(nil)

// TestReadmeOutputMatching pins the matching rules README's test states.
func TestReadmeOutputMatching(t *testing.T) {
	require.True(t, outputMatches([]string{"a", "…", "d"}, []string{"a", "b", "c", "d"}))
	require.True(t, outputMatches([]string{"a", "…", "b"}, []string{"a", "b"}), "… may stand for no line")
	require.True(t, outputMatches([]string{"took … s, … failed"}, []string{"took 2.1 s, 0 failed"}))
	require.False(t, outputMatches([]string{"a", "d"}, []string{"a", "b", "d"}), "a line left out is a mismatch")
	require.False(t, outputMatches([]string{"took … s"}, []string{"took 2.1 ms"}))
	require.False(t, outputMatches([]string{"a"}, []string{"a", "b"}), "an output line README does not show")

	cmds := readmeCommands(t, "x\n```console\n$ knee find a.csv   # exit 3\nout 1\n\n$ knee find \\\n  b.csv\nout 2\n```\n```sh\nmake demo\nknee plot a.csv -o a.png\n```\n")
	require.Equal(t, []readmeCommand{
		{line: 3, cmd: "knee find a.csv   # exit 3", shown: []string{"out 1"}},
		{line: 6, cmd: "knee find b.csv", shown: []string{"out 2"}},
		{line: 12, cmd: "knee plot a.csv -o a.png"},
	}, cmds)
}

// Every relative link of README.md and docs/*.md reaches a file, and its
// #anchor a heading of that file (GitHub's anchors): moving README's
// sections into docs/ must not leave a link behind.
func TestReadmeAndDocsLinksResolve(t *testing.T) {
	root := filepath.Join(fixtures.Path("."), "..")
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	require.NoError(t, err)
	files = append(files, filepath.Join(root, "README.md"))
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range link.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if strings.Contains(target, "://") {
				continue
			}
			path, anchor, _ := strings.Cut(target, "#")
			dest := f
			if path != "" {
				dest = filepath.Join(filepath.Dir(f), path)
			}
			_, err := os.Stat(dest)
			require.NoError(t, err, "%s links to %s", f, target)
			if anchor != "" {
				require.Contains(t, headingAnchors(t, dest), anchor, "%s links to %s", f, target)
			}
			checked++
		}
	}
	require.Greater(t, checked, 20)
}

// headingAnchors are the anchors GitHub gives a markdown file's headings.
func headingAnchors(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var out []string
	fenced := false
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
		}
		h, ok := strings.CutPrefix(strings.TrimLeft(l, "#"), " ")
		if fenced || !strings.HasPrefix(l, "#") || !ok {
			continue
		}
		var a strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case r == ' ':
				a.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				a.WriteRune(r)
			}
		}
		out = append(out, a.String())
	}
	return out
}
