// Package catalog is the plan of `knee sweep --catalog`: a YAML list of
// leaves (an aicr leaf, the cluster it runs on, its endpoint, model and
// ladder) each of which is swept exactly as `knee sweep --runner kube`
// would sweep it with the same flags, into DIR/<leaf>/. This file reads and
// checks the plan; args.go lays a leaf's flags over the command line's;
// sweep.go runs the catalog (Sweep: bind every leaf, prepare DIR in out.go,
// run, record, report a Row each in report.go); schedule.go orders the
// leaves (one cluster's leaves one after another, clusters side by side);
// state.go remembers which finished; progress.go keeps their lines apart.
package catalog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
	"github.com/kneetool/knee/sweep/read"
)

// MaxBytes bounds a catalog file: a plan of a few hundred leaves is a few
// hundred kilobytes; anything larger is not a catalog.
const MaxBytes = 4 << 20

// MaxLeaves bounds the number of leaves (each one is a sweep).
const MaxLeaves = 1000

// Leaf is one entry of the catalog: the flags of one `knee sweep --runner
// kube`. Empty fields are left to knee sweep's defaults (or to flags given
// beside --catalog, which every leaf takes).
type Leaf struct {
	Name string
	Line int // where the entry starts in the catalog file

	Kubeconfig, Context, Namespace string
	Service, Endpoint, Node        string
	GPUs                           int
	Accelerator, Model             string
	API, Harness, Image            string
	PerGPU                         string // "64,128,256" (a YAML list is written so)
	Ladder                         string
	Search                         bool
	// Flags are further knee sweep flags for this leaf, each "--name=value"
	// (or "--name" for a boolean).
	Flags []string
}

// Plan is a parsed catalog.
type Plan struct {
	File   string
	Leaves []Leaf
}

// keys are the keys a leaf may have, in the order Args writes them.
var keys = []string{"leaf", "kubeconfig", "context", "namespace", "service", "endpoint", "node", "gpus",
	"accelerator", "model", "api", "harness", "image", "per_gpu", "ladder", "search", "flags"}

// flagOf is the knee sweep flag each key stands for.
var flagOf = map[string]string{
	"kubeconfig": "kubeconfig", "context": "context", "namespace": "namespace", "service": "service",
	"endpoint": "endpoint", "node": "node", "gpus": "gpus", "accelerator": "accelerator", "model": "model",
	"api": "api", "harness": "harness", "image": "image", "per_gpu": "per-gpu", "ladder": "ladder", "search": "search",
}

// reserved are the flags the catalog sets itself (or that make no sense per
// leaf); a leaf's flags may not give them.
var reserved = map[string]string{
	"catalog": "a leaf cannot hold a catalog", "out": "the catalog puts each leaf in DIR/<leaf>",
	"resume": "the catalog resumes a leaf by itself", "leaf": "the entry's leaf key names it",
	"runner": "a catalog leaf runs on Kubernetes (--runner kube)", "output": "the catalog prints one report",
}

