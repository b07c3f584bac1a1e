// Package read turns the results people have — knee sweep JSON and results
// folders, inference-perf reports and logs, AIPerf exports and logs, CSV and
// markdown tables — into one sweep.Sweep. The format is detected; Options.Format
// forces it.
package read

import (
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read/table"
)

// Meta is what the user states about inputs that do not carry it; the
// table reader (sweep/read/table) reads it too, so it is defined there.
type Meta = table.Meta

// Options controls reading.
type Options struct {
	// Format forces a reader: "" (detect) or one of Formats.
	Format string
	Meta   Meta
	// Workload picks the one workload to read from an input that holds
	// several (--workload): "VALUE" matches any workload field with that
	// value, "FIELD=VALUE[,FIELD=VALUE]" names the fields; "" keeps the only
	// workload there is and refuses a mix.
	Workload string
	// Judge is the analysis, for the ambiguity pass (table.Decide): with it,
	// two columns that could each hold one value are read when the answer
	// is the same with either and refused only when it differs; without it
	// (nil) they are refused.
	Judge sweep.Judge
	// ambiguityDepth counts the ambiguity passes this reading is nested in
	// (a candidate's reading meeting another choice): bounded by
	// the table reader's maxAmbiguityDepth, so the readings one input costs
	// are bounded too.
	ambiguityDepth int
}

// Load reads every input and merges them into one sweep.
func Load(paths []string, opts Options) (*sweep.Sweep, error) {
	if len(paths) == 0 {
		return nil, inputerr.Errorf("(no input)", "", 0, "give at least one input file or folder")
	}
	stdins := 0
	for _, p := range paths {
		if p == Stdin {
			if stdins++; stdins > 1 {
				return nil, inputerr.Errorf(stdinName, "", 0, "- (standard input) is given twice; it can be read once")
			}
		}
	}
	var parts []*sweep.Sweep
	seen := map[[32]byte]int{}
	total := 0
	for i, p := range paths {
		if j := samePath(paths, i); j != "" {
			return nil, givenTwice(paths, i, indexOf(paths, j), false)
		}
		s, err := File(p, opts)
		if err != nil {
			return nil, err
		}
		if len(paths) > 1 {
			fp := fingerprint(s)
			if j, dup := seen[fp]; dup {
				return nil, givenTwice(paths, i, j, true)
			}
			seen[fp] = i
		}
		total += len(s.Points)
		if err := checkPoints(strings.Join(paths, ", "), total); err != nil {
			return nil, err
		}
		parts = append(parts, s)
	}
	merged, err := Merge(parts, opts.Meta)
	if err != nil || len(parts) < 2 {
		return merged, err
	}
	// Each input kept one workload; inputs of different workloads (one
	// file per dataset or length) are still different curves.
	return selectWorkload(strings.Join(paths, ", "), merged, opts)
}

// File reads one input (a file or a folder) into a sweep, applying Meta,
// and checks it (sweep.Validate) so every format is held to the same rules.
// Path "-" reads standard input (named "stdin" in messages).
func File(path string, opts Options) (*sweep.Sweep, error) {
	if path == Stdin {
		data, err := ReadLimited(Stdin, maxInput)
		if err != nil {
			return nil, err
		}
		return Data(stdinName, data, opts)
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, cannotRead(path, err)
	}
	var s *sweep.Sweep
	if st.IsDir() {
		if err := readableDir(path); err != nil {
			return nil, err
		}
		s, err = readDir(path, opts)
	} else {
		s, err = readFile(path, opts)
	}
	if err != nil {
		return nil, err
	}
	return checked(path, s, opts)
}

// checked merges what a reader returned with the user's Meta and applies
// the checks every input gets: the measurement cap and sweep.Validate.
func checked(name string, s *sweep.Sweep, opts Options) (*sweep.Sweep, error) {
	if err := checkPoints(name, len(s.Points)); err != nil {
		return nil, err
	}
	out, err := Merge([]*sweep.Sweep{s}, opts.Meta)
	if err != nil {
		return nil, err
	}
	if err := out.Validate(name); err != nil {
		return nil, err
	}
	return out, nil
}

