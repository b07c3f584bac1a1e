package sweep

import (
	"fmt"
	"strconv"
	"strings"
)

// Workload is what each request of a built-in sweep contains, when it is
// not the default (every prompt --input-tokens random words, every output
// --output-tokens with ignore_eos). It is recorded on the plan, so that
// --resume refuses a folder made with another workload, and on the sweep,
// so that knee import refuses to merge sweeps of different workloads.
// The default workload is recorded as no workload (nil): sweep.json and
// plan.json stay as they were before workloads existed.
type Workload struct {
	// Input and Output are the prompt and output length distributions, in
	// tokens (words, for the built-in harness's generated prompts).
	Input  LengthDist `json:"input"`
	Output LengthDist `json:"output"`
	// Dataset is the prompt file the prompts are sampled from, if any:
	// its prompts are sent as they are (Input is then not used), and an
	// entry's own output length, when it has one, wins over Output.
	Dataset *DataFile `json:"dataset,omitempty"`
	// SharedPrefix, when set, starts every prompt with one of Count shared
	// prefixes of Tokens tokens (system prompts shared by many users).
	SharedPrefix *SharedPrefix `json:"shared_prefix,omitempty"`
	// IgnoreEOS is sent as ignore_eos on every request: false lets the
	// model end outputs where it ends them, and the harness records the
	// output tokens the server reports.
	IgnoreEOS bool `json:"ignore_eos"`
}

// PlanWorkloadVersion is the plan.json schema of a plan with a workload or
// a rate ladder (version 3): a knee older than both refuses to resume it,
// rather than send its default requests into a folder of other ones, or
// find no --per-gpu ladder in a rate plan. Closed-loop plans of the
// default workload stay PlanVersion.
const PlanWorkloadVersion = 3

// SchemaVersion is the plan.json version p is written with.
func (p Plan) SchemaVersion() int {
	if p.Workload != nil || p.IsRate() {
		return PlanWorkloadVersion
	}
	return PlanVersion
}

// Length distribution kinds.
const (
	DistFixed   = "fixed"
	DistUniform = "uniform"
	DistNormal  = "normal"
	DistFile    = "file"
)

// LengthDist is a length distribution. Kind says which parameters apply:
// fixed (Value), uniform (Min..Max inclusive), normal (Mean, SD, clipped to
// [1, Max]), file (lengths sampled from File's lines, identified by SHA256).
type LengthDist struct {
	Kind  string  `json:"kind"`
	Value int     `json:"value,omitempty"`
	Min   int     `json:"min,omitempty"`
	Max   int     `json:"max,omitempty"`
	Mean  float64 `json:"mean,omitempty"`
	SD    float64 `json:"sd,omitempty"`
	// File and SHA256 name a lengths file; Paired says it has two columns
	// (input and output length per line), which then set both lengths.
	File   string `json:"file,omitempty"`
	SHA256 string `json:"sha256,omitempty"`
	Paired bool   `json:"paired,omitempty"`
}

// DataFile is a prompt dataset: its file name as given, the SHA-256 of its
// content (what identifies it: a moved file is the same dataset), its
// format (sharegpt or jsonl) and how many usable prompts it held.
type DataFile struct {
	File    string `json:"file"`
	SHA256  string `json:"sha256"`
	Format  string `json:"format"`
	Entries int    `json:"entries"`
}

// SharedPrefix is N shared prefixes of LEN tokens.
type SharedPrefix struct {
	Count  int `json:"count"`
	Tokens int `json:"tokens"`
}

// String writes a distribution as its flag takes it (fixed:128,
// uniform:64-512, normal:512,128,1024, file:NAME).
func (d LengthDist) String() string {
	switch d.Kind {
	case DistFixed:
		return "fixed:" + strconv.Itoa(d.Value)
	case DistUniform:
		return fmt.Sprintf("uniform:%d-%d", d.Min, d.Max)
	case DistNormal:
		return fmt.Sprintf("normal:%s,%s,%d", fmtFloat(d.Mean), fmtFloat(d.SD), d.Max)
	case DistFile:
		return "file:" + d.File + " (sha256 " + short(d.SHA256) + ")"
	}
	return d.Kind
}

// identity is a distribution without its file name: the content decides.
func (d LengthDist) identity() string {
	if d.Kind == DistFile {
		return fmt.Sprintf("file sha256 %s paired=%t", d.SHA256, d.Paired)
	}
	return d.String()
}

func fmtFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func short(sha string) string {
	if len(sha) > 12 {
		return sha[:12]
	}
	return sha
}

// Fields lists the workload's identity field by field (JSON names), for
// comparing two workloads; a nil workload is the default one.
func (w *Workload) Fields() [][2]string {
	if w == nil {
		return [][2]string{{"workload", "default"}}
	}
	ds, sp := "none", "none"
	if w.Dataset != nil {
		ds = fmt.Sprintf("%s sha256 %s", w.Dataset.Format, w.Dataset.SHA256)
	}
	if w.SharedPrefix != nil {
		sp = fmt.Sprintf("%d:%d", w.SharedPrefix.Count, w.SharedPrefix.Tokens)
	}
	return [][2]string{
		{"workload.input", w.Input.identity()},
		{"workload.output", w.Output.identity()},
		{"workload.dataset", ds},
		{"workload.shared_prefix", sp},
		{"workload.ignore_eos", strconv.FormatBool(w.IgnoreEOS)},
	}
}

// DiffWorkload names the first field in which two workloads differ, with
// both values, or "" when they send the same requests. File names do not
// count: a dataset is its content.
func DiffWorkload(a, b *Workload) (field, was, now string) {
	if a == nil || b == nil {
		if a == nil && b == nil {
			return "", "", ""
		}
		return "workload", a.Describe(), b.Describe()
	}
	fa, fb := a.Fields(), b.Fields()
	for i := range fa {
		if fa[i][1] != fb[i][1] {
			return fa[i][0], fa[i][1], fb[i][1]
		}
	}
	return "", "", ""
}

// Default reports the default workload (fixed lengths, no dataset, no
// shared prefix, ignore_eos), which plans and sweeps record as none.
func (w *Workload) Default() bool {
	return w == nil || (w.Input.Kind == DistFixed && w.Output.Kind == DistFixed &&
		w.Dataset == nil && w.SharedPrefix == nil && w.IgnoreEOS)
}

// Describe is the workload in one line, as knee prints it.
func (w *Workload) Describe() string {
	if w == nil {
		return "default (fixed lengths, ignore_eos)"
	}
	parts := []string{"input " + w.Input.String(), "output " + w.Output.String()}
	if w.Dataset != nil {
		parts = append(parts, fmt.Sprintf("dataset %s (%s, %d prompts, sha256 %s)", w.Dataset.File, w.Dataset.Format, w.Dataset.Entries, short(w.Dataset.SHA256)))
	}
	if w.SharedPrefix != nil {
		parts = append(parts, fmt.Sprintf("shared prefix %d×%d tokens", w.SharedPrefix.Count, w.SharedPrefix.Tokens))
	}
	parts = append(parts, "ignore_eos "+strconv.FormatBool(w.IgnoreEOS))
	return strings.Join(parts, ", ")
}