// leafName is what a leaf may be called: it names a folder, so no slash,
// no "..", nothing hidden.
var leafName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$`)

var flagToken = regexp.MustCompile(`^--([a-z0-9][a-z0-9-]*)(=.*)?$`)

// ReadFile reads and checks a catalog file.
func ReadFile(path string) (*Plan, error) {
	// The bounded reader: a FIFO or a device is refused by its mode (a FIFO
	// hung os.Open), and nothing past MaxBytes is read.
	b, err := read.ReadLimited(path, MaxBytes)
	if err != nil {
		var in *inputerr.Error
		if errors.As(err, &in) && in.Field == "" {
			in.Field = "--catalog"
		}
		return nil, err
	}
	home, _ := os.UserHomeDir()
	return Parse(path, b, home)
}

// Parse checks a catalog: unknown keys, duplicate leaves, a leaf name that
// cannot name a folder, a value of the wrong type and a ladder knee sweep
// would refuse are bad input naming the file, the line, the leaf and the
// key. A relative kubeconfig is relative to the catalog's folder; "~/" is
// home.
func Parse(file string, data []byte, home string) (*Plan, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, inputerr.Errorf(file, "", 0, "not YAML: %s", strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil, inputerr.Errorf(file, "leaves", 0, "the catalog is empty; list the leaves under leaves:")
	}
	list, err := leavesList(file, doc.Content[0])
	if err != nil {
		return nil, err
	}
	p := &Plan{File: file}
	seen := map[string]int{}
	for i, n := range list.Content {
		l, err := parseLeaf(file, i, n, filepath.Dir(file), home)
		if err != nil {
			return nil, err
		}
		if first, dup := seen[strings.ToLower(l.Name)]; dup {
			return nil, inputerr.Errorf(file, l.Name+".leaf", l.Line, "duplicate leaf (first at line %d); each leaf has one results folder", first)
		}
		seen[strings.ToLower(l.Name)] = l.Line
		p.Leaves = append(p.Leaves, l)
	}
	return p, nil
}

// leavesList is the catalog's one leaves: list, of at most MaxLeaves.
func leavesList(file string, top *yaml.Node) (*yaml.Node, error) {
	if top.Kind != yaml.MappingNode {
		return nil, inputerr.Errorf(file, "", top.Line, "must be a mapping with a leaves: list")
	}
	var list *yaml.Node
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i], top.Content[i+1]
		if k.Value != "leaves" {
			return nil, inputerr.Errorf(file, k.Value, k.Line, "unknown key (the catalog has only leaves:)")
		}
		// yaml.v3's node decoder keeps both; silently taking the last list
		// would drop every leaf of the first.
		if list != nil {
			return nil, inputerr.Errorf(file, "leaves", k.Line, "given twice (first at line %d); put every leaf in one leaves: list", top.Content[i-2].Line)
		}
		list = v
	}
	if list == nil || list.Kind != yaml.SequenceNode || len(list.Content) == 0 {
		line := top.Line
		if list != nil {
			line = list.Line
		}
		return nil, inputerr.Errorf(file, "leaves", line, "must be a non-empty list of leaves")
	}
	if len(list.Content) > MaxLeaves {
		return nil, inputerr.Errorf(file, "leaves", list.Line, "%d leaves; at most %d", len(list.Content), MaxLeaves)
	}
	return list, nil
}

func parseLeaf(file string, i int, n *yaml.Node, dir, home string) (Leaf, error) {
	l := Leaf{Line: n.Line}
	where := fmt.Sprintf("leaves[%d]", i)
	if n.Kind != yaml.MappingNode {
		return l, inputerr.Errorf(file, where, n.Line, "must be a mapping (leaf: NAME, context: …)")
	}
	vals, err := leafValues(file, where, n)
	if err != nil {
		return l, err
	}
	if l.Name, err = leafNameOf(file, where, n, vals["leaf"]); err != nil {
		return l, err
	}
	where = l.Name
	if unknown := unknownKeys(n); len(unknown) > 0 {
		return l, inputerr.Errorf(file, where, n.Line, "unknown key(s) %s; a leaf has %s", strings.Join(unknown, ", "), strings.Join(keys, ", "))
	}
	lp := leafParser{file: file, where: where, vals: vals}
	for _, step := range []func(*Leaf) error{lp.strings, lp.scalars, lp.flags} {
		if err := step(&l); err != nil {
			return l, err
		}
	}
	if err := l.check(file, where, vals, dir, home); err != nil {
		return l, err
	}
	return l, nil
}

// leafValues maps a leaf's keys to their values; a key given twice is refused.
func leafValues(file, where string, n *yaml.Node) (map[string]*yaml.Node, error) {
	vals := map[string]*yaml.Node{}
	for j := 0; j+1 < len(n.Content); j += 2 {
		k := n.Content[j]
		if _, dup := vals[k.Value]; dup {
			return nil, inputerr.Errorf(file, where+"."+k.Value, k.Line, "given twice")
		}
		vals[k.Value] = n.Content[j+1]
	}
	return vals, nil
}

// leafNameOf is the leaf: NAME, which must be able to name a folder.
func leafNameOf(file, where string, n, v *yaml.Node) (string, error) {
	if v == nil || v.Kind != yaml.ScalarNode || v.Value == "" {
		return "", inputerr.Errorf(file, where+".leaf", n.Line, "every entry needs leaf: NAME (its results go to DIR/NAME)")
	}
	if !leafName.MatchString(v.Value) || strings.Contains(v.Value, "..") {
		return v.Value, inputerr.Errorf(file, v.Value+".leaf", v.Line, "%q cannot name a folder: letters, digits, '.', '_' and '-', starting with a letter or digit", v.Value)
	}
	return v.Value, nil
}

// unknownKeys lists a leaf's keys that are none of keys, in its order.
func unknownKeys(n *yaml.Node) []string {
	var unknown []string
	for j := 0; j+1 < len(n.Content); j += 2 {
		if k := n.Content[j].Value; !known(k) {
			unknown = append(unknown, k)
		}
	}
	return unknown
}

// leafParser reads the values of one leaf's keys, naming the leaf and the
// key in every error.
type leafParser struct {
	file, where string
	vals        map[string]*yaml.Node
}

func (lp leafParser) bad(key string, v *yaml.Node, format string, args ...any) error {
	return inputerr.Errorf(lp.file, lp.where+"."+key, v.Line, format, args...)
}

// strings reads the string keys, in the order of keys, so that of two bad
// values the first is named.
func (lp leafParser) strings(l *Leaf) error {
	for _, f := range []struct {
		key string
		dst *string
	}{
		{"kubeconfig", &l.Kubeconfig}, {"context", &l.Context}, {"namespace", &l.Namespace}, {"service", &l.Service},
		{"endpoint", &l.Endpoint}, {"node", &l.Node}, {"accelerator", &l.Accelerator}, {"model", &l.Model},
		{"api", &l.API}, {"harness", &l.Harness}, {"image", &l.Image}, {"ladder", &l.Ladder},
	} {
		v := lp.vals[f.key]
		if v == nil {
			continue
		}
		if v.Kind != yaml.ScalarNode || v.Tag == "!!null" {
			return lp.bad(f.key, v, "must be a string")
		}
		*f.dst = v.Value
	}
	return nil
}

// scalars reads gpus, search and per_gpu.
func (lp leafParser) scalars(l *Leaf) error {
	if v := lp.vals["gpus"]; v != nil {
		g, err := strconv.Atoi(v.Value)
		if v.Kind != yaml.ScalarNode || err != nil || g <= 0 {
			return lp.bad("gpus", v, "must be a positive integer (leave it out to discover the node's GPUs), got %q", v.Value)
		}
		l.GPUs = g
	}
	if v := lp.vals["search"]; v != nil {
		b, err := strconv.ParseBool(v.Value)
		if v.Kind != yaml.ScalarNode || v.Tag != "!!bool" || err != nil {
			return lp.bad("search", v, "must be true or false, got %q", v.Value)
		}
		l.Search = b
	}
	if v := lp.vals["per_gpu"]; v != nil {
		spec, err := perGPU(v)
		if err != nil {
			return lp.bad("per_gpu", v, "%v", err)
		}
		l.PerGPU = spec
	}
	return nil
}

// flags reads flags: knee sweep flags as --name=value, none that the leaf's
// keys already set or that the catalog reserves.
func (lp leafParser) flags(l *Leaf) error {
	v := lp.vals["flags"]
	if v == nil {
		return nil
	}
	if v.Kind != yaml.SequenceNode {
		return lp.bad("flags", v, `must be a list of knee sweep flags, e.g. ["--min-requests=500"]`)
	}
	for _, f := range v.Content {
		m := flagToken.FindStringSubmatch(f.Value)
		if f.Kind != yaml.ScalarNode || m == nil {
			return lp.bad("flags", f, "%q is not --name=value (or --name)", f.Value)
		}
		if why, bad := reserved[m[1]]; bad {
			return lp.bad("flags", f, "--%s cannot be given here: %s", m[1], why)
		}
		for _, k := range keys {
			if flagOf[k] == m[1] && lp.vals[k] != nil {
				return lp.bad("flags", f, "--%s and the key %s say the same thing: give one", m[1], k)
			}
		}
		l.Flags = append(l.Flags, f.Value)
	}
	return nil
}

// check refuses what knee sweep would refuse anyway, before any leaf runs.
func (l *Leaf) check(file, where string, vals map[string]*yaml.Node, dir, home string) error {
	line := func(key string) int {
		if v := vals[key]; v != nil {
			return v.Line
		}
		return l.Line
	}
	if l.PerGPU != "" && l.Ladder != "" {
		return inputerr.Errorf(file, where+".ladder", line("ladder"), "give per_gpu or ladder, not both")
	}
	if l.PerGPU != "" {
		if _, err := sweep.ParsePerGPU(l.PerGPU); err != nil {
			return inputerr.Errorf(file, where+".per_gpu", line("per_gpu"), "%s", inputMsg(err))
		}
	}
	if l.Ladder != "" {
		if _, err := sweep.ParseLadder(l.Ladder); err != nil {
			return inputerr.Errorf(file, where+".ladder", line("ladder"), "%s", inputMsg(err))
		}
	}
	if l.Service != "" && l.Endpoint != "" {
		return inputerr.Errorf(file, where+".endpoint", line("endpoint"), "give service or endpoint, not both")
	}
	if l.Kubeconfig == "" {
		return nil
	}
	k, err := kubeconfigPath(l.Kubeconfig, dir, home)
	if err != nil {
		return inputerr.Errorf(file, where+".kubeconfig", line("kubeconfig"), "%s", err)
	}
	l.Kubeconfig = k
	return nil
}

// kubeconfigPath resolves a leaf's kubeconfig ("~/" is home, a relative one
// is relative to the catalog's folder) and refuses one that exists but is
// not a file knee can read to its end.
func kubeconfigPath(k, dir, home string) (string, error) {
	switch {
	case k == "~" || strings.HasPrefix(k, "~/"):
		if home == "" {
			return "", fmt.Errorf("%q: no home folder to expand ~ in", k)
		}
		k = filepath.Join(home, strings.TrimPrefix(k, "~"))
	case !filepath.IsAbs(k):
		k = filepath.Join(dir, k)
	}
	// client-go reads a kubeconfig to its end: /dev/zero would grow
	// without end and a FIFO wait for a writer. One that exists must be
	// a regular file of at most maxKubeconfig (a missing one is the
	// leaf's own failure, in kubectl's words).
	if _, err := os.Stat(k); err == nil {
		if _, err := read.ReadLimited(k, maxKubeconfig); err != nil {
			// The reader's advice (standard input) is for analysis inputs.
			msg, _, _ := strings.Cut(inputMsg(err), "; knee reads devices")
			return "", fmt.Errorf("%s: %s (a kubeconfig must be a file)", inputerr.QuoteName(k), msg)
		}
	}
	return k, nil
}

// maxKubeconfig bounds a leaf's kubeconfig: real ones are kilobytes.
const maxKubeconfig = 16 << 20

// perGPU reads per_gpu as a YAML list of integers or knee sweep's
// "64,128,256".
func perGPU(v *yaml.Node) (string, error) {
	switch v.Kind {
	case yaml.ScalarNode:
		return v.Value, nil
	case yaml.SequenceNode:
		var parts []string
		for _, e := range v.Content {
			if e.Kind != yaml.ScalarNode || e.Tag != "!!int" {
				return "", fmt.Errorf("%q is not an integer", e.Value)
			}
			parts = append(parts, e.Value)
		}
		if len(parts) == 0 {
			return "", fmt.Errorf("an empty list; give the levels, e.g. [64, 128, 256]")
		}
		return strings.Join(parts, ","), nil
	}
	return "", fmt.Errorf("must be a list of levels, e.g. [64, 128, 256]")
}

func inputMsg(err error) string {
	if in, ok := err.(*inputerr.Error); ok {
		return in.Msg
	}
	return err.Error()
}

func known(k string) bool {
	for _, key := range keys {
		if key == k {
			return true
		}
	}
	return false
}

// Args are the knee sweep flags of the leaf, "--name=value" each, in a
// fixed order: the typed keys, then the leaf's own flags. --runner, --leaf
// and --out/--resume are the caller's.
func (l Leaf) Args() []string {
	var a []string
	add := func(flag, v string) {
		if v != "" {
			a = append(a, "--"+flag+"="+v)
		}
	}
	add("kubeconfig", l.Kubeconfig)
	add("context", l.Context)
	add("namespace", l.Namespace)
	add("service", l.Service)
	add("endpoint", l.Endpoint)
	add("node", l.Node)
	if l.GPUs > 0 {
		add("gpus", strconv.Itoa(l.GPUs))
	}
	add("accelerator", l.Accelerator)
	add("model", l.Model)
	add("api", l.API)
	add("harness", l.Harness)
	add("image", l.Image)
	add("per-gpu", l.PerGPU)
	add("ladder", l.Ladder)
	if l.Search {
		add("search", "true")
	}
	return append(a, l.Flags...)
}

// FlagName is the name of a "--name=value" argument.
func FlagName(arg string) string {
	name, _, _ := strings.Cut(strings.TrimPrefix(arg, "--"), "=")
	return name
}
