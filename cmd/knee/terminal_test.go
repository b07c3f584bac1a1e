//go:build linux

package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// openPTY opens a real pseudo-terminal pair (/dev/ptmx): writes to tty are
// what a terminal shows, read back from ptm.
func openPTY(t *testing.T) (ptm, tty *os.File) {
	t.Helper()
	ptm, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	var n, unlock uint32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptm.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Fatalf("unlockpt: %v", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptm.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Fatalf("ptsname: %v", e)
	}
	tty, err = os.OpenFile("/dev/pts/"+strconv.Itoa(int(n)), os.O_RDWR|syscall.O_NOCTTY, 0)
	require.NoError(t, err)
	t.Cleanup(func() { tty.Close(); ptm.Close() })
	return ptm, tty
}

// onTTY runs knee with stdout a real terminal and returns what it showed.
func onTTY(t *testing.T, args ...string) (int, string) {
	ptm, tty := openPTY(t)
	shown := make(chan []byte)
	go func() {
		var b bytes.Buffer
		_, _ = io.Copy(&b, ptm) // ends with EIO once tty is closed
		shown <- b.Bytes()
	}()
	var errb bytes.Buffer
	code := execute(args, tty, &errb)
	require.NoError(t, tty.Close())
	out := <-shown
	return code, string(bytes.ReplaceAll(out, []byte("\r\n"), []byte("\n")))
}

// TestBaselineOnATerminalIsATable: on a terminal knee baseline prints
// aligned tables with no raw Mermaid and no markdown; into a file (named .md
// or not) or a pipe it prints markdown with the charts, as before; -o picks
// either anywhere.
func TestBaselineOnATerminalIsATable(t *testing.T) {
	args := []string{"baseline", gb300Real, gb300Sim64, "--gpus", "4"}
	code, shown := onTTY(t, args...)
	require.Equal(t, exitOK, code, shown)
	require.Contains(t, shown, "knee baseline: gb300-eks-ubuntu-inference-dynamo, gb300, 4 GPUs, Qwen/Qwen3-8B\n\nProposed floors from 128/GPU.\n")
	require.Regexp(t, `(?m)^\s+128 ◀\s+512\s+84,788\s+21,197\s+–\s+677\s+sub_knee\s*$`, shown)
	require.Regexp(t, `(?m)^ inference-throughput\s+>= 63000\s*$`, shown)
	for _, md := range []string{"xychart-beta", "```", "<details>", "**", "| ", "###"} {
		require.NotContains(t, shown, md)
	}

	// The same command into a file named .md, and into a plain file: markdown.
	for _, name := range []string{"floors.md", "floors.txt"} {
		f, err := os.Create(filepath.Join(t.TempDir(), name))
		require.NoError(t, err)
		code = execute(args, f, io.Discard)
		require.NoError(t, f.Close())
		require.Equal(t, exitOK, code)
		b, err := os.ReadFile(f.Name())
		require.NoError(t, err)
		require.Contains(t, string(b), "### knee baseline: gb300-eks-ubuntu-inference-dynamo")
		require.Contains(t, string(b), "```mermaid\n")
		require.Contains(t, string(b), "\nxychart-beta\n")
	}

	// -o markdown on a terminal is markdown; -o table into a buffer is a table.
	_, shown = onTTY(t, append(args, "-o", "markdown")...)
	require.Contains(t, shown, "xychart-beta")
	code, out, _ := runKneeCLI(t, append(args, "-o", "table")...)
	require.Equal(t, exitOK, code)
	require.Contains(t, out, "Proposed floors from 128/GPU.")
	require.NotContains(t, out, "xychart-beta")
}

// TestBaselineRefusalOnATerminal: a refusal reads as sentences with its
// next run, exit 3 as in markdown.
func TestBaselineRefusalOnATerminal(t *testing.T) {
	code, shown := onTTY(t, "baseline", gb300Real, gb300Sim64, "--gpus", "4", "--at", "256")
	require.Equal(t, exitRefused, code, shown)
	require.Contains(t, shown, "Refused: no floor can be set from 256/GPU.\n")
	require.Contains(t, shown, "\nRefused:\n\n- 256/GPU past_knee: ")
	require.Contains(t, shown, ". Next run: ")
	require.NotContains(t, shown, "xychart-beta")
}

// TestDemoOnATerminalIsTables: knee demo -o table (what a terminal gets)
// prints find's and baseline's tables under underlined headings, with no
// Mermaid, markdown headings or backticks.
func TestDemoOnATerminalIsTables(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "demo")
	code, out, errs := sweepCLI(t, "demo", "--out", dir, "--plot", "", "--time-scale", "9", "-o", "table")
	require.Equal(t, exitOK, code, errs)
	title := "knee demo (simulated GB300-like server, 4 GPUs)"
	require.True(t, strings.HasPrefix(out, title+"\n"+strings.Repeat("=", len(title))+"\n\n"), out)
	require.Contains(t, out, "\nknee find\n---------\n\n")
	require.Contains(t, out, "\nknee baseline\n-------------\n\n")
	require.Regexp(t, `(?m)^\s+per GPU\s+in flight\s+tok/s\s+tok/s/GPU`, out, "find's table")
	require.Contains(t, out, "\nknee baseline: gb300, 4 GPUs, simulated/Qwen3-8B\n\nProposed from SIMULATED numbers")
	require.Contains(t, out, "\nResults folder: "+dir+" (try knee find "+dir+").\n")
	for _, md := range []string{"xychart-beta", "```", "<details>", "**", "## ", "`"} {
		require.NotContains(t, out, md)
	}
}
