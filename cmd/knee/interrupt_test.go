package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/kneetool/knee/fixtures"
)

// interruptChild is how these tests run knee in a child process: the test
// binary re-runs itself with this variable set and calls execute, as main
// does, so that a real signal reaches a real process.
const interruptChild = "KNEE_INTERRUPT_TEST_CHILD_ARGS"

// runChild starts knee with args in a child process (stdin from stdin when
// not nil).
func runChild(t *testing.T, test string, args []string, stdin *os.File) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$")
	cmd.Env = append(os.Environ(), interruptChild+"="+strings.Join(args, "\x1f"))
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if stdin != nil {
		cmd.Stdin = stdin
	}
	require.NoError(t, cmd.Start())
	return cmd, &out, &errb
}

func childMain() {
	if args := os.Getenv(interruptChild); args != "" {
		os.Exit(execute(strings.Split(args, "\x1f"), os.Stdout, os.Stderr))
	}
}

// denseSweep writes a SIMULATED sweep of n levels (Amdahl saturation, TTFT
// rising past 256/GPU) as the CSV a dense scan would give.
func denseSweep(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("per_gpu,throughput_tok_s,ttft_p99_ms\n")
	for i := 1; i <= n; i++ {
		c := float64(i) * 4096 / float64(n)
		fmt.Fprintf(&b, "%g,%.1f,%.1f\n", c, 60000*c/(c+64), 50+2*c+0.05*max(0, c-256)*max(0, c-256))
	}
	p := filepath.Join(t.TempDir(), "dense.csv")
	require.NoError(t, os.WriteFile(p, []byte(b.String()), 0o644))
	return p
}

// Ctrl-C during `knee find` on 100,000 levels (the most an input may hold)
// ends it with 130, and SIGTERM with 143, within the second the contract
// promises. The latency is logged, not asserted tightly: the machine is shared.
func TestFindInterruptedExitsWithTheSignalsCode(t *testing.T) {
	childMain()
	if testing.Short() {
		t.Skip("builds a 100,000-level sweep")
	}
	path := denseSweep(t, 100_000)
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
		name string
	}{{syscall.SIGINT, 130, "SIGINT"}, {syscall.SIGTERM, 143, "SIGTERM"}} {
		cmd, _, errb := runChild(t, "TestFindInterruptedExitsWithTheSignalsCode", []string{"find", path, "--gpus", "4"}, nil)
		// Reading 100,000 rows takes about a second here; the signal comes
		// while the input is read or analysed, both of which must stop.
		time.Sleep(1500 * time.Millisecond)
		sent := time.Now()
		require.NoError(t, cmd.Process.Signal(tc.sig))
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-time.After(20 * time.Second):
			_ = cmd.Process.Kill()
			t.Fatalf("knee find did not stop after %s: %s", tc.name, errb.String())
		case err := <-done:
			t.Logf("%s: exited %v after the signal", tc.name, time.Since(sent))
			if err == nil {
				t.Skipf("knee find finished before the %s arrived", tc.name)
			}
			var ee *exec.ExitError
			require.ErrorAs(t, err, &ee)
			require.Equal(t, tc.code, ee.ExitCode(), errb.String())
			require.Contains(t, errb.String(), "knee: interrupted ("+tc.name+")")
		}
	}
}

// knee find - reads standard input, through the same byte limit as files.
func TestFindReadsStandardInput(t *testing.T) {
	childMain()
	f, err := os.Open(fixtures.Path("aicr/gb300-eks.csv"))
	require.NoError(t, err)
	defer f.Close()
	cmd, out, errb := runChild(t, "TestFindReadsStandardInput", []string{"find", "-", "-o", "json"}, f)
	require.NoError(t, cmd.Wait(), errb.String())
	require.Contains(t, out.String(), `"candidate_per_gpu": 128`)
	require.Contains(t, out.String(), `"leaf": "gb300-eks-ubuntu-inference-dynamo"`)

	// A character device is refused by its mode, never read (it never ends).
	code, _, errs := runKneeCLI(t, "import", "/dev/zero", "--gpus", "4")
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, "knee: /dev/zero: is a character device, not a regular file")
	// As standard input, it is read through the limit and refused past it.
	z, err := os.Open("/dev/zero")
	require.NoError(t, err)
	defer z.Close()
	cmd, _, errb = runChild(t, "TestFindReadsStandardInput", []string{"import", "-", "--gpus", "4"}, z)
	err = cmd.Wait()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	require.Equal(t, exitUsage, ee.ExitCode())
	require.Contains(t, errb.String(), "knee: stdin: is larger than 256 MB")
}

// A FIFO is refused at once by its mode: opening it would wait forever
// for a writer.
func TestImportRefusesAFIFOWithoutBlocking(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	require.NoError(t, syscall.Mkfifo(p, 0o644))
	done := make(chan struct{})
	var code int
	var errs string
	go func() { code, _, errs = runKneeCLI(t, "import", p); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("knee import blocked on a FIFO")
	}
	require.Equal(t, exitUsage, code)
	require.Contains(t, errs, p+": is a FIFO (named pipe), not a regular file")
}

func TestSignalExitCodes(t *testing.T) {
	require.Equal(t, 130, signalExit(syscall.SIGINT))
	require.Equal(t, 143, signalExit(syscall.SIGTERM))
	require.Equal(t, "SIGINT", signalName(os.Interrupt))
}

// An error running over lines (a harness's output, a name with a newline)
// cannot start a line that reads as one of knee's own.
func TestMessageIndentsContinuationLines(t *testing.T) {
	require.Equal(t, "a.csv: bad\n  knee: forged", message(fmt.Errorf("a.csv: bad\nknee: forged")))
}

func TestCommandsThatCleanUpAreLetFinish(t *testing.T) {
	root := newRootCmd(&bytes.Buffer{}, &bytes.Buffer{})
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"sweep", "--endpoint", "http://x"}, true},
		{[]string{"demo"}, true},
		{[]string{"simserver"}, true},
		{[]string{"baseline", "a.csv", "--overlay", "o.yaml", "--write"}, true},
		{[]string{"baseline", "a.csv"}, false},
		{[]string{"find", "a.csv"}, false},
		{[]string{"import", "-"}, false},
		{[]string{"plot", "a.csv", "-o", "p.png"}, false},
	} {
		require.Equal(t, tc.want, cleansUp(root, tc.args), "%v", tc.args)
	}
}

// A second Ctrl-C ends the command at once, whatever it is doing.
func TestSecondInterruptEndsAtOnce(t *testing.T) {
	childMain()
	if testing.Short() {
		t.Skip("builds a 100,000-level sweep")
	}
	path := denseSweep(t, 100_000)
	cmd, _, errb := runChild(t, "TestSecondInterruptEndsAtOnce", []string{"find", path, "--gpus", "4"}, nil)
	time.Sleep(1500 * time.Millisecond)
	sent := time.Now()
	require.NoError(t, cmd.Process.Signal(syscall.SIGINT))
	time.Sleep(150 * time.Millisecond)     // apart enough not to be merged by the kernel
	_ = cmd.Process.Signal(syscall.SIGINT) // it may be gone already
	err := cmd.Wait()
	t.Logf("exited %v after the first signal: %s", time.Since(sent), errb.String())
	if err == nil {
		t.Skip("knee find finished before the signals arrived")
	}
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	require.Equal(t, 130, ee.ExitCode(), errb.String())
	require.Contains(t, errb.String(), "knee: interrupted")
}