// Data reads one input held in memory — a pod log or an export a harness
// produced — exactly as File reads a file: name is what messages and point
// sources call it. It lets runners parse output without a temp file and
// without a second parser.
func Data(name string, data []byte, opts Options) (*sweep.Sweep, error) {
	if len(data) > maxInput {
		return nil, tooLarge(name, maxInput)
	}
	s, err := readData(name, data, opts)
	if err != nil {
		return nil, err
	}
	return checked(name, s, opts)
}

func readSweepJSON(path string, data []byte) (*sweep.Sweep, error) {
	var s sweep.Sweep
	if err := decodeJSON(path, 0, data, &s); err != nil {
		return nil, err
	}
	if s.Version != sweep.SchemaVersion {
		return nil, inputerr.Errorf(path, "version", 0, "sweep schema version %d is not supported (want %d)", s.Version, sweep.SchemaVersion)
	}
	for i := range s.Points {
		if s.Points[i].Source == "" {
			s.Points[i].Source = path
		}
	}
	if len(s.Sources) == 0 {
		s.Sources = []string{path}
	}
	return &s, nil
}

// Merge combines sweeps into one: metadata must agree (or be stated by the
// user, which wins over nothing but conflicts with a different stored value),
// points are sorted by concurrency, and repeats of one level are numbered in
// input order — never averaged away.
func Merge(parts []*sweep.Sweep, meta Meta) (*sweep.Sweep, error) {
	out := &sweep.Sweep{Version: sweep.SchemaVersion, GPUs: meta.GPUs, Accelerator: meta.Accelerator, Leaf: meta.Leaf, Model: meta.Model}
	total := 0
	for _, s := range parts {
		total += len(s.Points)
	}
	out.Points = make([]sweep.Point, 0, total) // a Point is large: grow once
	if out.Accelerator == "" && out.Leaf != "" {
		out.Accelerator = sweep.AcceleratorFromLeaf(out.Leaf)
	}
	var wl workloadMerge
	var tm tokenMerge
	// Repeats of searches are a search's levels only if every part's are.
	out.Searched = len(parts) > 0
	for _, s := range parts {
		out.Searched = out.Searched && s.Searched
		src := strings.Join(s.Sources, ",")
		if err := wl.add(s, src); err != nil {
			return nil, err
		}
		if err := tm.add(s, src); err != nil {
			return nil, err
		}
		if err := mergeInt(&out.GPUs, s.GPUs, meta.GPUs != 0, src, "gpus"); err != nil {
			return nil, err
		}
		for _, f := range []struct {
			dst  *string
			v    string
			name string
			set  bool
		}{
			{&out.Accelerator, s.Accelerator, "accelerator", meta.Accelerator != ""},
			{&out.Leaf, s.Leaf, "leaf", meta.Leaf != ""},
			{&out.Model, s.Model, "model", meta.Model != ""},
			{&out.Harness, s.Harness, "harness", false},
			{&out.HarnessVersion, s.HarnessVersion, "harness_version", false},
		} {
			if err := mergeString(f.dst, f.v, f.set, src, f.name); err != nil {
				return nil, err
			}
		}
		out.Sources = append(out.Sources, s.Sources...)
		out.Notes = appendUnique(out.Notes, s.Notes...)
		out.Points = append(out.Points, s.Points...)
	}
	if out.Accelerator == "" && out.Leaf != "" {
		out.Accelerator = sweep.AcceleratorFromLeaf(out.Leaf)
	}
	out.Workload = wl.w
	finalize(out)
	return out, nil
}

// mergeInt keeps the first known value; a different known value is a conflict.
// A value stated by the user (userSet) overrides a stored one only when the
// stored one is unknown: contradicting a file is an error, not a silent fix.
func mergeInt(dst *int, v int, userSet bool, src, field string) error {
	switch {
	case v == 0 || v == *dst:
		return nil
	case *dst == 0:
		*dst = v
		return nil
	case userSet:
		return inputerr.Errorf(src, field, 0, "input says %d but --%s says %d", v, field, *dst)
	default:
		return inputerr.Errorf(src, field, 0, "conflicting values across inputs: %d and %d", *dst, v)
	}
}

