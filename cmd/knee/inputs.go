package main

import (
	"github.com/spf13/cobra"

	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// inputFlags are the metadata flags every analysis command shares, for
// inputs that do not carry them.
type inputFlags struct {
	Format string
	Meta   read.Meta
}

func (f *inputFlags) bind(c *cobra.Command) {
	fl := c.Flags()
	fl.StringVar(&f.Format, "format", "", "force the input format: sweep|inference-perf|aiperf|csv|markdown (default: detect)")
	fl.IntVar(&f.Meta.GPUs, "gpus", 0, "GPUs on the node under test (needed for per-GPU values when inputs do not say)")
	fl.StringVar(&f.Meta.Accelerator, "accelerator", "", "accelerator short name as aicr uses it (h100, gb300, rtx-pro-6000 …)")
	fl.StringVar(&f.Meta.Leaf, "leaf", "", "aicr leaf name, e.g. gb300-eks-ubuntu-inference-dynamo (implies --accelerator)")
	fl.StringVar(&f.Meta.Model, "model", "", "model served, e.g. Qwen/Qwen3-8B")
}

func (f *inputFlags) options() read.Options { return read.Options{Format: f.Format, Meta: f.Meta} }

// load merges all inputs into one sweep.
func (f *inputFlags) load(args []string) (*sweep.Sweep, error) {
	if f.Meta.GPUs < 0 {
		return nil, usagef("--gpus must be positive, got %d", f.Meta.GPUs)
	}
	return read.Load(args, f.options())
}

// loadEach reads every input as its own sweep (compare).
func (f *inputFlags) loadEach(args []string) ([]*sweep.Sweep, error) {
	if f.Meta.GPUs < 0 {
		return nil, usagef("--gpus must be positive, got %d", f.Meta.GPUs)
	}
	var out []*sweep.Sweep
	for _, a := range args {
		s, err := read.File(a, f.options())
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}
