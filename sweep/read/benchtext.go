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
var benchBanner = regexp.MustCompile(`^=+\s*(Serving )?Benchmark Result\s*=+$`)

// benchBannerLine finds a banner on any line, for the sniff: the words alone
// ("see the Benchmark Result below") are no block.
var benchBannerLine = regexp.MustCompile(`(?m)^\s*=+\s*(Serving )?Benchmark Result\s*=+\s*$`)

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
// seen, one row per block, each row's line its banner's.
func benchBlocks(path string, data []byte) (grid, bool) {
	g := grid{file: path}
	col := map[string]int{}
	var rows []map[int]string
	var cur map[int]string
	for i, raw := range strings.Split(string(data), "\n") {
		line := strings.TrimSpace(strings.TrimRight(raw, "\r"))
		switch {
		case benchBanner.MatchString(line):
			cur = map[int]string{}
			rows = append(rows, cur)
			g.lines = append(g.lines, i+1)
			if g.headerLine == 0 {
				g.headerLine = i + 1
			}
			continue
		case cur == nil:
			continue
		case strings.HasPrefix(line, "=") && strings.Trim(line, "=") == "":
			cur = nil // the closing rule
			continue
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue // a section rule (---Time to First Token---) or a blank line
		}
		key := strings.TrimSpace(m[1])
		j, seen := col[strings.ToLower(key)]
		if !seen {
			j = len(g.header)
			col[strings.ToLower(key)] = j
			g.header = append(g.header, key)
		}
		cur[j] = m[2]
	}
	if len(rows) == 0 || len(g.header) == 0 {
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
