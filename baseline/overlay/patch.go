package overlay

import (
	"bytes"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/kneetool/knee/internal/inputerr"
)

// Comment markers delimit the block knee owns in an overlay; --write
// replaces everything between them and nothing outside.
const (
	markerBegin = "# knee:begin"
	markerEnd   = "# knee:end"
)

// checkInferencePerf is the check that runs the performance gate.
const checkInferencePerf = "inference-perf"

// edit replaces src[start:end] with text. Insertions at the same offset
// are applied deepest first (depth = indentation of the inserted text): an
// item appended to an inner list must stay right after that list, before a
// sibling block appended to the enclosing mapping.
type edit struct {
	start, end int
	text       string
	depth      int
}

// Constraint is one entry of an overlay's constraints list, values exactly as
// the overlay writes them (">= 63000").
type Constraint struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Proposal is what an overlay is patched with: the performance constraints
// to set and the lines of knee's comment block above them (without "# ").
type Proposal struct {
	Constraints []Constraint
	Comment     []string
}

// Patch returns the overlay's bytes with the proposal's constraints set
// under spec.validation.performance.constraints (updated in place or
// appended, creating checks/constraints/performance/validation blocks when
// missing) and the knee comment block refreshed. Every other byte is kept.
// Problems with the file are *inputerr.Error.
func (o *Overlay) Patch(rec Proposal) ([]byte, error) {
	p := patcher{o: o, nl: "\n"}
	if bytes.Contains(o.src, []byte("\r\n")) {
		p.nl = "\r\n"
	}
	if err := p.plan(rec); err != nil {
		return nil, err
	}
	return p.apply()
}

type patcher struct {
	o     *Overlay
	nl    string
	edits []edit
}

func (p *patcher) add(start, end int, text string) {
	depth := len(text) - len(strings.TrimLeft(text, " "))
	p.edits = append(p.edits, edit{start, end, text, depth})
}

// plan lists the edits that turn the overlay into one with rec's
// constraints: values changed in place, missing entries appended, missing
// blocks added at the depth of the deepest one present.
func (p *patcher) plan(rec Proposal) error {
	o := p.o
	// The comment block is "" when it was refreshed in place.
	comment, err := p.commentBlock(rec)
	if err != nil {
		return err
	}
	if err := o.refuseFlowStyle(); err != nil {
		return err
	}
	missing, err := p.changeValues(rec)
	if err != nil {
		return err
	}
	unit := o.indentUnit()
	switch {
	case o.constraints != nil:
		return p.extendConstraints(missing, comment, unit)
	case o.performance != nil:
		return p.addConstraints(rec, comment, unit)
	}
	p.addBlocks(rec, comment, unit)
	return nil
}

// refuseFlowStyle: blocks that exist but are written in flow style cannot
// take new lines; say so rather than guess a layout.
func (o *Overlay) refuseFlowStyle() error {
	for _, n := range []struct {
		node  *yaml.Node
		field string
	}{{o.spec, "spec"}, {o.validation, "spec.validation"}, {o.performance, "spec.validation.performance"},
		{o.checks, "spec.validation.performance.checks"}, {o.constraints, "spec.validation.performance.constraints"}} {
		if n.node != nil && (n.node.Style&yaml.FlowStyle != 0 || len(n.node.Content) == 0) {
			return inputerr.Errorf(o.Path, n.field, n.node.Line, "written in flow style ({} or []); knee edits block style only — rewrite it as a block")
		}
	}
	return nil
}

// changeValues rewrites the values of the constraints the overlay has
// (leaving the bytes of those already right alone) and returns the ones
// it lacks.
func (p *patcher) changeValues(rec Proposal) ([]Constraint, error) {
	o := p.o
	var missing []Constraint
	for _, c := range rec.Constraints {
		e := o.entry(c.Name)
		if e == nil {
			missing = append(missing, c)
			continue
		}
		if e.value == nil {
			return nil, inputerr.Errorf(o.Path, "spec.validation.performance.constraints", e.item.Line, "constraint %s has no value", c.Name)
		}
		if e.value.Value == c.Value {
			continue // already right: leave its bytes alone
		}
		start, end, err := o.scalarSpan(e.value)
		if err != nil {
			return nil, err
		}
		p.add(start, end, requote(e.value, c.Value))
	}
	return missing, nil
}

