package read

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"

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
// timestamp, a comment mark: lineprefix.go).
var benchBanner = regexp.MustCompile(`^(.*?)=+\s*(Serving )?Benchmark Result\s*=+\s*$`)

// benchBannerLine finds a banner on any line, for the sniff: the words alone
// ("see the Benchmark Result below") are no block.
var benchBannerLine = regexp.MustCompile(`(?m)^.*?=+\s*(Serving )?Benchmark Result\s*=+\s*$`)

// benchLine is "Key (unit):   value".
var benchLine = regexp.MustCompile(`^([A-Za-z][^:]{0,80}?):\s+(\S.*?)\s*$`)

func sniffBenchText(_ string, data []byte, _ map[string]json.RawMessage) bool {
	h := head(data)
	return !startsLikeJSON(data) && bytes.Contains(h, []byte("Benchmark Result")) && benchBannerLine.Match(h)
}

func readBenchTextOpts(path string, data []byte, opts Options) (*sweep.Sweep, error) {
	g, ok := benchBlocks(path, data)
	if !ok {
		return nil, sweep.Inputf(path, "", 0, "no serving benchmark result block (a ===== Serving Benchmark Result ===== line, then `Key: value` lines)")
	}
	return tableToSweep(g, opts.Meta)
}

// benchBlocks turns the blocks into one grid: the keys in the order first
// seen, one row per block, each row's line its banner's. The settings a
// tool prints just before its block (vLLM's "Maximum request concurrency:
// 32" above the banner, in older versions only there) belong to that block
// where the block does not give them itself.
func benchBlocks(path string, data []byte) (grid, bool) {
	g := grid{file: path}
	col := map[string]int{}
	var rows []map[int]string
	var cur map[int]string
	var prefix linePrefix
	var preamble []string // lines since the last block closed
	put := func(row map[int]string, line string, fill bool) {
		m := benchLine.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			return // a section rule (---Time to First Token---) or a blank line
		}
		key := strings.TrimSpace(m[1])
		j, seen := col[strings.ToLower(key)]
		if !seen {
			j = len(g.header)
			col[strings.ToLower(key)] = j
			g.header = append(g.header, key)
		}
		if _, has := row[j]; !has || !fill {
			row[j] = m[2]
		}
	}
	var pending [][]string    // each block's preamble, applied once the block is read
	var prefixes []linePrefix // each block's line prefix
	for i, raw := range strings.Split(string(data), "\n") {
		raw = strings.TrimRight(raw, "\r")
		if m := benchBanner.FindStringSubmatch(strings.TrimSpace(raw)); m != nil {
			prefix = prefixOf(bannerPrefix(raw))
			prefixes = append(prefixes, prefix)
			cur = map[int]string{}
			rows = append(rows, cur)
			pending = append(pending, preamble)
			preamble = nil
			g.lines = append(g.lines, i+1)
			if g.headerLine == 0 {
				g.headerLine = i + 1
			}
			continue
		}
		if cur == nil {
			preamble = append(preamble, raw)
			continue
		}
		line, ok := prefix.strip(strings.TrimLeft(raw, " \t"))
		if !ok {
			continue // other output between the block's lines
		}
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "=") && strings.Trim(line, "=") == "" {
			cur = nil // the closing rule
			continue
		}
		put(cur, line, false)
	}
	if len(rows) == 0 {
		return g, false
	}
	for r, pre := range pending {
		for _, raw := range pre {
			if line, ok := prefixes[r].strip(strings.TrimLeft(raw, " \t")); ok && preambleSetting(line) {
				put(rows[r], line, true)
			}
		}
	}
	if len(g.header) == 0 {
		return g, false
	}
	for _, r := range rows {
		row := make([]string, len(g.header))
		for j, v := range r {
			row[j] = v
		}
		g.rows = append(g.rows, row)
	}
	return g, true
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
