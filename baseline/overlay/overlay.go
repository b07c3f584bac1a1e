// Package overlay edits aicr recipe overlays byte-exactly: it reads one
// (Read, Parse), says what it gates (Target, Current), and patches its
// performance constraints and knee's comment block (Patch, Stage, Write)
// keeping every other byte. It knows only constraints and comment lines:
// what they should be is baseline's policy, handed in as a Proposal.
package overlay

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep/boundedio"
)

// Overlay is an aicr recipe overlay (recipes/overlays/<leaf>.yaml) read for
// byte-exact editing: the source bytes plus the yaml.v3 nodes of the parts
// knee touches. Nothing is ever re-marshalled; edits are spliced into the
// source at node positions so comments, order and quoting survive.
type Overlay struct {
	Path string
	src  []byte
	// lineStart[i] is the byte offset of line i+1.
	lineStart []int

	root        *yaml.Node // the document's top mapping
	spec        *yaml.Node // mapping; always present in an overlay
	validation  *yaml.Node // mapping or nil
	performance *yaml.Node // mapping or nil
	checks      *yaml.Node // sequence or nil
	constraints *yaml.Node // sequence or nil
	// keys of the blocks above, for positions (nil when the block is absent)
	performanceKey, constraintsKey *yaml.Node

	entries []entry
}

// entry is one {name, value} item of the performance constraints.
type entry struct {
	Name  string
	Value string
	item  *yaml.Node // the mapping
	value *yaml.Node // the value scalar (nil when the item has no value key)
}

// Read reads and checks an overlay file. Every problem is a
// *inputerr.Error naming the file, the field and the line.
//
// The file goes through boundedio.ReadPath, as every input does: an overlay is
// a few kilobytes, and --overlay /dev/zero or a FIFO is refused by its mode,
// not read until memory runs out.
func Read(path string) (*Overlay, error) {
	if path == boundedio.Stdin {
		return nil, inputerr.Errorf(path, "--overlay", 0, "an overlay is a file (it is edited in place with --write), not standard input")
	}
	src, err := boundedio.ReadPath(path, maxOverlay, os.Stdin)
	if err != nil {
		return nil, err
	}
	return Parse(path, src)
}

// maxOverlay bounds an overlay file: real ones are a few kilobytes.
const maxOverlay = 16 << 20

// misplaced refuses the shapes where an inference-perf constraint sits
// somewhere aicr's check does not read it: in spec.constraints (the
// recipe's own preconditions, e.g. K8s.server.version) or in a validation
// block beside spec. Writing there would leave the gate unchanged, and
// adding spec.validation.performance would give the overlay two competing
// blocks, so the user must move the entry first.
func (o *Overlay) misplaced() error {
	if k, _ := lookup(o.root, "validation"); k != nil {
		return inputerr.Errorf(o.Path, "validation", k.Line, "validation sits beside spec: an aicr overlay keeps it under spec (spec.validation.performance.constraints); move it there")
	}
	_, cons := lookup(o.spec, "constraints")
	if cons == nil || cons.Kind != yaml.SequenceNode {
		return nil
	}
	for i, it := range cons.Content {
		if it.Kind != yaml.MappingNode {
			continue
		}
		if _, n := lookup(it, "name"); n != nil && n.Kind == yaml.ScalarNode && strings.HasPrefix(n.Value, "inference-") {
			return inputerr.Errorf(o.Path, fmt.Sprintf("spec.constraints[%d].name", i), n.Line,
				"%q is an inference-perf constraint, which aicr reads only from spec.validation.performance.constraints; move it there (knee will not write a second block)", n.Value)
		}
	}
	return nil
}

// Parse checks src as an aicr overlay: one YAML document whose top
// level is a mapping with a spec mapping (kind, when given, RecipeMetadata);
// spec.validation.performance, when present, a mapping whose checks are a
// list of names and whose constraints are a list of {name, value} with
// unique names.
func Parse(path string, src []byte) (*Overlay, error) {
	o := &Overlay{Path: path, src: src, lineStart: lineStarts(src)}
	doc, err := decodeOneDocument(path, src)
	if err != nil {
		return nil, err
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, inputerr.Errorf(path, "", 1, "not an aicr overlay: the top level is not a mapping")
	}
	o.root = doc.Content[0]
	if k, v := lookup(o.root, "kind"); k != nil && (v.Kind != yaml.ScalarNode || v.Value != "RecipeMetadata") {
		return nil, inputerr.Errorf(path, "kind", v.Line, "not an aicr overlay: kind is %q, want RecipeMetadata", v.Value)
	}
	if _, o.spec, err = o.child(o.root, "spec", yaml.MappingNode, true); err != nil {
		return nil, err
	}
	if err := o.misplaced(); err != nil {
		return nil, err
	}
	if err := o.parsePerformance(); err != nil {
		return nil, err
	}
	return o, nil
}

// decodeOneDocument decodes src as exactly one YAML document of UTF-8
// text without duplicate keys.
func decodeOneDocument(path string, src []byte) (*yaml.Node, error) {
	if !utf8.Valid(src) {
		return nil, inputerr.Errorf(path, "", 0, "not an aicr overlay: the file is not UTF-8 text")
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, inputerr.Errorf(path, "", 0, "not an aicr overlay: the file is empty")
		}
		return nil, inputerr.Errorf(path, "", 0, "not YAML: %w", err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		if err != nil {
			return nil, inputerr.Errorf(path, "", 0, "not YAML: %w", err)
		}
		return nil, inputerr.Errorf(path, "", extra.Line, "not an aicr overlay: more than one YAML document")
	}
	// The node decoder accepts duplicate mapping keys; the decoder aicr's
	// tooling uses does not. Decoding once more into a value finds them.
	var whole any
	if err := yaml.Unmarshal(src, &whole); err != nil {
		return nil, inputerr.Errorf(path, "", 0, "not YAML: %w", err)
	}
	return &doc, nil
}