// extendConstraints appends the missing entries to the constraints list,
// the comment block above it and the check beside it. comment is "" when
// the block is already in place.
func (p *patcher) extendConstraints(missing []Constraint, comment string, unit int) error {
	o := p.o
	if len(missing) > 0 {
		dash, key := o.itemIndent(o.constraints)
		at := p.endOf(o.constraints)
		p.add(at, at, items(dash, key, missing, p.nl))
	}
	if comment != "" {
		at := o.lineBegin(o.mustOffset(o.constraintsKey))
		p.add(at, at, comment)
	}
	if o.checks == nil {
		ind := o.performance.Content[0].Column - 1
		at := p.endOf(o.performance)
		p.add(at, at, checksBlock(ind, unit, p.nl))
	}
	return p.ensureCheck(unit)
}

// addConstraints adds the constraints list (and the checks, when absent)
// to a performance block without one.
func (p *patcher) addConstraints(rec Proposal, comment string, unit int) error {
	o := p.o
	ind := o.performance.Content[0].Column - 1
	at := p.endOf(o.performance)
	text := ""
	if o.checks == nil {
		text += checksBlock(ind, unit, p.nl)
	}
	text += comment
	text += spaces(ind) + "constraints:" + p.nl + items(ind+unit, ind+unit+2, rec.Constraints, p.nl)
	p.add(at, at, text)
	if o.checks != nil {
		return p.ensureCheck(unit)
	}
	return nil
}

// addBlocks builds the missing blocks from the outermost one that is
// absent (validation, or performance inside it).
func (p *patcher) addBlocks(rec Proposal, comment string, unit int) {
	o := p.o
	parent, name := o.validation, "performance"
	if parent == nil {
		parent, name = o.spec, "validation"
	}
	ind := parent.Content[0].Column - 1
	text := spaces(ind) + name + ":" + p.nl
	inner := ind + unit
	if name == "validation" {
		text += spaces(inner) + "performance:" + p.nl
		inner += unit
	}
	text += checksBlock(inner, unit, p.nl)
	if comment != "" {
		text += reindent(comment, inner)
	}
	text += spaces(inner) + "constraints:" + p.nl + items(inner+unit, inner+unit+2, rec.Constraints, p.nl)
	at := p.endOf(parent)
	p.add(at, at, text)
}

// ensureCheck appends inference-perf to an existing checks list that lacks it.
func (p *patcher) ensureCheck(unit int) error {
	o := p.o
	if o.checks == nil {
		return nil
	}
	for _, c := range o.checks.Content {
		if c.Value == checkInferencePerf {
			return nil
		}
	}
	dash := o.checks.Column - 1
	at := p.endOf(o.checks)
	p.add(at, at, spaces(dash)+"- "+checkInferencePerf+p.nl)
	return nil
}

func (o *Overlay) entry(name string) *entry {
	for i := range o.entries {
		if o.entries[i].Name == name {
			return &o.entries[i]
		}
	}
	return nil
}

// indentUnit is the file's indentation step (spec's children relative to
// the top level), 2 when it cannot be seen.
func (o *Overlay) indentUnit() int {
	if len(o.spec.Content) > 0 {
		if u := (o.spec.Content[0].Column - 1) - (o.root.Content[0].Column - 1); u > 0 {
			return u
		}
	}
	return 2
}

// itemIndent returns the columns (0-based) of the dash and of the first key
// of a block sequence's items, copied from its first item.
func (o *Overlay) itemIndent(seq *yaml.Node) (dash, key int) {
	dash = seq.Column - 1
	key = dash + 2
	if first := seq.Content[0]; first.Line == seq.Line && first.Column-1 > dash {
		key = first.Column - 1
	}
	return dash, key
}

func (o *Overlay) mustOffset(n *yaml.Node) int {
	off, ok := o.offset(n.Line, n.Column)
	if !ok {
		return 0
	}
	return off
}

