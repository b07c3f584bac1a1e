package table

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// A script's log often prints each level as a block of "Key: value" lines
// with no banner a tool owns:
//
//	=== Concurrency: 16 ===
//	Throughput: 900 tok/s
//	TTFT p99: 90 ms
//
// or "Running with concurrency=16" above indented "output throughput:
// 900.0 tokens/s" lines. Read as vLLM's result blocks are: one row per
// block, its keys the headers, the level a key of the block or the load
// marker of the line right above it (labelloads.go). Blocks are told apart
// by blank lines or the lines between them; two or more blocks, each with
// a level and a token rate, are a sweep. A block of keys with no level is
// the run's settings, and is left out.

// kvPair is one "key: value" or "key = value" line; decorations around a
// title line ("=== Concurrency: 16 ===", "- key: v") are trimmed first.
var kvPair = regexp.MustCompile(`^([^:=]{1,60}?)\s*[:=]\s*(\S.{0,60}?)$`)

// kvDecoration trims rules and bullets around a key-value line.
const kvDecoration = "=#-*•>|[] \t"

// kvBlock is one block's pairs in order, and the line above it.
type kvBlock struct {
	keys   []string
	values map[string]string
	line   int
	title  string
	// last is the block's last line; banner is set for a block that is
	// one line of several pairs ("=== VLLM c=1 rep=1 ===", kvinline.go).
	last   int
	banner bool
	// warmup is set for a block a line above it calls the warm-up
	// ("warmup..." printed before the first level): no level of the sweep.
	warmup bool
	// label is a banner's words besides its pairs (resultlines.go), or
	// the run a line above names (kvlabels.go), under labelKey.
	label, labelKey string
}

// add puts a line's pairs into the block, the line its last.
func (b *kvBlock) add(pairs [][2]string, line int) {
	b.last = line
	for _, p := range pairs {
		if _, seen := b.values[p[0]]; !seen {
			b.keys = append(b.keys, p[0])
		}
		b.values[p[0]] = p[1]
	}
}

// keyValueBlocksGrid reads a text's key-value blocks as a grid; false
// unless two or more blocks each give a level and a token rate.
func keyValueBlocksGrid(path, text string) (grid, bool) {
	var sc kvScan
	for i, raw := range strings.Split(text, "\n") {
		rp := resultLinePairs(raw)
		if rp != nil && sc.cur != nil && !sc.cur.banner {
			sc.cur.add(rp, i+1)
			continue
		}
		pairs, result, title := linePairs(raw, rp)
		if title != "" {
			sc.cur, sc.prev = nil, title
		}
		if pairs == nil {
			sc.cur = nil
			sc.textLine(strings.TrimSpace(raw))
			continue
		}
		banner := len(pairs) > 1 && !result
		if sc.cur == nil || banner || sc.cur.banner { // a line of pairs is a block of its own (kvinline.go)
			sc.open(raw, i+1, banner)
		}
		sc.cur.add(pairs, i+1)
	}
	return kvGrid(path, mergeContinued(sc.blocks))
}

// kvScan is keyValueBlocksGrid's state: the blocks so far, the one open,
// the last line of text above it, whether a line called the next block
// the warm-up, and the key and name of the run a line above names
// (kvlabels.go).
type kvScan struct {
	blocks []kvBlock
	cur    *kvBlock
	prev   string
	warm   bool
	run    [2]string
}

// textLine notes a line that holds no pairs: a title for the next block,
// a warm-up line, a line naming a run.
func (sc *kvScan) textLine(t string) {
	if t == "" || decorationOnly(t) {
		return
	}
	sc.prev = t
	sc.warm = sc.warm || warmupLine.MatchString(t)
	if k, n, ok := runName(t); ok {
		sc.run = [2]string{k, n}
	}
}

// open starts a block at line (raw as written), a banner or not.
func (sc *kvScan) open(raw string, line int, banner bool) {
	b := kvBlock{values: map[string]string{}, line: line, title: sc.prev, banner: banner, warmup: sc.warm}
	if b.banner {
		b.label = bannerLabel(raw)
		// "N=2 warmup 0: …": the banner itself says its run warms up.
		b.warmup = b.warmup || warmupLine.MatchString(b.label)
	} else if sc.run[1] != "" {
		b.labelKey, b.label = sc.run[0], sc.run[1]
	}
	sc.blocks = append(sc.blocks, b)
	sc.cur = &sc.blocks[len(sc.blocks)-1]
	sc.prev, sc.warm = "", false
}

// linePairs are a line's pairs: several "key=value" (a banner), one "key:
// value" (a key that opens with its level gives that level as title), or a
// result line's, rp (result true, resultlines.go); nil for none.
func linePairs(raw string, rp [][2]string) (pairs [][2]string, result bool, title string) {
	pairs = inlinePairs(raw)
	if k, v, ok := kvLineOf(raw); ok && pairs == nil {
		if t, rest, lead := leadingLevelKey(k); lead {
			title, k = t, rest
		}
		pairs = [][2]string{{k, v}}
	}
	if rp != nil && len(pairs) <= 1 {
		return rp, true, title
	}
	return pairs, false, title
}

