package table

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// The result blocks vLLM's `vllm bench serve` (benchmark_serving.py) and
// SGLang's bench_serving print, as people paste them into issues, one per
// level:
//
//	============ Serving Benchmark Result ============
//	Backend:                                 sglang
//	Traffic request rate:                    2.0
//	Maximum request concurrency:             64
//	Successful requests:                     996
//	Output token throughput (tok/s):         825.94
//	Mean TTFT (ms):                          2074.09
//	==================================================
//
// Each block becomes a row whose columns are its keys, and the table is read
// like any other: the keys are headers the role table knows.

// benchBanner opens a block; its words differ a little between versions
// ("Serving Benchmark Result", "Benchmark Result", "Offline Throughput").
// Whatever precedes it on its line is the block's line prefix (a log's
// timestamp, a comment mark: lineprefix.go). A harness that wraps the
// benchmark may title each block in the banner ("Serving Benchmark Result
// (30K - Conc 8)"): the title is kept as the block's "Result title", so
// that blocks of one level with different titles are told apart as series,
// never averaged as repeats.
//
// TensorRT-LLM's trtllm-bench prints its results as sections, each a title
// line between rules of "=": its "= PERFORMANCE OVERVIEW" section is the
// block (the rule right under the title opens it, not closes it), and the
// "= REQUEST DETAILS" section above it is its preamble, where it prints
// the number of requests it kept in flight.
var benchBanner = regexp.MustCompile(`^(.*?)(?:=+\s*(Serving )?Benchmark Result(?:\s*\(([^()=]*)\))?\s*=+|=\s*PERFORMANCE OVERVIEW)\s*$`)

// benchBannerLine finds a banner on any line, for the sniff: the words alone
// ("see the Benchmark Result below") are no block.
var benchBannerLine = regexp.MustCompile(`(?m)^.*?(?:=+\s*(Serving )?Benchmark Result(?:\s*\([^()=]*\))?\s*=+|=\s*PERFORMANCE OVERVIEW)\s*$`)

// benchTitleKey is the column a banner's title fills.
const benchTitleKey = "Result title"

// benchLine is "Key (unit):   value".
var benchLine = regexp.MustCompile(`^([A-Za-z][^:]{0,80}?):\s+(\S.*?)\s*$`)

// looksBenchText says whether window holds a result block's banner.
// Or guidellm's progress panel (guidellmpanel.go), the same blocks one
// per level in two lines each, a script's result boxes, one per level
// (resultboxes.go), or its plain blocks of `key: value` lines (kvblocks.go).
func looksBenchText(window []byte) bool {
	if (bytes.Contains(window, []byte("Benchmark Result")) || bytes.Contains(window, []byte("PERFORMANCE OVERVIEW"))) && benchBannerLine.Match(window) || looksGuidellmPanel(window) {
		return true
	}
	if _, ok := resultBoxesGrid("", string(window)); ok {
		return true
	}
	// Plain key-value blocks are read only where no table is: prose
	// around a table may hold such lines too.
	_, ok := keyValueBlocksGrid("", string(window))
	return ok && len(markdownTables("", window)) == 0 && !looksAligned(window)
}

func readBenchText(path string, data []byte, meta Meta) (*sweep.Sweep, error) {
	g, ok := benchBlocks(path, data)
	if !ok {
		g, ok = panelGrid(path, string(data))
	}
	if !ok {
		g, ok = resultBoxesGrid(path, string(data))
	}
	if !ok {
		g, ok = keyValueBlocksGrid(path, string(data))
	}
	if !ok {
		return nil, inputerr.Errorf(path, "", 0, "no serving benchmark result block (a ===== Serving Benchmark Result ===== line, then `Key: value` lines)")
	}
	if s, ok, err := sweepTableBesideRun(path, data, g, meta); ok {
		return s, err
	}
	return tableToSweep(g, meta)
}

// benchBlocks turns the blocks into one grid: the keys in the order first
// seen, one row per block, each row's line its banner's. The settings a
// tool prints just before its block (vLLM's "Maximum request concurrency:
// 32" above the banner, in older versions only there) belong to that block
// where the block does not give them itself.
func benchBlocks(path string, data []byte) (grid, bool) {
	b := benchScan{g: grid{file: path}, col: map[string]int{}}
	for i, raw := range strings.Split(string(data), "\n") {
		b.line(i, strings.TrimRight(raw, "\r"))
	}
	if len(b.rows) == 0 {
		return b.g, false
	}
	b.dropWarmupBlocks()
	b.applyPreambles()
	b.applyCommandLevels()
	b.applyHeadingLevels()
	b.applyWorkloads()
	b.applyHeadings()
	b.applyEngineLines()
	b.g.notes = b.notes
	if len(b.g.header) == 0 {
		return b.g, false
	}
	for _, r := range b.rows {
		row := make([]string, len(b.g.header))
		for j, v := range r {
			row[j] = v
		}
		b.g.rows = append(b.g.rows, row)
	}
	return b.g, true
}

