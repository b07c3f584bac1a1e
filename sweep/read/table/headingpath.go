package table

import "strings"

// The headings above a pasted table, as a path: a heading of level L
// replaces those of level L and deeper (a bold line is the deepest). Each
// keeps the prose written under it: what a section says of all its tables
// ("## TTFT (ms)", then "Median of the three runs' median TTFT", then a
// table per workload) is said of the last of them as of the first.

// maxLead bounds the prose kept under one heading: a section's lead, not
// the page.
const maxLead = 600

type heading struct {
	level int
	text  string
	lead  string
}

type headingPath []heading

// take reads one line: a heading enters the path, a line of prose is kept
// under the innermost heading; a table row is neither.
func (p *headingPath) take(line string) {
	if h, lv := headingText(line); h != "" {
		for len(*p) > 0 && (*p)[len(*p)-1].level >= lv {
			*p = (*p)[:len(*p)-1]
		}
		*p = append(*p, heading{level: lv, text: h})
		return
	}
	l := strings.TrimSpace(line)
	if len(*p) == 0 || l == "" || strings.Contains(l, "|") {
		return
	}
	last := &(*p)[len(*p)-1]
	if len(last.lead)+len(l) < maxLead {
		last.lead += "\n" + l
	}
}

// titles are the path's headings, outermost first.
func (p headingPath) titles() []string {
	var out []string
	for _, h := range p {
		out = append(out, h.text)
	}
	return out
}

// leads is the prose under the path's headings, outermost first.
func (p headingPath) leads() string {
	var b strings.Builder
	for _, h := range p {
		b.WriteString(h.lead)
	}
	return b.String()
}