// endOf is the offset just past the last line of a block node's content:
// the block runs until the first non-blank line indented less than its
// items (or, for a sequence, a line at the dash column that is not an item).
// Comment lines count as content only when indented like the block, so a
// comment that heads the next key stays with that key; less indented
// comments are stepped over.
func (p *patcher) endOf(n *yaml.Node) int {
	o := p.o
	k := n.Column - 1
	end := o.lineEnd(o.mustOffset(n))
	for line := n.Line + 1; line <= len(o.lineStart); line++ {
		start := o.lineStart[line-1]
		if start >= len(o.src) {
			break
		}
		text := string(o.src[start:o.lineEnd(start)])
		trimmed := strings.TrimLeft(text, " ")
		body := strings.TrimRight(trimmed, "\r\n")
		if strings.TrimSpace(body) == "" {
			continue
		}
		ind := len(text) - len(trimmed)
		if ind < k && strings.HasPrefix(body, "#") {
			// A comment may sit at any indentation, even between a key and
			// its value; it neither ends the block nor belongs to it.
			continue
		}
		if ind < k {
			break
		}
		if n.Kind == yaml.SequenceNode && ind == k && !(body == "-" || strings.HasPrefix(body, "- ")) {
			if strings.HasPrefix(body, "#") {
				continue
			}
			break
		}
		end = o.lineEnd(start)
	}
	return end
}

// scalarSpan is the byte range of a single-line scalar as written (quotes
// included, trailing comment excluded). It refuses what it cannot replace
// exactly: block scalars and values spanning lines.
func (o *Overlay) scalarSpan(n *yaml.Node) (int, int, error) {
	start, ok := o.offset(n.Line, n.Column)
	if !ok {
		return 0, 0, inputerr.Errorf(o.Path, "", n.Line, "cannot locate the value %q", n.Value)
	}
	lineEnd := o.lineEnd(start)
	line := o.src[start:lineEnd]
	var end int
	switch {
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return 0, 0, inputerr.Errorf(o.Path, "", n.Line, "the value %q is a block scalar; write it on one line", n.Value)
	case n.Style&yaml.DoubleQuotedStyle != 0:
		end = closingQuote(line, '"')
	case n.Style&yaml.SingleQuotedStyle != 0:
		end = closingQuote(line, '\'')
	default:
		end = len(bytes.TrimRight(line, "\r\n"))
		if i := bytes.Index(line, []byte(" #")); i >= 0 && i < end {
			end = i
		}
		end = len(bytes.TrimRight(line[:end], " \t"))
	}
	if end <= 0 {
		return 0, 0, inputerr.Errorf(o.Path, "", n.Line, "the value %q spans lines; write it on one line", n.Value)
	}
	// Re-read what we are about to replace: if it is not the node's value,
	// the span is wrong and nothing must be written.
	var got string
	if err := yaml.Unmarshal(line[:end], &got); err != nil || got != n.Value {
		return 0, 0, inputerr.Errorf(o.Path, "", n.Line, "cannot edit the value %q in place", n.Value)
	}
	return start, start + end, nil
}

// closingQuote returns the length of a quoted scalar at the start of line,
// closing quote included; 0 when it does not close on this line.
func closingQuote(line []byte, q byte) int {
	for i := 1; i < len(line); i++ {
		switch {
		case line[i] == '\n':
			return 0
		case q == '"' && line[i] == '\\':
			i++
		case line[i] == q:
			if q == '\'' && i+1 < len(line) && line[i+1] == '\'' {
				i++
				continue
			}
			return i + 1
		}
	}
	return 0
}

// requote writes v in the quoting style of the value it replaces (double
// quotes for plain values: ">= N" is not a valid plain scalar and aicr
// wants strings).
func requote(old *yaml.Node, v string) string {
	if old.Style&yaml.SingleQuotedStyle != 0 {
		return "'" + strings.ReplaceAll(v, "'", "''") + "'"
	}
	return Quote(v)
}

// Quote double-quotes an overlay value the way aicr overlays write them.
func Quote(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}

func items(dash, key int, cs []Constraint, nl string) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(spaces(dash) + "-" + spaces(key-dash-1) + "name: " + c.Name + nl)
		b.WriteString(spaces(key) + "value: " + Quote(c.Value) + nl)
	}
	return b.String()
}

func checksBlock(ind, unit int, nl string) string {
	return spaces(ind) + "checks:" + nl + spaces(ind+unit) + "- " + checkInferencePerf + nl
}

func spaces(n int) string {
	if n < 0 {
		n = 0
	}
	return strings.Repeat(" ", n)
}

