package main

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"sigs.k8s.io/yaml"

	"github.com/kneetool/knee/internal/numfmt"
	"github.com/kneetool/knee/internal/output"
	"github.com/kneetool/knee/internal/table"
	"github.com/kneetool/knee/sweep"
)

// importOptions is `knee import`: read inputs, merge them into one sweep, print it.
type importOptions struct {
	root   *rootOptions
	inputs inputFlags
	args   []string
	output string
}

func newImportCmd(root *rootOptions) *cobra.Command {
	o := &importOptions{root: root}
	cmd := &cobra.Command{
		Use:   "import INPUT...",
		Short: "Read benchmark results (inference-perf, AIPerf, CSV/markdown tables) into one sweep",
		Long: `Read existing results and normalise them into one sweep: points sorted by
concurrency, latencies in ms, throughput in output tok/s for the node and per GPU.
Repeats of one level are numbered, never averaged.

INPUT may be a knee sweep JSON or results folder, an inference-perf report folder,
stage_<i>_lifecycle_metrics.json or pod log (=== START_STAGE_i === blocks), an AIPerf
profile_export_aiperf.json, a folder holding exports, or a log with the
===AIPERF-RESULT=== sentinels, or a CSV/markdown table with a header row. The format is
detected; --format forces it. Rate-based inference-perf stages get their concurrency
from Little's law (marked ~ in tables, "derived" in JSON).

-o json (or yaml) prints the sweep every other knee command accepts as input.`,
		Example: `  knee import fixtures/aicr/gb300-eks.csv --gpus 4
  knee import fixtures/inference-perf/kubecon-na-2025-vllm -o json > kubecon.json
  knee import run-128.json run-256.json --leaf gb300-eks-ubuntu-inference-dynamo -o markdown`,
		Args: cobra.ArbitraryArgs,
		RunE: completeValidateRun(o),
	}
	o.inputs.bind(cmd)
	return cmd
}

func (o *importOptions) Complete(args []string) error {
	o.args = args
	out, err := chooseFormat(o.root, sweepFormats)
	o.output = out
	return err
}

func (o *importOptions) Validate() error {
	if len(o.args) == 0 {
		return needInputs("import")
	}
	return nil
}

func (o *importOptions) Run() error {
	s, err := o.inputs.load(o.args)
	if err != nil {
		return err
	}
	if s.GPUs == 0 {
		fmt.Fprintln(o.root.stderr, "knee: per-GPU values not computed: pass --gpus N")
	}
	return sweepFormats.Encode(o.root.stdout, output.Format(o.output), s)
}

// sweepFormats are knee import's: the sweep's table with its metadata, or
// the sweep itself as JSON or YAML.
var sweepFormats = output.New("knee import",
	output.Encoder[*sweep.Sweep]{Format: output.Table, Encode: func(w io.Writer, s *sweep.Sweep) error { return writeSweepTable(w, s, false) }},
	output.Encoder[*sweep.Sweep]{Format: output.Markdown, Encode: func(w io.Writer, s *sweep.Sweep) error { return writeSweepTable(w, s, true) }},
	output.JSONEncoder[*sweep.Sweep](),
	output.Encoder[*sweep.Sweep]{Format: output.YAML, Encode: writeSweepYAML},
)

