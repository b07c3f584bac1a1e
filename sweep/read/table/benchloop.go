package table

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A sweep is often run as a shell loop and pasted with its output:
//
//	for c in 1 8 32; do
//	  vllm bench serve --model m --num-prompts 200 --max-concurrency $c
//	done
//
// then one result block per pass, none printing its level (older vLLM
// prints no "Maximum request concurrency"). The loop's values are the
// blocks' levels in order, when the loop variable is the load flag's value
// and there are exactly as many blocks without a level as values.

// shellLoop is `for VAR in v1 v2 …; do` (or with the do on the next line).
var shellLoop = regexp.MustCompile(`\bfor\s+([A-Za-z_][A-Za-z0-9_]*)\s+in\s+([^;]+?)\s*(?:;|$)`)

// loopLevels are the values of a shell loop in pre whose variable sets a
// load flag of a benchmark command in the loop, and why; false when there
// is none or a value is not a whole number of one or more.
func loopLevels(pre []string) (levels []int, why string, ok bool) {
	lines := joinContinued(pre)
	for i, l := range lines {
		m := shellLoop.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		flag, found := loopFlag(lines[i:], m[1])
		if !found {
			continue
		}
		levels, ok = wholeNumbers(strings.Fields(m[2]))
		if ok {
			return levels, fmt.Sprintf("the shell loop above runs --%s over %s, one block per value in order", flag, strings.Join(strings.Fields(m[2]), " ")), true
		}
	}
	return nil, "", false
}

// loopFlag is the load flag a benchmark command after the loop's head
// sets to the loop variable ($c, ${c}, "$c").
func loopFlag(lines []string, variable string) (string, bool) {
	for _, l := range lines {
		if !runToolCommand.MatchString(l) && !benchCommand.MatchString(l) {
			continue
		}
		fields := strings.Fields(l)
		for _, name := range runLoadFlags {
			v, ok := singleFlagValue(fields, name)
			if ok && (v == "$"+variable || v == "${"+variable+"}") {
				return name, true
			}
		}
	}
	return "", false
}

// wholeNumbers parses every field as a whole number of one or more.
func wholeNumbers(fields []string) ([]int, bool) {
	var out []int
	for _, f := range fields {
		n, err := strconv.Atoi(strings.Trim(f, `"'`))
		if err != nil || n < 1 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, len(out) >= 2
}
