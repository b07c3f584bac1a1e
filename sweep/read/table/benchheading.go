package table

import "strings"

// The nearest heading above a result block names it, as a banner's title
// does ("### 4096/4096", then its blocks): when the blocks sit under
// different headings, each block without a title of its own takes its
// heading as its "Result title", so that blocks of one level under two
// headings are told apart as series, never averaged as repeats. Blocks
// all under one heading (the page's), or whose headings differ only where
// their levels do ("### conc=64"), take none. Only a markdown page's
// headings count, outside its code fences: in a log or a fenced paste a
// line starting with # is a shell comment ("# 100%|████| 32/32").
func (b *benchScan) applyHeadings() {
	if !b.fences || !b.headingsPartALevel() {
		return
	}
	for r, h := range b.headings {
		if h != "" {
			b.set(b.rows[r], benchTitleKey, h, true)
		}
	}
}

// pageLine follows a line outside the blocks: a code fence opens or
// closes, a heading outside the fences is the one above the next block.
func (b *benchScan) pageLine(raw string) {
	l := strings.TrimSpace(raw)
	if strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~") {
		b.fenced, b.fences = !b.fenced, true
		return
	}
	if b.fenced {
		return
	}
	if t := b.html.follow(l); t != "" {
		b.heading = t // an HTML table's column header names the block in its cell
		return
	}
	if t := foldTitle(raw); t != "" {
		b.heading = t // a fold's title names the blocks inside it
		return
	}
	h, depth := headingText(raw)
	if h == "" {
		return
	}
	if mark, ok := levelHeading(h); ok {
		b.level, b.levelDepth = mark, depth // a heading naming a level ("### Concurrency 32") names no series
		return
	}
	b.heading = h
	// A heading under the level's ("## 800 concurrent requests", then
	// "### KubeAI - Least Load") names an arm run at that level; one beside
	// or above it ends the level.
	if depth <= b.levelDepth {
		b.level, b.levelDepth = headingMark{}, 0
	}
}

// headingsPartALevel: two blocks of one level (the same concurrency and
// rate printed, or none) sit under different headings.
func (b *benchScan) headingsPartALevel() bool {
	conc, rate := b.loadColumns()
	cell := func(r, j int) string {
		if j < 0 {
			return ""
		}
		return b.rows[r][j]
	}
	first := map[string]string{}
	for r, h := range b.headings {
		level := cell(r, conc) + "\x00" + cell(r, rate)
		if prev, seen := first[level]; seen && prev != h {
			return true
		}
		first[level] = h
	}
	return false
}
