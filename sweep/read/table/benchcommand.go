package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A command line above a result block sets the block's level with the
// tool's own defaults. vLLM's benchmark (vllm bench serve,
// benchmark_serving.py) and SGLang's bench_serving send requests at
// --request-rate, infinite unless given, holding at most --max-concurrency
// in flight, unbounded unless given: so --num-prompts N with neither puts
// all N in flight at once, a closed level of concurrency N. A block that
// prints its own level (Maximum request concurrency) or a finite rate
// keeps it; a command whose values are shell variables ($c) says nothing.

// benchCommand is a command line of the tools whose blocks these are.
var benchCommand = regexp.MustCompile(`\bvllm\s+bench\s+serve\b|\bbenchmark_serving\.py\b|\bsglang\.bench_serving\b|\bbench_serving\.py\b`)

// commandLevel is the level the last command line in pre (a block's
// preamble, continuation lines joined) sets, and why; ok is false when
// there is none or it sets none.
func commandLevel(pre []string) (level int, why string, ok bool) {
	cmd := lastBenchCommand(pre)
	if cmd == "" {
		return 0, "", false
	}
	flags := commandFlags(cmd)
	if v, given := flags["max-concurrency"]; given {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return 0, "", false
		}
		return n, fmt.Sprintf("the command line above it says --max-concurrency %d", n), true
	}
	if rate, given := flags["request-rate"]; given && !infiniteRate(rate) {
		return 0, "", false // an open-loop level: its rate, not a concurrency
	}
	n, err := strconv.Atoi(flags["num-prompts"])
	if err != nil || n < 1 {
		return 0, "", false
	}
	return n, fmt.Sprintf("the command line above it sends --num-prompts %d with no --max-concurrency at the default infinite request rate: all %d requests in flight at once", n, n), true
}

// joinContinued joins shell lines continued with a trailing backslash.
func joinContinued(lines []string) []string {
	var out []string
	cur := ""
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasSuffix(t, `\`) {
			cur += strings.TrimSuffix(t, `\`) + " "
			continue
		}
		out = append(out, cur+t)
		cur = ""
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// commandFlags reads a command line's --name value and --name=value
// flags, names with - for _ (both spellings are accepted by the tools).
func commandFlags(cmd string) map[string]string {
	flags := map[string]string{}
	f := strings.Fields(cmd)
	for i, tok := range f {
		if !strings.HasPrefix(tok, "--") {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimPrefix(tok, "--"), "=")
		if !hasVal && i+1 < len(f) && !strings.HasPrefix(f[i+1], "--") {
			val = f[i+1]
		}
		flags[strings.ReplaceAll(name, "_", "-")] = strings.Trim(val, `"'`)
	}
	return flags
}

// infiniteRate: the rate a tool reads as no limit.
func infiniteRate(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "inf", "infinity", "+inf":
		return true
	}
	return false
}

// applyCommandLevels gives each block without a level of its own the one
// its command line sets, in the column the other blocks print theirs in,
// and notes it. In a sweep of offered rates the infinite-rate block is the
// sweep's last stage, placed like the others by Little's law (its mean in
// flight), not by the burst it started with: the blocks are left as they
// are.
func (b *benchScan) applyCommandLevels() {
	conc, rate := b.loadColumns()
	if rate >= 0 && b.someFiniteRate(rate) {
		return
	}
	for r, pre := range b.pending {
		if conc >= 0 && !isBlank(b.rows[r][conc]) {
			continue
		}
		level, why, ok := commandLevel(pre)
		if !ok {
			continue
		}
		if conc < 0 {
			b.set(b.rows[r], "Maximum request concurrency", "", true)
			conc = b.col["maximum request concurrency"]
		}
		b.rows[r][conc] = strconv.Itoa(level)
		b.notes = append(b.notes, fmt.Sprintf("%s:%d: the block prints no level; read as concurrency %d: %s", b.g.file, b.g.lines[r], level, why))
	}
	b.applyLoopLevels(conc)
}

// applyLoopLevels gives the blocks the values of the shell loop above the
// first of them (benchloop.go) when no block has a level and there are as
// many blocks as values.
func (b *benchScan) applyLoopLevels(conc int) {
	if conc >= 0 || len(b.pending) == 0 {
		return // some block has a level: the loop is not read against them
	}
	levels, why, ok := loopLevels(b.pending[0])
	if !ok || len(levels) != len(b.rows) {
		return
	}
	for r, level := range levels {
		b.set(b.rows[r], "Maximum request concurrency", strconv.Itoa(level), false)
		b.notes = append(b.notes, fmt.Sprintf("%s:%d: the block prints no level; read as concurrency %d: %s", b.g.file, b.g.lines[r], level, why))
	}
}

// someFiniteRate: a block offered a finite request rate (column rate).
func (b *benchScan) someFiniteRate(rate int) bool {
	for _, row := range b.rows {
		if v := row[rate]; !isBlank(v) && !infiniteRate(v) {
			return true
		}
	}
	return false
}

// loadColumns are the first column of the blocks' keys that states a
// configured concurrency and the first that states an offered rate; -1
// for none.
func (b *benchScan) loadColumns() (conc, rate int) {
	conc, rate = -1, -1
	for j, h := range b.g.header {
		c := classify(h)
		switch {
		case c.kind == colConcurrency && c.flavor == "configured" && conc < 0:
			conc = j
		case c.kind == colRequestRate && c.flavor == "requested" && rate < 0:
			rate = j
		}
	}
	return conc, rate
}