// parsePerformance reads spec.validation.performance, when present: its
// checks a list of names, its constraints a list of {name, value}.
func (o *Overlay) parsePerformance() error {
	var err error
	if _, o.validation, err = o.child(o.spec, "spec.validation", yaml.MappingNode, false); err != nil || o.validation == nil {
		return err
	}
	if o.performanceKey, o.performance, err = o.child(o.validation, "spec.validation.performance", yaml.MappingNode, false); err != nil || o.performance == nil {
		return err
	}
	if _, o.checks, err = o.child(o.performance, "spec.validation.performance.checks", yaml.SequenceNode, false); err != nil {
		return err
	}
	if o.checks != nil {
		for _, c := range o.checks.Content {
			if c.Kind != yaml.ScalarNode {
				return inputerr.Errorf(o.Path, "spec.validation.performance.checks", c.Line, "each check must be a name")
			}
		}
	}
	if o.constraintsKey, o.constraints, err = o.child(o.performance, "spec.validation.performance.constraints", yaml.SequenceNode, false); err != nil || o.constraints == nil {
		return err
	}
	return o.parseConstraints()
}

// parseConstraints reads the constraints as entries, refusing an item
// without a name, a value that is not a scalar, and a name given twice
// (the gate would read only one of them).
func (o *Overlay) parseConstraints() error {
	const field = "spec.validation.performance.constraints"
	seen := map[string]int{}
	for i, it := range o.constraints.Content {
		if it.Kind != yaml.MappingNode {
			return inputerr.Errorf(o.Path, fmt.Sprintf("%s[%d]", field, i), it.Line, "each constraint must be a mapping with name and value")
		}
		_, nv := lookup(it, "name")
		if nv == nil || nv.Kind != yaml.ScalarNode || nv.Value == "" {
			return inputerr.Errorf(o.Path, fmt.Sprintf("%s[%d].name", field, i), it.Line, "a constraint needs a name")
		}
		_, vv := lookup(it, "value")
		if vv != nil && vv.Kind != yaml.ScalarNode {
			return inputerr.Errorf(o.Path, fmt.Sprintf("%s[%d].value", field, i), vv.Line, "the value of %s must be a scalar", nv.Value)
		}
		if prev, dup := seen[nv.Value]; dup {
			return inputerr.Errorf(o.Path, fmt.Sprintf("%s[%d].name", field, i), nv.Line,
				"duplicate constraint %q (first on line %d): the gate would read only one of them", nv.Value, prev)
		}
		seen[nv.Value] = nv.Line
		e := entry{Name: nv.Value, item: it, value: vv}
		if vv != nil {
			e.Value = vv.Value
		}
		o.entries = append(o.entries, e)
	}
	return nil
}

// child returns the key and value of name in m, checking the value's kind.
// A missing key is an error only when required; aliases are refused because
// an edit through an alias would change every place that shares it.
func (o *Overlay) child(m *yaml.Node, field string, kind yaml.Kind, required bool) (*yaml.Node, *yaml.Node, error) {
	name := field
	if i := lastDot(field); i >= 0 {
		name = field[i+1:]
	}
	k, v := lookup(m, name)
	if v == nil {
		if required {
			return nil, nil, inputerr.Errorf(o.Path, field, 0, "not an aicr overlay: no %s mapping", field)
		}
		return nil, nil, nil
	}
	if v.Kind == yaml.AliasNode || v.Anchor != "" {
		return nil, nil, inputerr.Errorf(o.Path, field, v.Line, "anchors and aliases are not supported here: knee edits this block in place")
	}
	if v.Kind != kind {
		want := map[yaml.Kind]string{yaml.MappingNode: "a mapping", yaml.SequenceNode: "a list"}[kind]
		return nil, nil, inputerr.Errorf(o.Path, field, v.Line, "must be %s", want)
	}
	return k, v, nil
}

func lastDot(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return i
		}
	}
	return -1
}

// lookup finds key in a mapping node (nil, nil when absent).
func lookup(m *yaml.Node, key string) (*yaml.Node, *yaml.Node) {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Kind == yaml.ScalarNode && m.Content[i].Value == key {
			return m.Content[i], m.Content[i+1]
		}
	}
	return nil, nil
}

// Current returns the overlay's value of a performance constraint.
func (o *Overlay) Current(name string) (string, bool) {
	for _, e := range o.entries {
		if e.Name == name {
			return e.Value, e.value != nil
		}
	}
	return "", false
}

// HasPerformance reports whether the overlay has a performance block.
func (o *Overlay) HasPerformance() bool { return o.performance != nil }

func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// offset converts a yaml.v3 position (1-based line, 1-based column counted
// in characters) into a byte offset of src.
func (o *Overlay) offset(line, col int) (int, bool) {
	if line < 1 || line > len(o.lineStart) || col < 1 {
		return 0, false
	}
	off := o.lineStart[line-1]
	for c := 1; c < col; c++ {
		if off >= len(o.src) || o.src[off] == '\n' {
			return 0, false
		}
		_, w := utf8.DecodeRune(o.src[off:])
		off += w
	}
	return off, true
}

// lineEnd is the offset just past the newline of the line holding off (or
// len(src) on a last line without one).
func (o *Overlay) lineEnd(off int) int {
	if i := bytes.IndexByte(o.src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(o.src)
}

// lineBegin is the offset of the start of the line holding off.
func (o *Overlay) lineBegin(off int) int {
	return bytes.LastIndexByte(o.src[:off], '\n') + 1
}
