package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/internal/output"
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
	f, err := chooseFormat(o.root, versionFormats)
	o.format = f
	return err
}

func (o *versionOptions) Validate() error { return nil }

func (o *versionOptions) Run() error {
	v := version
	if bi, ok := debug.ReadBuildInfo(); ok && v == "dev" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	return versionFormats.Encode(o.root.stdout, output.Format(o.format), versionInfo{Go: runtime.Version(), SweepSchema: sweep.SchemaVersion, Version: v})
}

// versionInfo is what knee version prints. Its fields are in the order of
// its JSON keys, which -o json has always written sorted.
type versionInfo struct {
	Go          string `json:"go"`
	SweepSchema int    `json:"sweep_schema"`
	Version     string `json:"version"`
}

// versionFormats are knee version's: one line, or JSON.
var versionFormats = output.New("knee version",
	output.Encoder[versionInfo]{Format: output.Text, Encode: func(w io.Writer, v versionInfo) error {
		_, err := fmt.Fprintf(w, "knee %s (%s, sweep schema v%d)\n", v.Version, v.Go, v.SweepSchema)
		return err
	}},
	output.JSONEncoder[versionInfo](),
)
