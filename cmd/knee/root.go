package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/internal/output"
)

// Exit codes are part of the CLI contract (docs/DESIGN.md).
const (
	exitOK      = 0
	exitRuntime = 1
	exitUsage   = 2
	exitRefused = 3
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// usageError marks a bad flag or argument (exit 2) that is not about a file.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// refusedError carries exit code 3 after the command printed its refusal.
type refusedError struct{ msg string }

func (e *refusedError) Error() string { return e.msg }

// rootOptions holds the flags every command shares.
type rootOptions struct {
	Output string
	stdout io.Writer
	stderr io.Writer
	// ctx is the running command's context, done on Ctrl-C or SIGTERM.
	ctx context.Context
}

// context is the running command's context (Background before one runs).
func (o *rootOptions) context() context.Context {
	if o.ctx == nil {
		return context.Background()
	}
	return o.ctx
}

func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	o := &rootOptions{stdout: stdout, stderr: stderr}
	root := &cobra.Command{
		Use:   "knee",
		Short: "Find the concurrency knee of an LLM serving stack and turn a sweep into floors",
		Long: `knee sweeps concurrency per GPU against an inference endpoint (or reads the results
you already have), locates the knee — where throughput stops growing and TTFT p99
explodes — and turns the sweep into per-accelerator settings and regression floors.
It refuses to propose floors measured past the knee, and says why.

The flow:

  sweep ──► find ──► baseline ──► render (tables, JSON/YAML, overlay patch, plots)
    ▲
  import (inference-perf reports and logs, AIPerf exports, CSV/markdown tables)

Every analysis command (import, find, baseline, plot, compare, diff) accepts the same inputs:
a sweep JSON or results folder written by knee, an inference-perf report folder, stage
file or pod log, an AIPerf profile_export_aiperf.json or log, or a CSV/markdown table.

Exit codes: 0 ok, 1 runtime failure, 2 bad input or usage, 3 baseline refused,
130/143 ended by Ctrl-C/SIGTERM.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.PersistentPreRun = func(c *cobra.Command, _ []string) { o.ctx = c.Context() }
	root.PersistentFlags().StringVarP(&o.Output, "output", "o", "", "output format: table|markdown|json|yaml (each command says which it supports)")
	// The commands, in the order of the flow (docs/DESIGN.md): explicit, so a
	// reader sees them all here, as kubectl's pkg/cmd/cmd.go lists its own.
	root.AddCommand(
		newSweepCmd(o),
		newImportCmd(o),
		newFindCmd(o),
		newBaselineCmd(o),
		newCompareCmd(o),
		newParetoCmd(o),
		newDiffCmd(o),
		newPlotCmd(o),
		newDemoCmd(o),
		newSimserverCmd(o),
		newVersionCmd(o),
	)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &usageError{err.Error()} })
	completeFlagValues(root)
	return root
}

func execute(args []string, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	root := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	stop := onInterrupt(cancel, stderr, cleansUp(root, args))
	err := root.ExecuteContext(ctx)
	if sig := stop(); sig != nil {
		// Interrupted: the shell's code (130 for Ctrl-C, 143 for SIGTERM),
		// with what the command said about where it stopped.
		if err == nil || err.Error() == context.Canceled.Error() {
			fmt.Fprintf(stderr, "knee: interrupted (%s)\n", signalName(sig))
		} else {
			fmt.Fprintln(stderr, "knee:", message(err))
		}
		return signalExit(sig)
	}
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(stderr, "knee:", message(err))
	return exitCode(err)
}

// message is an error as printed after "knee: ". A message running over
// several lines (a harness's last output) has its other lines indented, so
// no text from an input or a tool can start a line that reads as knee's.
func message(err error) string {
	return strings.ReplaceAll(err.Error(), "\n", "\n  ")
}

func exitCode(err error) int {
	var in *inputerr.Error
	var us *usageError
	var rf *refusedError
	switch {
	case errors.As(err, &rf):
		return exitRefused
	case errors.As(err, &in), errors.As(err, &us):
		return exitUsage
	}
	// cobra's own argument errors ("unknown command", "accepts 1 arg") are usage.
	if isCobraUsage(err) {
		return exitUsage
	}
	return exitRuntime
}

// optionsCommand is the kubectl shape of a command: Complete fills the
// options from the arguments, Validate rejects bad usage (exit 2) before
// anything is read, Run does the work.
type optionsCommand interface {
	Complete(args []string) error
	Validate() error
	Run() error
}

// completeValidateRun is the RunE of an optionsCommand.
func completeValidateRun(o optionsCommand) func(*cobra.Command, []string) error {
	return func(_ *cobra.Command, args []string) error {
		if err := o.Complete(args); err != nil {
			return err
		}
		if err := o.Validate(); err != nil {
			return flagError(err)
		}
		return flagError(o.Run())
	}
}

// needInputs is the usage error of an analysis command run without INPUT.
func needInputs(command string) error {
	return usagef("knee %s needs at least one INPUT (a results file, folder or log)", command)
}

// writeJSON writes v indented, as every -o json does. Floors and notes
// quote ">= 63000": they stay readable instead of HTML-escaped (\u003e=).
func writeJSON(w io.Writer, v any) error { return output.WriteJSON(w, v) }

// checkOutput validates -o against the formats a command supports and
// returns the chosen one (def when unset).
func (o *rootOptions) checkOutput(def string, allowed ...string) (string, error) {
	if o.Output == "" {
		return def, nil
	}
	for _, a := range allowed {
		if o.Output == a {
			return a, nil
		}
	}
	return "", usagef("-o %s is not supported here; use one of: %s", o.Output, strings.Join(allowed, ", "))
}