// benchScan is benchBlocks' state over the lines.
type benchScan struct {
	g        grid
	col      map[string]int // a key's column, by its lower-cased text
	rows     []map[int]string
	cur      map[int]string // the open block's row; nil between blocks
	prefix   linePrefix
	preamble []string     // lines since the last block closed
	pending  [][]string   // each block's preamble, applied once the block is read
	prefixes []linePrefix // each block's line prefix
	notes    []string     // what the lines around the blocks said of them
	heading  string       // the last markdown heading above the open block
	headings []string     // each block's nearest heading above it
	level    headingMark  // the level the last level heading above the open block names
	// levelDepth is that heading's depth (2 for "##"): a deeper heading
	// keeps its level, one no deeper ends it.
	levelDepth int
	levels     []headingMark
	html       htmlColumns // an HTML table setting blocks side by side
	fenced     bool        // inside a code fence (``` or ~~~)
	fences     bool        // the text fences its code: a markdown page
}

// line takes source line i: a banner opens a block, a closing rule ends it,
// a key line inside fills its row, a line outside waits as preamble.
func (b *benchScan) line(i int, raw string) {
	if m := benchBanner.FindStringSubmatch(strings.TrimSpace(raw)); m != nil {
		b.prefix = prefixOf(bannerPrefix(raw))
		b.prefixes = append(b.prefixes, b.prefix)
		b.cur = map[int]string{}
		b.rows = append(b.rows, b.cur)
		b.pending = append(b.pending, b.preamble)
		b.headings = append(b.headings, b.heading)
		b.levels = append(b.levels, b.level)
		b.preamble = nil
		b.g.lines = append(b.g.lines, i+1)
		if b.g.headerLine == 0 {
			b.g.headerLine = i + 1
		}
		if title := strings.TrimSpace(m[3]); title != "" {
			b.set(b.cur, benchTitleKey, title, false)
		}
		return
	}
	if b.cur == nil {
		b.pageLine(raw)
		b.preamble = append(b.preamble, raw)
		return
	}
	line, ok := b.prefix.strip(strings.TrimLeft(raw, " \t"))
	if !ok {
		return // other output between the block's lines
	}
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "=") && strings.Trim(line, "=") == "" {
		if len(b.cur) > 0 {
			b.cur = nil // the closing rule; the one under a section's title opens it
		}
		return
	}
	b.put(b.cur, line, false)
}

// put sets a "Key: value" line's value in row; fill only fills a key the
// row does not have.
func (b *benchScan) put(row map[int]string, line string, fill bool) {
	m := benchLine.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return // a section rule (---Time to First Token---) or a blank line
	}
	b.set(row, strings.TrimSpace(m[1]), m[2], fill)
}

// set sets key's value in row, the key's column made on first sight.
func (b *benchScan) set(row map[int]string, key, value string, fill bool) {
	j, seen := b.col[strings.ToLower(key)]
	if !seen {
		j = len(b.g.header)
		b.col[strings.ToLower(key)] = j
		b.g.header = append(b.g.header, key)
	}
	if _, has := row[j]; !has || !fill {
		row[j] = value
	}
}

// applyPreambles gives each block the settings printed just above it.
func (b *benchScan) applyPreambles() {
	for r, pre := range b.pending {
		for _, raw := range pre {
			if line, ok := b.prefixes[r].strip(strings.TrimLeft(raw, " \t")); ok && preambleSetting(line) {
				b.put(b.rows[r], line, true)
			}
		}
	}
}

// preambleSetting: a line above a block is one of its settings only when
// its key is a column knee reads ("Maximum request concurrency: 32",
// "Traffic request rate: inf") or a workload or series setting. A job
// log's other "Key: value" lines ("Running: python … --request-rate 10",
// "Starting benchmark at …") differ from level to level and would be
// taken for series.
func preambleSetting(line string) bool {
	m := benchLine.FindStringSubmatch(strings.TrimSpace(line))
	if m == nil {
		return false
	}
	c := classify(m[1])
	return c.key() != "" || c.kind == colWorkload || c.kind == colSeriesLabel
}