// kvLineOf is a line's key and value, when the value is a number (with its
// unit) and the key names something.
func kvLineOf(raw string) (string, string, bool) {
	m := kvPair.FindStringSubmatch(strings.Trim(raw, kvDecoration))
	if m == nil {
		return "", "", false
	}
	k, v := strings.Trim(m[1], kvDecoration), strings.TrimRight(strings.Trim(m[2], kvDecoration), ",;")
	if _, ok, err := parseCell(cleanCell(v)); k == "" || !ok || err != nil {
		return "", "", false
	}
	// "Running with concurrency=16": a sentence ending in the load's
	// marker sets the level; the key is the marker's word.
	if lm := labelLoad.FindStringSubmatch(k + "=" + v); lm != nil && strings.HasSuffix(strings.ToLower(k), strings.ToLower(lm[2])) && k != lm[2] {
		return lm[2], v, true
	}
	return k, v, true
}

// kvGrid is one row per block that gives a level and a token rate.
func kvGrid(path string, blocks []kvBlock) (grid, bool) {
	g := grid{file: path}
	col := map[string]int{}
	const fromTitle = "concurrency (in the line above)"
	n := 0
	var warmups []int
	runs := labelsDiffer(blocks)
	runKey := "run"
	if labelsNameRepeats(blocks) {
		runKey = "repeat" // "round 0", "round 1": one run's repeats (roles.go)
	}
	for _, b := range blocks {
		level, hasLevel, rate := blockLevelAndRate(b)
		if !hasLevel || !rate {
			continue
		}
		if b.warmup {
			warmups = append(warmups, b.line)
			continue
		}
		row := map[int]string{}
		if level != "" {
			row[kvColumn(&g, col, fromTitle)] = level
		}
		if runs {
			row[kvColumn(&g, col, cmp.Or(b.labelKey, runKey))] = b.label
		}
		measured := measuredConcurrencyKey(b)
		for _, k := range b.keys {
			name := k
			if k == measured {
				name = "Achieved " + k // the level is the title's
			}
			row[kvColumn(&g, col, name)] = b.values[k]
		}
		cells := make([]string, len(g.header))
		for j, v := range row {
			cells[j] = v
		}
		g.rows = append(g.rows, cells)
		g.lines = append(g.lines, b.line)
		n++
	}
	if n < 2 {
		return grid{}, false
	}
	for r := range g.rows {
		for len(g.rows[r]) < len(g.header) {
			g.rows[r] = append(g.rows[r], "")
		}
	}
	g.headerLine = g.lines[0]
	g.notes = []string{fmt.Sprintf("%s: read %d blocks of `key: value` lines as one row each, their keys as the columns", path, n)}
	for _, line := range warmups {
		g.notes = append(g.notes, fmt.Sprintf("%s:%d: the block after a line that says warm-up is the warm-up run, no level of the sweep: set aside", path, line))
	}
	return g, true
}

// kvColumn is key's column in g, added on first sight.
func kvColumn(g *grid, col map[string]int, key string) int {
	if j, ok := col[key]; ok {
		return j
	}
	col[key] = len(g.header)
	g.header = append(g.header, key)
	return col[key]
}

// warmupLine is a line a script prints before its warm-up run: "warmup...",
// "Warming up", "[warm-up]".
var warmupLine = regexp.MustCompile(`(?i)^\W*(warm[- ]?up|warming[- ]up|预热)\b`)

// blockLevelAndRate says whether block b gives a level (a key of its own,
// else its title's, returned as level) and a token rate.
func blockLevelAndRate(b kvBlock) (level string, hasLevel, rate bool) {
	for _, k := range b.keys {
		switch classify(k).kind {
		case colConcurrency, colPerGPU, colRequestedRate:
			hasLevel = hasLevel || measuredConcurrencyKey(b) != k
		case colThroughput, colThroughputPerGPU, colOtherTokRate:
			rate = true
		}
	}
	if !hasLevel {
		level, hasLevel = blockTitleLevel(b.title)
	}
	return level, hasLevel, rate
}

// measuredConcurrencyKey is the block's key that counts the requests in
// flight as the run measured them (SGLang's "Concurrency: 21.73", a
// fraction) when the block's title sets its level ("run 1/2 c=32"): the
// title's level is the one set, the key what the run achieved. "" when
// there is no such key or the title sets no level.
func measuredConcurrencyKey(b kvBlock) string {
	if _, ok := blockTitleLevel(b.title); !ok {
		return ""
	}
	for _, k := range b.keys {
		if classify(k).kind != colConcurrency {
			continue
		}
		if v, err := strconv.ParseFloat(strings.TrimSpace(b.values[k]), 64); err == nil && v != math.Trunc(v) {
			return k
		}
	}
	return ""
}

// labelsDiffer: the blocks' banners name two runs or more, each over two
// blocks or more (a curve has levels; a label of one block is that block's
// own, a time or a note) (resultlines.go).
func labelsDiffer(blocks []kvBlock) bool {
	seen := map[string]int{}
	for _, b := range blocks {
		if b.label != "" {
			seen[b.label]++
		}
	}
	for _, n := range seen {
		if n < 2 {
			return false
		}
	}
	return len(seen) >= 2
}

// labelsNameRepeats: the banners' labels differ only in a repetition's
// number ("round 0", "round 1", "run 2"): the blocks are repeats of one
// run at each level, not runs of their own.
func labelsNameRepeats(blocks []kvBlock) bool {
	bare := ""
	for _, b := range blocks {
		if b.warmup || b.label == "" {
			continue
		}
		l := strings.ToLower(b.label)
		r := repeatMark.ReplaceAllString(l, "_")
		if r == l || bare != "" && r != bare {
			return false
		}
		bare = r
	}
	return bare != ""
}
