package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"
)

// Ctrl-C and SIGTERM end any command within a second, with the exit status
// a shell gives a process ended by the signal (128 + its number: 130, 143).
//
// The first signal cancels the command's context: the analysis (knee.Find)
// checks it between steps, a sweep abandons the level in flight and keeps
// every finished one. A command with nothing to clean up (every analysis
// command) is also given only interruptGrace to return: reading a large
// input is not interruptible, and nothing is lost by ending it there. A
// second signal ends any command at once.

// interruptGrace is how long a command without cleanup may take to return
// after the first signal.
const interruptGrace = 500 * time.Millisecond

// exitNow ends the process; tests replace it.
var exitNow = os.Exit

// cleansUp names the commands that must be let finish after a signal: a
// sweep deletes its Job and writes where it stopped; demo runs a sweep; the
// simulated server shuts down its listener; baseline --write replaces the
// overlay (the analysis before it still stops at the signal).
func cleansUp(root *cobra.Command, args []string) bool {
	c, _, err := root.Find(args)
	if err != nil || c == nil {
		return false
	}
	switch c.Name() {
	case "sweep", "demo", "simserver":
		return true
	case "baseline":
		return slices.ContainsFunc(args, func(a string) bool { return a == "--write" || strings.HasPrefix(a, "--write=") })
	}
	return false
}

// onInterrupt watches for SIGINT and SIGTERM until the returned stop is
// called; stop reports the first signal received, nil when none was.
func onInterrupt(cancel context.CancelCauseFunc, stderr io.Writer, cleanup bool) (stop func() os.Signal) {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	var mu sync.Mutex
	var first os.Signal
	go func() {
		var sig os.Signal
		select {
		case sig = <-sigs:
		case <-done:
			return
		}
		mu.Lock()
		first = sig
		mu.Unlock()
		cancel(fmt.Errorf("interrupted (%s)", signalName(sig)))
		var grace <-chan time.Time
		if !cleanup {
			grace = time.After(interruptGrace)
		}
		select {
		case again := <-sigs:
			fmt.Fprintf(stderr, "knee: interrupted again (%s): exiting now\n", signalName(again))
			exitNow(signalExit(again))
		case <-grace:
			fmt.Fprintf(stderr, "knee: interrupted (%s)\n", signalName(sig))
			exitNow(signalExit(sig))
		case <-done:
		}
	}()
	return func() os.Signal {
		signal.Stop(sigs)
		close(done)
		mu.Lock()
		defer mu.Unlock()
		return first
	}
}

// signalExit is 128 + the signal's number, as shells report it.
func signalExit(sig os.Signal) int {
	if s, ok := sig.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return exitRuntime
}

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}
