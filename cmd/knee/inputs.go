package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/kneetool/knee/baseline"
	"github.com/kneetool/knee/knee"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// inputFlags are the metadata flags every analysis command shares, for
// inputs that do not carry them.
type inputFlags struct {
	Format string
	// Workload is --workload, the one workload to read (read.Options.Workload).
	Workload string
	Meta     read.Meta
	// Units and Columns are the repeatable --unit and --column values,
	// parsed into Meta by options.
	Units, Columns []string
	// analysis is the command's knee options (find, baseline), for the
	// reader's ambiguity pass; nil reads with knee.DefaultOptions.
	analysis *knee.Options
}

func (f *inputFlags) bind(c *cobra.Command) {
	fl := c.Flags()
	fl.StringVar(&f.Format, "format", "", "force the input format: "+strings.Join(read.Formats, "|")+" (default: detect)")
	fl.StringVar(&f.Workload, "workload", "", "read only this workload from an input that holds several: a value such as random, or FIELD=VALUE[,FIELD=VALUE] such as dataset_name=random")
	// Every analysis command takes the same inputs: its help lists the
	// formats from the one table detection uses.
	c.Long += "\n\nInput formats (detected in this order; --format forces one):\n" + read.FormatHelp()
	fl.IntVar(&f.Meta.GPUs, "gpus", 0, "GPUs on the node under test (needed for per-GPU values when inputs do not say)")
	fl.StringVar(&f.Meta.Accelerator, "accelerator", "", "accelerator short name as aicr uses it (h100, gb300, rtx-pro-6000 …)")
	fl.StringVar(&f.Meta.Leaf, "leaf", "", "aicr leaf name, e.g. gb300-eks-ubuntu-inference-dynamo (implies --accelerator)")
	fl.StringVar(&f.Meta.Model, "model", "", "model served, e.g. Qwen/Qwen3-8B")
	fl.StringArrayVar(&f.Units, "unit", nil, "a table column's unit when its header does not state it: COLUMN=UNIT, UNIT one of "+strings.Join(read.UnitNames(), ", ")+" (repeatable), e.g. --unit 'ttft_p99=s'")
	fl.StringVar(&f.Meta.Series, "series", "", "read one curve of a table that holds several: the value of its engine, strategy, model … column, or the prefix its columns share (e.g. k8s of 'k8s TTFT mean')")
	fl.StringArrayVar(&f.Columns, "column", nil, "the table column that holds a value when several could: KIND=HEADER (repeatable), e.g. --column throughput='Output tok/s'")
}

// options checks the flags and returns them as read options. aicr's
// accelerator names are lower case: --accelerator H100 is h100, so that it
// matches leaf names and other sweeps in compare.
func (f *inputFlags) options() (read.Options, error) {
	if f.Meta.GPUs < 0 {
		return read.Options{}, usagef("--gpus must be positive, got %d", f.Meta.GPUs)
	}
	meta := f.Meta
	meta.Accelerator = strings.ToLower(strings.TrimSpace(meta.Accelerator))
	var err error
	if meta.Units, err = read.ParseUnitFlags(f.Units); err != nil {
		return read.Options{}, usagef("%v", err)
	}
	if meta.Columns, err = read.ParseColumnFlags(f.Columns); err != nil {
		return read.Options{}, usagef("%v", err)
	}
	judged := knee.DefaultOptions()
	if f.analysis != nil {
		judged = *f.analysis
	}
	return read.Options{Format: f.Format, Meta: meta, Workload: f.Workload, Judge: knee.Answerer(judged)}, nil
}

// load merges all inputs into one sweep.
func (f *inputFlags) load(args []string) (*sweep.Sweep, error) {
	opts, err := f.options()
	if err != nil {
		return nil, err
	}
	return read.Load(args, opts)
}

// analyse reads the inputs as one sweep, says on stderr how (printReadNotes)
// and finds its knee with opts: where find and plot both start.
func (f *inputFlags) analyse(root *rootOptions, args []string, opts knee.Options) (*sweep.Sweep, *knee.Result, error) {
	s, err := f.load(args)
	if err != nil {
		return nil, nil, err
	}
	printReadNotes(root.stderr, s)
	r, err := knee.FindContext(root.context(), s, opts)
	if err != nil {
		return nil, nil, err
	}
	return s, r, nil
}

// loadEach reads every input as its own sweep (compare); an input that
// holds several curves whose answers differ gives one sweep per curve.
func (f *inputFlags) loadEach(args []string) ([]baseline.NamedSweep, error) {
	opts, err := f.options()
	if err != nil {
		return nil, err
	}
	var out []baseline.NamedSweep
	for _, a := range args {
		s, err := read.File(a, opts)
		if err == nil {
			out = append(out, baseline.NamedSweep{Series: f.Meta.Series, Sweep: s})
			continue
		}
		curves, _, ok := f.eachCurve([]string{a}, err)
		kept, _ := baseline.Answerable(curves)
		if !ok || len(kept) == 0 {
			return nil, err
		}
		out = append(out, kept...)
	}
	return out, nil
}

// printReadNotes says on stderr how each input was read (which column as
// what, series picked, rows set aside), so that a number that reaches a
// floor can be traced to its column; import prints them with its table.
func printReadNotes(w io.Writer, s *sweep.Sweep) {
	for _, n := range s.Notes {
		if strings.HasPrefix(n, "simulated, not measured") {
			continue // find and baseline say it themselves, with what it means
		}
		fmt.Fprintf(w, "note: %s\n", n)
	}
}
