package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/sweep"
)

// versionOptions is `knee version`.
type versionOptions struct {
	root   *rootOptions
	format string
}

func newVersionCmd(root *rootOptions) *cobra.Command {
	o := &versionOptions{root: root}
	return &cobra.Command{
		Use:   "version",
		Short: "Print knee's version, the Go version and the sweep schema version (-o json)",
		Args:  cobra.NoArgs,
		RunE:  completeValidateRun(o),
	}
}

// Complete checks -o: it is shared by every command, and a format version
// does not support must be refused, not silently ignored.
func (o *versionOptions) Complete([]string) error {
	f, err := o.root.checkOutput("text", "text", "json")
	o.format = f
	return err
}

func (o *versionOptions) Validate() error { return nil }

func (o *versionOptions) Run() error {
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok && v == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	if o.format == "json" {
		return writeJSON(o.root.stdout, map[string]any{"version": v, "go": runtime.Version(), "sweep_schema": sweep.SchemaVersion})
	}
	fmt.Fprintf(o.root.stdout, "knee %s (%s, sweep schema v%d)\n", v, runtime.Version(), sweep.SchemaVersion)
	return nil
}