// reindent moves a comment block (lines starting with spaces then "#") to ind.
func reindent(block string, ind int) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(block, "\n") {
		if l == "" {
			continue
		}
		b.WriteString(spaces(ind) + strings.TrimLeft(l, " "))
	}
	return b.String()
}

// markers are the lines of knee's begin and end markers (-1 when absent),
// refused when either appears twice or they do not pair up.
func (o *Overlay) markers() (begin, end int, err error) {
	begin, end = -1, -1
	for i, start := range o.lineStart {
		if start >= len(o.src) {
			break
		}
		t := strings.TrimSpace(string(o.src[start:o.lineEnd(start)]))
		switch {
		case strings.HasPrefix(t, markerBegin):
			if begin >= 0 {
				return 0, 0, inputerr.Errorf(o.Path, "", i+1, "a second %q marker: knee cannot tell which block is its own", markerBegin)
			}
			begin = i
		case strings.HasPrefix(t, markerEnd):
			if end >= 0 {
				return 0, 0, inputerr.Errorf(o.Path, "", i+1, "a second %q marker: knee cannot tell which block is its own", markerEnd)
			}
			end = i
		}
	}
	if (begin >= 0) != (end >= 0) || (begin >= 0 && end < begin) {
		return 0, 0, inputerr.Errorf(o.Path, "", max(begin, end)+1, "unbalanced %q / %q markers", markerBegin, markerEnd)
	}
	return begin, end, nil
}

// commentBlock renders the knee comment block. When markers already exist
// it schedules their replacement in place and returns ""; otherwise it
// returns the block at the indentation of the constraints key, to be
// inserted.
func (p *patcher) commentBlock(rec Proposal) (string, error) {
	o := p.o
	lines := o.lineStart
	begin, end, err := o.markers()
	if err != nil {
		return "", err
	}
	ind := 0
	if o.constraintsKey != nil {
		ind = o.constraintsKey.Column - 1
	}
	if begin >= 0 {
		start := lines[begin]
		text := string(o.src[start:o.lineEnd(start)])
		ind = len(text) - len(strings.TrimLeft(text, " "))
	}
	var b strings.Builder
	b.WriteString(spaces(ind) + markerBegin + " (generated by knee baseline --write; edit outside the markers)" + p.nl)
	for _, l := range rec.Comment {
		b.WriteString(strings.TrimSuffix(CommentLine(spaces(ind), l), "\n") + p.nl)
	}
	b.WriteString(spaces(ind) + markerEnd + p.nl)
	if begin >= 0 {
		endOff := o.lineEnd(lines[end])
		block := b.String()
		if endOff == len(o.src) && (endOff == 0 || o.src[endOff-1] != '\n') {
			block = strings.TrimSuffix(block, p.nl)
		}
		p.add(lines[begin], endOff, block)
		return "", nil
	}
	return b.String(), nil
}

// CommentLine is one YAML comment line at indent ("#" alone for an empty
// line): how the comment block's lines are written, in an overlay and in
// knee baseline -o yaml.
func CommentLine(indent, text string) string {
	if text == "" {
		return indent + "#\n"
	}
	return indent + "# " + text + "\n"
}

// apply splices the edits into a copy of the source, last first so earlier
// offsets stay valid. Overlapping edits mean the plan is wrong: refuse.
func (p *patcher) apply() ([]byte, error) {
	es := append([]edit(nil), p.edits...)
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].start != es[j].start {
			return es[i].start < es[j].start
		}
		return es[i].depth > es[j].depth
	})
	// Text appended to a last line without a newline needs one first, once.
	src := p.o.src
	if n := len(src); n > 0 && src[n-1] != '\n' {
		for i := range es {
			if es[i].start == n && es[i].end == n {
				es[i].text = p.nl + es[i].text
				break
			}
		}
	}
	for i := 1; i < len(es); i++ {
		if es[i].start < es[i-1].end {
			return nil, inputerr.Errorf(p.o.Path, "", 0, "the knee comment markers overlap the constraints; move them above the constraints key")
		}
	}
	out := append([]byte(nil), p.o.src...)
	for i := len(es) - 1; i >= 0; i-- {
		e := es[i]
		out = append(out[:e.start], append([]byte(e.text), out[e.end:]...)...)
	}
	return out, nil
}