// writeSweepYAML is the JSON encoding in YAML: the same fields, the same
// names.
func writeSweepYAML(w io.Writer, s *sweep.Sweep) error {
	var buf bytes.Buffer
	if err := output.WriteJSON(&buf, s); err != nil {
		return err
	}
	b, err := yaml.JSONToYAML(buf.Bytes())
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// writeSweepTable prints a sweep's points as a table (markdown when md)
// under a line of its metadata.
func writeSweepTable(w io.Writer, s *sweep.Sweep, md bool) error {
	if line := sweepSummary(s, md); line != "" {
		fmt.Fprintf(w, "%s\n\n", line)
	}
	header := []string{"per GPU", "concurrency", "repeat", "requests", "failures", "tok/s", "tok/s/GPU", "TTFT p50 ms", "TTFT p99 ms", "ITL p50 ms", "source", "note"}
	align := []byte("rrrrrrrrrrll")
	rows := make([][]string, 0, len(s.Points))
	for _, p := range s.Points {
		conc := groupNum(p.Concurrency, -1)
		if p.Derived {
			conc = "~" + groupNum(p.Concurrency, 2)
		}
		rows = append(rows, []string{
			optNum(p.PerGPU), conc, strconv.Itoa(p.Repeat), optInt(p.Requests), optInt(p.Failures),
			groupNum(p.ThroughputTokS, 0), optNum(p.ThroughputPerGPU),
			optNum(p.TTFT.P50), optNum(p.TTFT.P99), optNum(p.ITL.P50), p.Source, pointFlags(p),
		})
	}
	f := table.Text
	if md {
		f = table.Markdown
		// A pipe inside a cell (a note, a path) would split the row on GitHub.
		for _, r := range rows {
			for i := range r {
				r[i] = strings.ReplaceAll(r[i], "|", `\|`)
			}
		}
	}
	if err := table.Write(w, f, header, rows, align); err != nil {
		return err
	}
	for _, n := range s.Notes {
		if md {
			fmt.Fprintf(w, "\n> **Note:** %s\n", n)
		} else {
			fmt.Fprintf(w, "note: %s\n", n)
		}
	}
	return nil
}

// sweepSummary is the line above the table: what was measured, where.
func sweepSummary(s *sweep.Sweep, md bool) string {
	code := func(v string) string {
		if md {
			return "`" + v + "`"
		}
		return v
	}
	var parts []string
	if s.Accelerator != "" {
		parts = append(parts, s.Accelerator)
	}
	if s.GPUs > 0 {
		parts = append(parts, plural(s.GPUs, "GPU"))
	} else {
		parts = append(parts, "GPU count unknown")
	}
	if s.Leaf != "" {
		parts = append(parts, "leaf "+code(s.Leaf))
	}
	if s.Model != "" {
		parts = append(parts, "model "+code(s.Model))
	}
	if s.Harness != "" {
		h := s.Harness
		if s.HarnessVersion != "" {
			h += " " + s.HarnessVersion
		}
		parts = append(parts, "harness "+h)
	}
	parts = append(parts, plural(len(s.Points), "point"))
	return strings.Join(parts, " · ")
}

// plural writes a count with its noun: "1 point", "3 points".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// pointFlags names what a reader must not miss about a point.
func pointFlags(p sweep.Point) string {
	var f []string
	if p.Simulated {
		f = append(f, "SIMULATED")
	}
	if p.Cancelled {
		f = append(f, "cancelled: partial numbers")
	}
	if p.ClientBound {
		f = append(f, "client-bound")
	}
	if p.TTFT.Assumed != "" {
		f = append(f, "TTFT "+p.TTFT.Assumed+" only")
	}
	if len(p.FailureLabels) > 0 {
		labels := make([]string, 0, len(p.FailureLabels))
		for l, n := range p.FailureLabels {
			labels = append(labels, fmt.Sprintf("%s ×%d", l, n))
		}
		sort.Strings(labels)
		f = append(f, strings.Join(labels, ", "))
	}
	if p.Note != "" {
		f = append(f, p.Note)
	}
	return strings.Join(f, "; ")
}

func optNum(v *float64) string {
	if v == nil {
		return numfmt.Missing
	}
	return groupNum(*v, -1)
}

func optInt(v *int) string {
	if v == nil {
		return numfmt.Missing
	}
	return groupNum(float64(*v), 0)
}

// groupNum is numfmt.Group: one formatter for every table knee prints.
func groupNum(v float64, decimals int) string { return numfmt.Group(v, decimals) }
