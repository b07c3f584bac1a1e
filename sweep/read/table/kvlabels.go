package table

import (
	"regexp"
	"strings"
)

// A script may name each run on a line of its own before the run's
// blocks: "Scenario: Text Generation, Concurrency: 1", "Model: llama-8b,
// users=16". The text value names the curve, a number the level; the
// blocks under the line, up to the next such line, carry the curve's name,
// so levels repeated across runs are told apart as curves, not averaged as
// repeats (labelsDiffer decides that they are curves: each named over two
// blocks or more).

// runNameLine is such a line: a key, its text value, then a key and a
// number.
var runNameLine = regexp.MustCompile(`^([\pL][\pL _-]{0,30}?)\s*[:=]\s*([^,:=]*\pL[^,:=]*?)\s*[,;]\s*[\pL][\pL _-]{0,30}?\s*[:=]\s*\d`)

// runName is the curve a run-naming line names, and its key; ok is false
// for any other line, and for a key that is a metric or a load ("TTFT:
// fast, …").
func runName(line string) (key, name string, ok bool) {
	m := runNameLine.FindStringSubmatch(strings.Trim(line, kvDecoration))
	if m == nil {
		return "", "", false
	}
	c := classify(m[1])
	if c.key() != "" && !labelKind(c.kind) || isLoadKind(c.kind) {
		return "", "", false
	}
	return strings.TrimSpace(m[1]), strings.TrimSpace(m[2]), true
}
