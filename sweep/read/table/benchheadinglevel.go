package table

import (
	"fmt"
	"strings"
)

// A heading that names a level ("#### Rate 4", "### Concurrency 32") sets
// the level of the result blocks under it, as a command line does: a
// guidellm or bench_serving page often prints one block per arm under each
// rate heading and the rate nowhere else. A block that prints its own
// level of the heading's kind keeps it.

// headingMark is a level heading's load kind and value; kind "" for none.
type headingMark struct {
	kind  string // "rate" or "concurrency"
	name  string // the heading's words without the number ("Rate")
	value string // the number ("4")
}

// levelHeading reads a heading naming one load level; ok is false for any
// other heading.
func levelHeading(h string) (headingMark, bool) {
	if name, level, ok := headingLevel([]string{h}); ok {
		kind := "concurrency"
		if classify(name).kind == colRequestedRate {
			kind = "rate"
		}
		return headingMark{kind: kind, name: name, value: level}, true
	}
	nums := headingNumber.FindAllStringIndex(stripMarkup(h), -1)
	if len(nums) != 1 {
		return headingMark{}, false
	}
	plain := stripMarkup(h)
	name := strings.TrimSpace(strings.Trim(strings.TrimSpace(plain[:nums[0][0]]+" "+plain[nums[0][1]:]), "=:：-–"))
	if c := classify(name); c.kind == colRequestRate && c.flavor != "achieved" {
		return headingMark{kind: "rate", name: name, value: plain[nums[0][0]:nums[0][1]]}, true
	}
	return headingMark{}, false
}

// applyHeadingLevels gives every block under a rate heading that offers no
// finite rate of its own the heading's rate, when every block sits under
// one. The blocks are then an open-loop sweep: a "Maximum request
// concurrency" that differs between two blocks of one rate is what the run
// reached, not a setting, and is read as measured.
func (b *benchScan) applyHeadingLevels() {
	b.applyConcurrencyHeadings()
	if !b.allUnderRateHeadings() {
		return
	}
	_, rate := b.loadColumns()
	if rate >= 0 && b.someFiniteRate(rate) {
		return
	}
	key := "Request rate"
	for r, mark := range b.levels {
		b.set(b.rows[r], key, strings.ReplaceAll(mark.value, ",", ""), false)
	}
	b.notes = append(b.notes, fmt.Sprintf("%s: the blocks print no offered rate; each read at the rate its heading names (%q …)", b.g.file, b.levels[0].name+" "+b.levels[0].value))
	b.observedConcurrency()
}

// applyConcurrencyHeadings gives every block under a concurrency heading
// ("## 800 concurrent requests", "### Concurrency 32") the heading's level,
// when every block sits under one and none prints a concurrency or a finite
// offered rate of its own: the page then states its load nowhere else, and
// the blocks under one heading are its arms (series, by their own headings).
func (b *benchScan) applyConcurrencyHeadings() {
	if !b.allUnderHeadingsOf("concurrency") {
		return
	}
	conc, rate := b.loadColumns()
	if rate >= 0 && b.someFiniteRate(rate) || conc >= 0 && b.someFilled(conc) {
		return
	}
	for r, mark := range b.levels {
		b.set(b.rows[r], "Maximum request concurrency", strings.ReplaceAll(mark.value, ",", ""), false)
	}
	b.notes = append(b.notes, fmt.Sprintf("%s: the blocks print no level; each read at the concurrency its heading names (%q …)", b.g.file, b.levels[0].name+" "+b.levels[0].value))
}

// someFilled: some block holds a value in column j.
func (b *benchScan) someFilled(j int) bool {
	for _, row := range b.rows {
		if v, ok := row[j]; ok && !isBlank(v) {
			return true
		}
	}
	return false
}

// allUnderHeadingsOf: there are two blocks or more, each under a level
// heading of this kind.
func (b *benchScan) allUnderHeadingsOf(kind string) bool {
	for _, mark := range b.levels {
		if mark.kind != kind {
			return false
		}
	}
	return len(b.levels) > 1
}

// allUnderRateHeadings: there are blocks, and each sits under a rate heading.
func (b *benchScan) allUnderRateHeadings() bool {
	for _, mark := range b.levels {
		if mark.kind != "rate" {
			return false
		}
	}
	return len(b.levels) > 1
}

// observedConcurrency renames the configured-concurrency column measured
// when two blocks of one heading rate print different values.
func (b *benchScan) observedConcurrency() {
	conc, _ := b.loadColumns()
	if conc < 0 {
		return
	}
	seen := map[string]string{}
	for r, mark := range b.levels {
		v := strings.TrimSpace(b.rows[r][conc])
		if prev, ok := seen[mark.value]; ok && prev != v && v != "" && prev != "" {
			old := b.g.header[conc]
			b.g.header[conc] = old + " (observed)"
			b.notes = append(b.notes, fmt.Sprintf("%s: %q differs between blocks of one offered rate: read as the concurrency the run reached, not the load", b.g.file, old))
			return
		}
		seen[mark.value] = v
	}
}
