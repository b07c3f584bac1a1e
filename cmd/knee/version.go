package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/sweep"
)

func newVersionCmd(o *rootOptions) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print knee's version, the Go version and the sweep schema version (-o json)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// -o is shared by every command; one version does not support
			// must be refused, not silently ignored.
			format, err := o.checkOutput("text", "text", "json")
			if err != nil {
				return err
			}
			v := version
			if bi, ok := debug.ReadBuildInfo(); ok && v == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
				v = bi.Main.Version
			}
			if format == "json" {
				return writeJSON(o.stdout, map[string]any{"version": v, "go": runtime.Version(), "sweep_schema": sweep.SchemaVersion})
			}
			fmt.Fprintf(o.stdout, "knee %s (%s, sweep schema v%d)\n", v, runtime.Version(), sweep.SchemaVersion)
			return nil
		},
	}
}