func mergeString(dst *string, v string, userSet bool, src, field string) error {
	switch {
	case v == "" || v == *dst:
		return nil
	case *dst == "":
		*dst = v
		return nil
	case userSet:
		return inputerr.Errorf(src, field, 0, "input says %q but --%s says %q", v, field, *dst)
	case field == "harness_version" || field == "harness":
		// Mixed harnesses are legitimate (a table plus an export); keep both names.
		if !strings.Contains(*dst, v) {
			*dst = *dst + "+" + v
		}
		return nil
	default:
		return inputerr.Errorf(src, field, 0, "conflicting values across inputs: %q and %q", *dst, v)
	}
}

// finalize computes per-GPU values from the GPU count, sorts points by
// concurrency (stable, so input order decides repeat numbers) and numbers
// repeats of each level.
func finalize(s *sweep.Sweep) {
	noteSimulated(s)
	for i := range s.Points {
		p := &s.Points[i]
		if s.GPUs > 0 {
			if p.PerGPU == nil {
				p.PerGPU = sweep.F(p.Concurrency / float64(s.GPUs))
			}
			if p.ThroughputPerGPU == nil {
				p.ThroughputPerGPU = sweep.F(p.ThroughputTokS / float64(s.GPUs))
			}
		}
	}
	sort.SliceStable(s.Points, func(i, j int) bool { return s.Points[i].Concurrency < s.Points[j].Concurrency })
	seen := map[float64]int{}
	for i := range s.Points {
		c := s.Points[i].Concurrency
		s.Points[i].Repeat = seen[c]
		seen[c]++
	}
	if s.Points == nil {
		s.Points = []sweep.Point{}
	}
}

func appendUnique(dst []string, vs ...string) []string {
	for _, v := range vs {
		found := false
		for _, d := range dst {
			if d == v {
				found = true
				break
			}
		}
		if !found {
			dst = append(dst, v)
		}
	}
	return dst
}

func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return fmt.Errorf("%s", pe.Err)
	}
	return err
}

// simulatedNote starts the sweep note naming simulated levels; finalize
// rewrites it each time so merged inputs carry one up-to-date note.
const simulatedNote = "simulated, not measured: "

// noteSimulated adds a sweep note naming the levels that are simulated, so
// no table or floor built from this sweep can pass them off as measurements.
func noteSimulated(s *sweep.Sweep) {
	kept := s.Notes[:0:0]
	for _, n := range s.Notes {
		if !strings.HasPrefix(n, simulatedNote) {
			kept = append(kept, n)
		}
	}
	s.Notes = kept
	var levels []string
	seen := map[string]bool{} // appendUnique's scan made this O(n²): minutes at 100,000 simulated levels
	for _, p := range s.Points {
		if !p.Simulated {
			continue
		}
		var l string
		if s.GPUs > 0 {
			l = fmt.Sprintf("%g/GPU", p.Concurrency/float64(s.GPUs))
		} else {
			l = fmt.Sprintf("concurrency %g", p.Concurrency)
		}
		if l += " (" + p.Source + ")"; !seen[l] {
			seen[l] = true
			levels = append(levels, l)
		}
	}
	if len(levels) > 0 {
		s.Notes = append(s.Notes, simulatedNote+strings.Join(levels, ", "))
	}
}

// NestedCurveNames are the curves that the columns of a picked series hold
// in their names, which err refuses to choose between; nil for any other
// error.
func NestedCurveNames(err error) []string { return table.NestedCurveNames(err) }

// CurveNames are the curves err refuses to choose between, when reading
// failed only because the input holds several curves whose answers differ
// (or more than the ambiguity pass reads): each reads with Meta.Series set
// to its name. nil for any other error.
func CurveNames(err error) []string {
	if n := table.CurveNames(err); n != nil {
		return n
	}
	return workloadNamesOf(err)
}
