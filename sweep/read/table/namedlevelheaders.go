package table

import (
	"strings"
	"unicode/utf8"

	"github.com/kneetool/knee/sweep/read/vocab"
)

// A transposed table's level headers may name the load in any words the
// vocabulary reads as a concurrency ("客户端并发 1 | 客户端并发 4", "Parallel
// requests: 8"), not only the short forms levelHeader spells out. Such a
// header holds one number, and the rest of it, read as a column header,
// is a concurrency (or per-GPU concurrency): that number is the level. All
// headers of one table must name the load alike, so a row of run names that
// happen to hold a number ("Run 1", "vLLM 0.6") never turns.

// namedLevelHeader reads h as "<load words> N"; name is the load words as
// written, perGPU whether they say per GPU.
func namedLevelHeader(h string) (name, level string, perGPU, ok bool) {
	plain := stripMarkup(cleanCell(h))
	nums := headingNumber.FindAllStringIndex(plain, -1)
	if len(nums) != 1 {
		return "", "", false, false
	}
	at := nums[0]
	name = strings.TrimSpace(strings.Trim(strings.TrimSpace(plain[:at[0]]+" "+plain[at[1]:]), "=:：-–()（）"))
	if name == "" || strings.ContainsAny(name, "=()（）[]") {
		return "", "", false, false // "Before (c=1)": a series and a level, levelseries.go
	}
	if utf8.RuneCountInString(name) < 3 && vocab.IsASCII(name) {
		return "", "", false, false // "p50" is a percentile; levelHeader knows the short load marks
	}
	level = strings.ReplaceAll(plain[at[0]:at[1]], ",", "")
	kind, plural := namedLoadKind(name, level)
	if plural != "" {
		name = plural // "1 Strom" names the load as "2 Ströme" does
	}
	switch kind {
	case colConcurrency:
		return name, level, false, true
	case colPerGPU:
		return name, level, true, true
	}
	return "", "", false, false
}

// namedLoadKind is how the load words of a level header read: one of the
// load's units names the level 1 in the singular ("1 Strom", "1 stream"
// beside "2 Ströme"), read as its plural, the load.
// plural is that plural ("" when the name is read as written).
func namedLoadKind(name, level string) (colKind, string) {
	k := classify(name).kind
	if k != colIgnore || level != "1" || strings.ContainsAny(name, " \t") {
		return k, ""
	}
	p, ok := loadPlurals[strings.ToLower(name)]
	if !ok {
		p = name + "s"
	}
	return classify(p).kind, p
}

// sameLoadName: two level headers' load words name one load, as written or
// in the vocabulary's words ("Stroeme" and "ströme").
func sameLoadName(a, b string) bool {
	norm := func(s string) string { return strings.Join(strings.Fields(vocab.Translate(strings.ToLower(s))), " ") }
	return a == b || norm(a) == norm(b)
}

// loadPlurals are the plurals of a load's units not made with an s.
var loadPlurals = map[string]string{"strom": "ströme"}

// levelsInWords: every header after the first names the load in words and
// a level ("1 Concurrency", "并发 8", "users=4"), three or more, and the
// first names no load: the columns are the levels, so rows numbered in
// the first column ("GPU Quantity": 4) are configurations, not levels.
func levelsInWords(header []string) bool {
	if len(header) < 4 || loadKind(classify(header[0]).kind) {
		return false
	}
	for _, h := range header[1:] {
		if m := levelHeader.FindStringSubmatch(levelHeaderText(h)); m != nil && m[1] != "" {
			continue
		}
		if _, _, _, ok := namedLevelHeader(h); !ok {
			return false
		}
	}
	return true
}

// loadKind: a kind that is a load.
func loadKind(k colKind) bool {
	return k == colConcurrency || k == colPerGPU || k == colRequestedRate
}
